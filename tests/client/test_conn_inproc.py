"""The connection layer against a real in-process server, in both protocol eras."""

from __future__ import annotations

import pytest
from servers.harness import running, wait_status, wait_until
from servers.inproc import PNG, build

from tui.config.model import ServerConfig
from tui.model.events import ServerStateChanged, ToolsChanged
from tui.model.results import BinaryBlock, CallStatus, TextBlock
from tui.model.servers import ConnectionStatus

MODES = ["legacy", "auto"]


def config(mode: str) -> ServerConfig:
    return ServerConfig(name="t", transport="stdio", command="unused", protocol=mode)


@pytest.mark.parametrize("mode", MODES)
async def test_connects_and_lists_tools_with_extras(mode: str) -> None:
    async with running([config(mode)], targets={"t": build()}) as (manager, events):
        await wait_status(manager, "t", ConnectionStatus.CONNECTED)
        await wait_until(lambda: bool(manager.tools("t")))
        state = manager.state("t")
        assert state.server_name == "inproc-test"
        assert state.protocol_version
        assert (state.protocol_version >= "2026") == (mode == "auto")
        assert state.instructions == "Use the tools wisely."
        tools = {t.name: t for t in manager.tools()}
        assert tools["echo"].annotations == {"readOnlyHint": True, "openWorldHint": False}
        assert tools["echo"].title == "Echo"
        assert tools["plain"].annotations is None
        assert tools["files"].resolve_method == "tools/resolve"
        assert tools["files"].raw["resolve"] is True
        assert tools["old_style"].resolve_method == "tools/annotations"
        assert tools["plain"].resolve_method is None
        assert tools["typed"].output_schema is not None
        assert state.tool_count == len(tools)
        assert events.statuses("t")[0] is ConnectionStatus.CONNECTING
        assert events.of(ToolsChanged)[-1].tools == tuple(manager.tools("t"))
        assert manager.connection_id("t") == 1


@pytest.mark.parametrize("mode", MODES)
async def test_capability_flag_is_read_from_the_raw_handshake(mode: str) -> None:
    server = build(capability={"resolve": True})
    async with running([config(mode)], targets={"t": server}) as (manager, _):
        await wait_until(lambda: bool(manager.tools("t")))
        assert manager.state("t").resolve_capability == "tools/resolve"
        assert manager.capabilities("t")["tools"]["resolve"] is True
        tools = {t.name: t for t in manager.tools()}
        # This server marks some tools itself, so the capability does not cover the unmarked echo.
        assert tools["echo"].resolve_method is None
        assert tools["files"].resolve_method == "tools/resolve"
        assert tools["plain"].resolve_method is None  # the tool opts out with resolve: false
        # Its own flag says only dynamicAnnotations, and that decides over the server's capability.
        assert tools["old_style"].resolve_method == "tools/annotations"


@pytest.mark.parametrize("mode", MODES)
async def test_call_with_progress_and_content_types(mode: str) -> None:
    async with running([config(mode)], targets={"t": build()}) as (manager, _):
        await wait_until(lambda: bool(manager.tools("t")))
        seen = []
        outcome = await manager.call_tool("t", "with_progress", {"steps": 3}, on_progress=seen.append)
        assert outcome.status is CallStatus.OK, outcome.error
        assert outcome.content == (TextBlock("done"),)
        assert [(p.progress, p.total, p.message) for p in seen] == [(i, 3, f"step {i}") for i in (1, 2, 3)]
        picture = await manager.call_tool("t", "picture", {})
        assert picture.content[0] == BinaryBlock(kind="image", mime_type="image/png", data=PNG)
        assert picture.content[1] == TextBlock("a picture")
        failing = await manager.call_tool("t", "fails", {})
        assert failing.status is CallStatus.OK
        assert failing.is_error
        assert not failing.ok
        assert failing.content == (TextBlock("Error executing tool fails: the tool broke on purpose"),)


@pytest.mark.parametrize("mode", MODES)
async def test_structured_output_kept(mode: str) -> None:
    async with running([config(mode)], targets={"t": build()}) as (manager, _):
        await wait_until(lambda: bool(manager.tools("t")))
        outcome = await manager.call_tool("t", "typed", {"good": True})
        assert outcome.ok, outcome.error
        assert outcome.structured == {"ok": True}
        assert outcome.error is None


@pytest.mark.parametrize("mode", MODES)
async def test_tool_list_changed_refreshes(mode: str) -> None:
    async with running([config(mode)], targets={"t": build()}) as (manager, _):
        await wait_until(lambda: bool(manager.tools("t")))
        outcome = await manager.call_tool("t", "add_tool", {"name": "brand_new"})
        assert outcome.ok, outcome.error
        await wait_until(lambda: "brand_new" in {t.name for t in manager.tools("t")})


async def test_disconnect_and_reconnect_count_connections() -> None:
    async with running([config("legacy")], targets={"t": build()}) as (manager, events):
        await wait_until(lambda: bool(manager.tools("t")))
        await manager.disconnect("t")
        assert manager.state("t").status is ConnectionStatus.DISCONNECTED
        refused = await manager.call_tool("t", "echo", {"text": "x"})
        assert refused.status is CallStatus.ERROR
        assert "not connected" in (refused.error or "")
        await manager.reconnect("t")
        await wait_status(manager, "t", ConnectionStatus.CONNECTED)
        assert manager.connection_id("t") == 2
        outcome = await manager.call_tool("t", "echo", {"text": "again"})
        assert outcome.content == (TextBlock("again"),)
        assert ConnectionStatus.DISCONNECTED in [e.state.status for e in events.of(ServerStateChanged)]
