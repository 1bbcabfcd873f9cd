"""A low-level server that sends exactly what a test asks for (results the SDK would reject, logs, ...)."""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server

SCHEMA = {"type": "object", "properties": {"count": {"type": "integer"}}, "required": ["count"]}


class ResolveParams(types.RequestParams):
    name: str
    arguments: dict[str, Any] = {}


def build(results: dict[str, dict[str, Any]]) -> Server[Any]:
    """Tool ``name`` answers ``results[name]`` (a CallToolResult wire dict) verbatim.

    Every tool declares the output schema ``SCHEMA``; ``logs`` sends a log message first.
    """
    tools = [types.Tool(name=name, input_schema={"type": "object"}, output_schema=SCHEMA) for name in results]

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(
        ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        if params.name == "logs":
            await ctx.session.send_log_message(
                level="warning", data={"disk": "almost full"}, logger="storage"
            )
        return types.CallToolResult.model_validate(results[params.name])

    async def resolve(ctx: ServerRequestContext[Any, Any], params: ResolveParams) -> dict[str, Any]:
        return {
            "tool": {
                "name": params.name,
                "inputSchema": {"type": "object"},
                "annotations": {"readOnlyHint": True},
            }
        }

    server: Server[Any] = Server("lowlevel-test", on_list_tools=list_tools, on_call_tool=call_tool)
    server.add_request_handler("tools/resolve", ResolveParams, resolve)

    async def flags(ctx: ServerRequestContext[Any, Any], call_next: Any) -> Any:
        result = await call_next(ctx)
        if isinstance(result, dict) and ctx.method in ("initialize", "server/discover"):
            result.setdefault("capabilities", {}).setdefault("tools", {})["resolve"] = True
        return result

    server.middleware.append(flags)
    return server
