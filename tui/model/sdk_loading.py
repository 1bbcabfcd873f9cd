"""Loading the mcp SDK with its pydantic models and type adapters built on first use, not at import.

``import mcp`` creates the models of two protocol versions, and pydantic builds a validator and a
serializer for each as its class is created: most of the SDK's half second of import. A session uses a
few dozen of them. Pydantic's documented ``defer_build`` setting builds a model when it is first used
instead; the SDK does not set it, so ``models_built_on_first_use`` sets it on ``BaseModel``'s config while
the SDK imports. Measured: about 90 ms less CPU for the import, about 10 ms more for the first connection
and listing, which build the models they use.

The SDK also makes about fifteen module-level ``TypeAdapter``s (the message unions of both sides, the
server's handlers), built at once as well: another 250 million instructions of a cold ``mcp-tui tools``
(callgrind, 9% of it). A client uses two or three of them. ``TypeAdapter(..., config={"defer_build":
True})`` is pydantic's documented way to defer one, but it refuses a config for a model type and the SDK
passes none; so within the block every new adapter is deferred through pydantic's private
``_defer_build`` (``pydantic_internals``): where a pydantic release lacks it, only the models defer
(tests/core/test_sdk_loading.py says which happened).

What it reaches: a class takes a copy of its bases' config, so every model class created while the block
runs (on any thread) defers, and so does any later subclass of one of them (``ExtTool`` of the SDK's
``Tool``, say). Other classes and adapters created afterwards build at once as usual. Deferred models are
built under pydantic's own rebuild lock (pydantic 2.14 and later, hence the floor in pyproject.toml);
adapters have no such lock, and the app uses the SDK from one thread.

The client session loads the SDK this way, and so does the demo server, which boots while the client
loads. Nothing depends on it for correctness: a model or adapter not deferred is only built sooner.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tui.model.pydantic_internals import type_adapters_deferred

_changing = threading.RLock()  # re-entrant: a nested block finds the setting made and leaves it


@contextmanager
def models_built_on_first_use() -> Iterator[None]:
    """Within this block, every new pydantic model class and type adapter defers building its validator."""
    from pydantic import BaseModel

    with _changing:
        config = BaseModel.model_config
        if "defer_build" in config:  # someone chose already: theirs stands
            yield
            return
        config["defer_build"] = True
        try:
            with type_adapters_deferred():
                yield
        finally:
            del config["defer_build"]
