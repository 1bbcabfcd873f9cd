"""Real stdio servers that misbehave: the manager stays responsive and says what went wrong."""

from __future__ import annotations

import asyncio
import os
from types import SimpleNamespace

import pytest
from servers.harness import running, stdio, wait_status, wait_until

from tui.client import stderr_pipe
from tui.client.stderr_pipe import EMIT_BURST, MAX_LINES
from tui.config.model import ServerConfig, Timeouts
from tui.model.events import StderrLine
from tui.model.results import CallStatus, TextBlock
from tui.model.servers import ConnectionStatus

FAILED, CONNECTED = ConnectionStatus.FAILED, ConnectionStatus.CONNECTED


async def test_echo_over_stdio_and_stderr_goes_to_the_log() -> None:
    async with running([stdio("s", "sdk_server.py")]) as (manager, events):
        await wait_until(lambda: bool(manager.tools("s")))
        outcome = await manager.call_tool("s", "echo", {"text": "hello"})
        assert outcome.content == (TextBlock("hello"),)
        assert "sdk_server starting" in manager.stderr("s")
        assert StderrLine("s", "sdk_server starting") in events.events


async def test_modern_era_over_stdio() -> None:
    async with running([stdio("s", "sdk_server.py", protocol="auto")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("s")))
        assert (manager.state("s").protocol_version or "") >= "2026"
        outcome = await manager.call_tool("s", "echo", {"text": "modern"})
        assert outcome.content == (TextBlock("modern"),)


async def test_crash_mid_call_fails_clearly_and_reconnect_works() -> None:
    async with running([stdio("r", "raw_server.py")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        outcome = await manager.call_tool("r", "crash", {})
        assert outcome.status is CallStatus.ERROR
        assert "exited with code 1" in (outcome.error or ""), outcome.error
        assert "simulated failure" in (outcome.error or "")
        await wait_status(manager, "r", FAILED)
        assert (
            manager.state("r").error
            == "the server exited with code 1; last stderr: about to crash: simulated failure"
        )
        await manager.reconnect("r")
        await wait_status(manager, "r", CONNECTED)
        assert (await manager.call_tool("r", "echo", {"text": "back"})).content == (TextBlock("back"),)
        assert manager.connection_id("r") == 2


async def test_never_answers_times_out() -> None:
    timeouts = Timeouts(connect=30, request=30, call=0.5)  # only the call's limit is short
    async with running([stdio("r", "raw_server.py")], timeouts) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        outcome = await manager.call_tool("r", "hang", {})
        assert outcome.status is CallStatus.TIMEOUT
        assert outcome.error == "No answer within 0.5 s; the server was told to stop the call."
        assert manager.state("r").status is CONNECTED  # one slow call is not a broken server


async def test_handshake_timeout_is_named() -> None:
    timeouts = Timeouts(connect=0.5, request=5, call=5)
    async with running([stdio("r", "raw_server.py", "--slow-start", "30")], timeouts) as (manager, _):
        await wait_status(manager, "r", FAILED)
        assert manager.state("r").error == "timed out after 0.5 s during the handshake"


async def test_cancel_a_call_by_cancelling_its_task() -> None:
    async with running([stdio("r", "raw_server.py")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        task = asyncio.create_task(manager.call_tool("r", "hang", {}))
        await wait_until(lambda: "hang: received, never answering" in manager.stderr("r"))
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert (await manager.call_tool("r", "echo", {"text": "still fine"})).ok


async def test_multi_megabyte_result_is_kept_whole_without_blocking() -> None:
    async with running([stdio("r", "raw_server.py")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        tick_task = asyncio.create_task(ticker())
        outcome = await manager.call_tool("r", "big", {"mb": 6})
        tick_task.cancel()
        assert outcome.status is CallStatus.OK
        text = outcome.content[0]
        assert isinstance(text, TextBlock)
        assert len(text.text) == 6_000_000  # only the display is capped, never what was received
        assert outcome.error is None
        assert ticks > 0


async def test_command_not_found() -> None:
    config = ServerConfig(name="x", transport="stdio", command="no-such-command-mcp-tui-test")
    async with running([config]) as (manager, _):
        await wait_status(manager, "x", FAILED)
        assert manager.state("x").error == "command not found: no-such-command-mcp-tui-test"


async def test_missing_working_directory() -> None:
    async with running([stdio("x", "raw_server.py", cwd="/no/such/dir/mcp-tui")]) as (manager, _):
        await wait_status(manager, "x", FAILED)
        assert manager.state("x").error == "working directory not found: /no/such/dir/mcp-tui"


async def test_exit_at_start_shows_code_and_stderr() -> None:
    async with running([stdio("x", "raw_server.py", "--exit-at-start")]) as (manager, _):
        await wait_status(manager, "x", FAILED)
        error = manager.state("x").error
        assert (
            error == "the server exited with code 3 during the handshake; last stderr: fatal: missing API key"
        )


async def test_stderr_flood_keeps_the_buffer_bounded_and_the_loop_responsive(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The rate window's clock stands still, so the number of live lines does not depend on how fast this
    # machine reads the flood: one window's worth.
    monkeypatch.setattr(stderr_pipe, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    async with running([stdio("r", "raw_server.py", "--stderr-flood", "5")]) as (manager, events):
        await wait_until(lambda: bool(manager.tools("r")))
        outcome = await manager.call_tool("r", "flood_stderr", {"mb": 3})
        assert outcome.content == (TextBlock("flooded"),)
        await wait_until(lambda: manager.stderr("r")[-1].startswith("29999 "))
        assert len(manager.stderr("r")) == MAX_LINES
        # 80 000 lines arrived; live events were rate-limited to one window's worth of them.
        assert len(events.of(StderrLine)) == EMIT_BURST


async def test_stdout_garbage_is_logged_and_the_connection_survives() -> None:
    async with running([stdio("r", "raw_server.py", "--garbage", "20000")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        assert (await manager.call_tool("r", "echo", {"text": "ok"})).ok
        garbage = [line for line in manager.stderr("r") if line.startswith("stdout (not JSON-RPC): ")]
        assert garbage[-1] == "stdout (not JSON-RPC): DEBUG garbage line 19999 [bold]not json[/bold]"


async def test_aclose_reaps_children() -> None:
    async with running([stdio("r", "raw_server.py")]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("r")))
        pid = manager._connections["r"].process_id
        assert pid is not None
        os.kill(pid, 0)  # alive
    assert manager.state("r").status is ConnectionStatus.DISCONNECTED
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
