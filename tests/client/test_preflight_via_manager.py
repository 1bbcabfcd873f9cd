"""The preflight engine on the app's own path: ConnectionManager.resolve, capability detection, reconnects."""

from __future__ import annotations

import asyncio
from typing import Any

from misbehaving.servers import Counting, build_server, well_behaved

from tui.client.manager import ConnectionManager
from tui.client.models import ConnectionStatus, ToolInfo
from tui.client.preflight import PreflightEngine, PreflightStatus
from tui.client.results import ResolveOutcome
from tui.config.model import ServerConfig, Timeouts
from tui.safety.grade import Grade

READ = {"action": "read", "path": "notes.txt"}


async def wait_connected(manager: ConnectionManager, name: str) -> None:
    for _ in range(200):
        if manager.state(name).status is ConnectionStatus.CONNECTED and manager.tools(name):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{name} did not connect: {manager.state(name)}")


def engine_for(manager: ConnectionManager) -> PreflightEngine:
    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    return PreflightEngine(resolver, manager.connection_id, timeout=2.0)


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
