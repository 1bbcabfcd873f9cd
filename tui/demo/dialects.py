"""The three resolution dialects the demo speaks, and how a request says it speaks the extension.

- the official extension ``io.modelcontextprotocol/tool-resolution``: negotiated per request, tool marker
  ``_meta[ID].resolvable``, ``tools/resolve`` answered with ``{resultType, name, annotations}``;
- SEP-1862: tool flag ``resolve: true``, ``tools/resolve`` answered with ``{tool}``;
- the earlier draft: tool flag ``dynamicAnnotations: true``, ``tools/annotations`` -> ``{annotations}``.
"""

from __future__ import annotations

from typing import Any, Final

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

EXTENSION: Final = "io.modelcontextprotocol/tool-resolution"
SEP_1862: Final = "tools/resolve"
DYNAMIC: Final = "tools/annotations"
ALL = frozenset({EXTENSION, SEP_1862, DYNAMIC})

SEED_FLAGS: dict[str, str] = {SEP_1862: "resolve", DYNAMIC: "dynamicAnnotations"}
"""The per-tool flag of each seed dialect."""


def client_speaks_extension(ctx: ServerRequestContext[Any, Any]) -> bool:
    """Did this request advertise the extension (with the empty settings this revision defines)?

    On 2026-07-28 the client's capabilities travel in each request's ``_meta`` and only that request
    counts; on a legacy connection they were declared once, at ``initialize``.
    """
    if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
        meta = (ctx.params or {}).get("_meta")
        declared = meta.get(types.CLIENT_CAPABILITIES_META_KEY) if isinstance(meta, dict) else None
        extensions = declared.get("extensions") if isinstance(declared, dict) else None
    else:
        capabilities = ctx.session.client_capabilities
        extensions = capabilities.extensions if capabilities is not None else None
    return isinstance(extensions, dict) and extensions.get(EXTENSION) == {}
