"""The preflight engine on the app's own path: ConnectionManager.resolve, capability detection, reconnects."""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from misbehaving.servers import (
    BY_ACTION,
    FILES_STATIC,
    Counting,
    DraftFlags,
    ResolveRequestParams,
    build_server,
    resolved_tool,
    tool,
    well_behaved,
)
from servers.harness import wait_until

from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig, Timeouts
from tui.model.results import ResolveOutcome
from tui.model.servers import ConnectionStatus, ToolInfo
from tui.safety.grade import Grade
from tui.session.preflight import PreflightEngine, PreflightStatus

READ = {"action": "read", "path": "notes.txt"}


async def wait_connected(manager: ConnectionManager, name: str) -> None:
    def connected() -> bool:
        return manager.state(name).status is ConnectionStatus.CONNECTED and bool(manager.tools(name))

    await wait_until(connected)


def engine_for(manager: ConnectionManager) -> PreflightEngine:
    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    return PreflightEngine(resolver, manager.connection_id, timeout=30.0)


async def test_rule_1_by_capability_and_rule_4_across_a_reconnect() -> None:
    counting = Counting(well_behaved)
    # No per-tool flags: only capabilities.tools.resolve says the tools can be resolved.
    server = build_server(counting, per_tool_flag=False, capability=True)
    config = ServerConfig(name="cap", transport="stdio", command="in-process")
    manager = ConnectionManager([config], Timeouts(), lambda event: None, targets={"cap": server})
    await manager.start()
    try:
        await wait_connected(manager, "cap")
        files = {t.name: t for t in manager.tools("cap")}["files"]
        assert files.resolve_method == "tools/resolve"
        engine = engine_for(manager)
        first = await engine.preflight(files, READ)
        reused = await engine.preflight(files, READ)
        await manager.reconnect("cap")
        await wait_connected(manager, "cap")
        after = await engine.preflight(files, READ)
    finally:
        await manager.aclose()
    assert first.status is PreflightStatus.RESOLVED
    assert first.grade is Grade.SAFE
    assert reused.reused
    assert not after.reused, "a new connection asks again"
    assert after.connection_id != first.connection_id
    assert counting.calls == [READ, READ]


REDEFINED: dict[str, Any] = {**FILES_STATIC, "openWorldHint": True}
"""What ``files`` becomes: the same tool, now reaching the outside world."""
OPEN_WORLD_READ: dict[str, Any] = {**BY_ACTION["read"], "openWorldHint": True}


def redefinable(counting: list[dict[str, Any]]) -> Server[Any]:
    """``files`` (resolvable, SEP-1862) and ``redefine``, which re-defines ``files`` and sends
    tools/list_changed on the same connection. The answer for a read follows the definition in force."""
    static = {"files": FILES_STATIC}

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[tool("files", static["files"]), tool("redefine", None)])

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams) -> Any:
        static["files"] = REDEFINED
        await ctx.session.send_tool_list_changed()
        return types.CallToolResult(content=[types.TextContent(type="text", text="redefined")])

    async def resolve(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
        counting.append(dict(params.arguments))
        answer = OPEN_WORLD_READ if static["files"] is REDEFINED else BY_ACTION["read"]
        return {"tool": resolved_tool(params.name, answer)}

    server: Server[Any] = Server("redefinable", on_list_tools=list_tools, on_call_tool=call_tool)
    server.add_request_handler("tools/resolve", ResolveRequestParams, resolve)
    server.middleware.append(DraftFlags({"files"}, "resolve", capability=False))
    return server


async def test_rule_4_a_tool_redefined_on_the_same_connection_is_asked_again() -> None:
    """The answer cached for (tool, arguments) was given about the old definition: after tools/list_changed
    redefines the tool, the same arguments are resolved again, on the same connection."""
    calls: list[dict[str, Any]] = []
    config = ServerConfig(name="cap", transport="stdio", command="in-process")
    manager = ConnectionManager([config], Timeouts(), lambda event: None, targets={"cap": redefinable(calls)})
    await manager.start()
    try:
        await wait_connected(manager, "cap")
        before = {t.name: t for t in manager.tools("cap")}["files"]
        engine = engine_for(manager)
        first = await engine.preflight(before, READ)
        assert engine.preflight_now(before, READ) is not None, "the same definition reuses its answer"
        connection = manager.connection_id("cap")

        assert (await manager.call_tool("cap", "redefine", {})).ok
        await wait_until(lambda: {t.name: t for t in manager.tools("cap")}["files"] != before)
        after = {t.name: t for t in manager.tools("cap")}["files"]
        shown = engine.preflight_now(after, READ)
        again = await engine.preflight(after, READ)
        assert manager.connection_id("cap") == connection, "the same connection throughout"
    finally:
        await manager.aclose()
    assert after.annotations == REDEFINED
    assert shown is None, "nothing cached for the new definition"
    assert (first.grade, again.grade) == (Grade.SAFE, Grade.LOW)
    assert not again.reused
    assert calls == [READ, READ]
    assert "cap" not in engine.nondeterministic_servers, "a new definition may answer differently"
