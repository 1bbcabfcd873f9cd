"""Middleware that puts the draft resolve flags on the wire.

The SDK's models drop fields they do not know, so `capabilities.tools.resolve` and the per-tool
`resolve` / `dynamicAnnotations` flags cannot be set on the typed results. A middleware sees the
serialized dict after the SDK has shaped it, and adds them there.
"""

from __future__ import annotations

from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext

from tui.demo.registry import RESOLVABLE
from tui.demo.spec import RESOLVE_FLAGS

CAPABILITY_METHODS = ("initialize", "server/discover")


async def advertise_resolve(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    result = await call_next(ctx)
    if not isinstance(result, dict):
        return result
    if ctx.method in CAPABILITY_METHODS and isinstance(result.get("capabilities"), dict):
        capabilities = dict(result["capabilities"])
        capabilities["tools"] = {**capabilities.get("tools", {}), **RESOLVE_FLAGS}
        return {**result, "capabilities": capabilities}
    if ctx.method == "tools/list" and isinstance(result.get("tools"), list):
        tools = [{**t, **RESOLVE_FLAGS} if t.get("name") in RESOLVABLE else t for t in result["tools"]]
        return {**result, "tools": tools}
    return result
