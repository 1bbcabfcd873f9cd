"""Every place mcp-tui reaches a private name of pydantic: this module and no other.

It lives with the value types (not with the client) because the demo server, which may import only
``tui.model``, loads the SDK the same way as the client. The function says which private name it touches,
why there is no public way, and what to check when pydantic is upgraded; ``tests/client/test_sdk_canary.py``
exercises it against the installed pydantic, and ``tests/test_private_access.py`` fails if any other module
of ``tui`` reaches a private pydantic name.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_ASKED = "_defer_build"
"""What a new ``TypeAdapter`` asks to know whether to build its validator now (pydantic 2.10 to 2.14)."""


@contextmanager
def type_adapters_deferred() -> Iterator[bool]:
    """Within this block, every new ``TypeAdapter`` defers building its validator until first used.

    Yields whether it could: False on a pydantic release without the private name, where adapters build
    at once as usual (only slower; nothing depends on the deferral for correctness).

    Touches ``TypeAdapter._defer_build``, the property a new adapter reads to decide whether to build
    now; within the block it answers yes, as if the adapter had been given ``config={"defer_build":
    True}``. That config is pydantic's public way, but pydantic refuses a config for a model type and the
    SDK's module-level adapters (the message unions) pass none, so there is no public way to defer them.
    On upgrade: ``TypeAdapter`` still has a ``_defer_build`` property, and an adapter made within the
    block is not ``pydantic_complete`` until first used (the canary checks both).
    """
    from pydantic import TypeAdapter

    asked = TypeAdapter.__dict__.get(_ASKED)
    if not isinstance(asked, property):
        yield False
        return
    setattr(TypeAdapter, _ASKED, property(lambda _adapter: True))
    try:
        yield True
    finally:
        setattr(TypeAdapter, _ASKED, asked)
