"""Servers started before Textual and the SDK load are adopted by their first connection."""

from __future__ import annotations

import sys
from pathlib import Path

from servers.harness import wait_until

from tui.client.early_spawn import adopt, spawn_early, stop_unadopted
from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig, Timeouts
from tui.model.events import ClientEvent
from tui.model.results import CallStatus
from tui.model.servers import ConnectionStatus


def demo(tmp_path: Path) -> ServerConfig:
    args = ("-m", "tui", "demo-server", "--sandbox", str(tmp_path / "sandbox"))
    return ServerConfig("demo", "stdio", command=sys.executable, args=args)


async def test_an_early_server_is_adopted_called_and_stopped(tmp_path: Path) -> None:
    config = demo(tmp_path)
    early = spawn_early([config, ServerConfig("missing", "stdio", command="/nonexistent/server")])
    assert list(early) == ["demo"], "a server that cannot start is left to its connect to report"
    process = early.pop("demo")
    events: list[ClientEvent] = []
    manager = ConnectionManager(
        [config], Timeouts(), events.append, prestarted={"demo": await adopt(process)}
    )
    await manager.start()
    try:
        await wait_until(lambda: bool(manager.tools("demo")))
        assert manager.state("demo").status is ConnectionStatus.CONNECTED
        assert manager.state("demo").server_name == "mcp-tui-demo"
        outcome = await manager.call_tool("demo", "list_sandbox", {})
        assert outcome.status is CallStatus.OK
    finally:
        await manager.aclose()
    assert process.poll() is not None, "closing the connection ends the adopted process"


def test_servers_nobody_adopted_are_stopped_at_exit(tmp_path: Path) -> None:
    early = spawn_early([demo(tmp_path)])
    stop_unadopted(early)
    assert early["demo"].wait(timeout=10) is not None
