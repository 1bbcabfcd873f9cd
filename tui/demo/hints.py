"""Annotation sets in their wire form (camelCase), shared by the static definitions and resolution."""

from __future__ import annotations

from typing import Any

Annotations = dict[str, Any]


def hints(*, read_only: bool, destructive: bool, idempotent: bool, open_world: bool) -> Annotations:
    """All four hints stated explicitly, so no client has to fall back to a spec default."""
    return {
        "readOnlyHint": read_only,
        "destructiveHint": destructive,
        "idempotentHint": idempotent,
        "openWorldHint": open_world,
    }


# One name per grade, closed world unless the name says otherwise.
READ = hints(read_only=True, destructive=False, idempotent=True, open_world=False)
READ_OPEN = hints(read_only=True, destructive=False, idempotent=True, open_world=True)
ADD = hints(read_only=False, destructive=False, idempotent=False, open_world=False)
DESTROY = hints(read_only=False, destructive=True, idempotent=True, open_world=False)
DESTROY_ONCE = hints(read_only=False, destructive=True, idempotent=False, open_world=False)
"""Destructive and not idempotent: the worst case of a closed-world tool."""
