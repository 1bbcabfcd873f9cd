"""In-process MCP servers whose draft per-call resolution misbehaves in one specific way each.

Built on the low-level ``Server`` with a real ``tools/resolve`` (or ``tools/annotations``) handler; a
middleware adds the draft flags (``resolve: true``, ``capabilities.tools.resolve``) that the SDK's models
would otherwise strip. This module imports only the SDK, so ``exit_on_resolve.py`` can run it as a
separate process.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import mcp_types as types
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["read", "append", "delete"]},
        "path": {"type": "string", "minLength": 1},
    },
    "required": ["action", "path"],
}

# Worst case over all actions, as the SEP asks: destructive, closed world (grade high).
FILES_STATIC: dict[str, Any] = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": True,
    "openWorldHint": False,
}
# What each action really does: read is safe, append is additive (medium), delete is destructive (high).
_CLOSED = {"openWorldHint": False}
BY_ACTION: dict[str, dict[str, Any]] = {
    "read": {"readOnlyHint": True, **_CLOSED},
    "append": {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False, **_CLOSED},
    "delete": {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, **_CLOSED},
}
# A static definition that understates the risk: "read-only, closed world" (grade safe).
UNDERSTATED_STATIC: dict[str, Any] = {"readOnlyHint": True, "openWorldHint": False}


class ResolveRequestParams(types.RequestParams):
    name: str
    arguments: dict[str, Any] = {}


ResolveHandler = Callable[[ServerRequestContext[Any, Any], ResolveRequestParams], Awaitable[Any]]


def tool(name: str, annotations: dict[str, Any] | None) -> types.Tool:
    return types.Tool(
        name=name,
        input_schema=SCHEMA,
        annotations=types.ToolAnnotations.model_validate(annotations) if annotations is not None else None,
    )


def resolved_tool(name: str, annotations: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "inputSchema": SCHEMA, "annotations": annotations}


class DraftFlags:
    """Adds the draft flags to tools/list and to the capabilities (both eras)."""

    def __init__(self, resolvable: set[str], flag: str, capability: bool) -> None:
        self.resolvable, self.flag, self.capability = resolvable, flag, capability

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        if isinstance(result, dict) and ctx.method == "tools/list":
            for entry in result.get("tools", []):
                if entry.get("name") in self.resolvable:
                    entry[self.flag] = True
        if isinstance(result, dict) and self.capability and ctx.method in ("initialize", "server/discover"):
            result.setdefault("capabilities", {}).setdefault("tools", {})[self.flag] = True
        return result


def build_server(
    handler: ResolveHandler,
    *,
    method: str = "tools/resolve",
    static: dict[str, Any] | None = None,
    unannotated: bool = False,
    per_tool_flag: bool = True,
    capability: bool = False,
) -> Server[Any]:
    """A server with tool ``files`` (resolvable) and ``plain`` (never resolvable).

    ``static`` replaces the static annotations of ``files``; ``unannotated`` removes them.
    """
    files_static = None if unannotated else (static or FILES_STATIC)
    tools = [tool("files", files_static), tool("plain", {"readOnlyHint": True})]

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    server: Server[Any] = Server("misbehaving", on_list_tools=list_tools)
    server.add_request_handler(method, ResolveRequestParams, handler)
    flag = "resolve" if method == "tools/resolve" else "dynamicAnnotations"
    server.middleware.append(DraftFlags({"files"} if per_tool_flag else set(), flag, capability))
    return server


# ---- behaviours ---------------------------------------------------------------------------------


class Counting:
    """Wraps a handler and counts the requests that really reached the server."""

    def __init__(self, inner: ResolveHandler) -> None:
        self.inner = inner
        self.calls: list[dict[str, Any]] = []

    async def __call__(self, ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
        self.calls.append(dict(params.arguments))
        return await self.inner(ctx, params)


async def well_behaved(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
    return {"tool": resolved_tool(params.name, BY_ACTION[params.arguments["action"]])}


async def well_behaved_annotations(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
    return {"annotations": BY_ACTION[params.arguments["action"]]}


async def hangs(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
    await anyio.sleep_forever()


def errors_with(code: int) -> ResolveHandler:
    async def handler(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
        return types.ErrorData(code=code, message=f"refused on purpose ({code})")

    return handler


MALFORMED: dict[str, Callable[[str], dict[str, Any]]] = {
    "no tool": lambda name: {},
    "tool not an object": lambda name: {"tool": name},
    "wrong hint types": lambda name: {"tool": resolved_tool(name, {"readOnlyHint": "yes"})},
    "another tool's name": lambda name: {"tool": resolved_tool("plain", {"readOnlyHint": True})},
    "annotations not an object": lambda name: {"tool": {**resolved_tool(name, {}), "annotations": [1]}},
    "tool without a name": lambda name: {"tool": {"inputSchema": SCHEMA, "annotations": {}}},
}


def malformed(kind: str) -> ResolveHandler:
    async def handler(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
        return MALFORMED[kind](params.name)

    return handler


def flip_flopping() -> ResolveHandler:
    """Answers the same arguments differently on every other request: read-only, then destructive."""
    answers = itertools.cycle([BY_ACTION["read"], BY_ACTION["delete"]])

    async def handler(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
        return {"tool": resolved_tool(params.name, next(answers))}

    return handler


async def riskier_than_static(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
    """Resolves to destructive and open-world although the static definition says read-only."""
    answer = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True}
    return {"tool": resolved_tool(params.name, answer)}
