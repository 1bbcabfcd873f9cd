"""An in-process server speaking the tool-resolution extension, answering whatever a test tells it to.

The negotiation is the real one: the server advertises ``capabilities.extensions[ID]`` (with the settings
the test gives), and marks ``files`` in tools/list only when the request advertises the extension (at
initialize on legacy connections, in the request's ``_meta`` on 2026 ones). Every tools/resolve request
is recorded with the capabilities it carried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from misbehaving.servers import BY_ACTION, FILES_STATIC, ResolveRequestParams, tool

ID = "io.modelcontextprotocol/tool-resolution"

Answer = Callable[[str, dict[str, Any]], Any]


def complete(name: str, annotations: dict[str, Any]) -> dict[str, Any]:
    """A well-formed extension answer."""
    return {"resultType": "complete", "name": name, "annotations": annotations}


FULL: dict[str, dict[str, bool]] = {
    "read": {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False},
    "append": {
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    },
    "delete": {
        "readOnlyHint": False,
        "destructiveHint": True,
        "idempotentHint": True,
        "openWorldHint": False,
    },
}
"""All four hints per action, within the bounds of FILES_STATIC (destructive, idempotent, closed world)."""


def by_action(name: str, arguments: dict[str, Any]) -> Any:
    return complete(name, FULL[arguments["action"]])


def advertised(ctx: ServerRequestContext[Any, Any]) -> bool:
    """Did the client advertise the extension for this request (2026) or at initialize (legacy)?"""
    if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
        meta = (ctx.params or {}).get("_meta") or {}
        extensions = (meta.get(types.CLIENT_CAPABILITIES_META_KEY) or {}).get("extensions") or {}
    else:
        capabilities = ctx.session.client_capabilities
        extensions = (capabilities.extensions if capabilities else None) or {}
    return extensions.get(ID) == {}


@dataclass
class ExtensionServer:
    answer: Answer = by_action
    static: dict[str, Any] | None = field(default_factory=lambda: dict(FILES_STATIC))
    settings: dict[str, Any] = field(default_factory=dict)
    seen: list[dict[str, Any]] = field(default_factory=list)
    """Every tools/resolve request: its arguments and whether it advertised the extension."""

    def build(self) -> Server[Any]:
        tools = [tool("files", self.static), tool("plain", {"readOnlyHint": True})]

        async def list_tools(
            ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
        ) -> types.ListToolsResult:
            return types.ListToolsResult(tools=tools)

        async def resolve(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
            self.seen.append({"arguments": dict(params.arguments), "advertised": advertised(ctx)})
            return self.answer(params.name, params.arguments)

        server: Server[Any] = Server("extension", on_list_tools=list_tools)
        server.add_request_handler("tools/resolve", ResolveRequestParams, resolve)
        server.middleware.append(self._negotiate)
        return server

    async def _negotiate(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        if not isinstance(result, dict):
            return result
        if ctx.method in ("initialize", "server/discover"):
            result.setdefault("capabilities", {}).setdefault("extensions", {})[ID] = self.settings
        if ctx.method == "tools/list" and advertised(ctx):
            for entry in result.get("tools", []):
                if entry.get("name") == "files":
                    entry.setdefault("_meta", {})[ID] = {"resolvable": True}
        return result


__all__ = ["BY_ACTION", "FULL", "ExtensionServer", "by_action", "complete"]
