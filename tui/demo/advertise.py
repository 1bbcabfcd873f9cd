"""Middleware that puts the resolution dialects on the wire.

The SDK's models drop fields they do not know, so `capabilities.tools.resolve`, the per-tool
`resolve` / `dynamicAnnotations` flags and the extension's capability cannot be set on the typed results.
A middleware sees the serialized dict after the SDK has shaped it, and adds them there. The extension's
per-tool marker goes out only when the request advertises the extension (the extension's own rule).
"""

from __future__ import annotations

from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext

from tui.demo.dialects import EXTENSION, client_speaks_extension
from tui.demo.registry import BY_NAME
from tui.demo.spec import RESOLVE_FLAGS

CAPABILITY_METHODS = ("initialize", "server/discover")


async def advertise_resolve(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    result = await call_next(ctx)
    if not isinstance(result, dict):
        return result
    if ctx.method in CAPABILITY_METHODS and isinstance(result.get("capabilities"), dict):
        capabilities = dict(result["capabilities"])
        capabilities["tools"] = {**capabilities.get("tools", {}), **RESOLVE_FLAGS}
        capabilities["extensions"] = {**capabilities.get("extensions", {}), EXTENSION: {}}
        return {**result, "capabilities": capabilities}
    if ctx.method == "tools/list" and isinstance(result.get("tools"), list):
        marks = client_speaks_extension(ctx)
        return {**result, "tools": [_flagged(tool, marks) for tool in result["tools"]]}
    return result


def _flagged(tool: dict[str, Any], marks: bool) -> dict[str, Any]:
    demo = BY_NAME.get(tool.get("name", ""))
    if demo is None or not demo.resolvable:
        return tool
    flagged = {**tool, **demo.seed_flags()}
    if marks and EXTENSION in demo.dialects:
        flagged["_meta"] = {**tool.get("_meta", {}), EXTENSION: {"resolvable": True}}
    return flagged
