"""A timeout saved while servers run holds from the next request, on the same connection: no reconnect,
no restart. The settings service is the one source every call and preflight reads when it starts."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import MCPServer
from misbehaving.servers import ResolveRequestParams, build_server, well_behaved
from servers.harness import wait_until
from session_harness import started

from tui.config.startup import load_startup
from tui.model.features import FeatureError
from tui.model.results import CallStatus
from tui.safety.confirm import ConfirmChoice
from tui.session.events import SettingsChanged
from tui.session.preflight import PreflightStatus
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session

SLOW_SERVER = Path(__file__).resolve().parents[1] / "cli" / "slow_server.py"
SLOW_READ_S = 2.5
"""How long reading slow://note takes: longer than the request timeout its connection started with."""


def allow_once(question: Question) -> None:
    assert isinstance(question, ConfirmCall)
    question.answer.set_result(ConfirmChoice.ONCE)


def waiting_server() -> MCPServer:
    server = MCPServer("waits", version="1.0.0")

    @server.tool(annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False))
    async def wait(seconds: float) -> str:
        """Answers after ``seconds``."""
        await anyio.sleep(seconds)
        return "done"

    @server.resource("slow://note", name="slow note", mime_type="text/plain")
    async def slow_note() -> str:
        await anyio.sleep(SLOW_READ_S)
        return "read at last"

    return server


def first_answer_only() -> Any:
    """A resolve handler that answers the first request at once and never answers the later ones."""
    answered: list[bool] = []

    async def handler(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
        if answered:
            await anyio.sleep_forever()
        answered.append(True)
        return await well_behaved(ctx, params)

    return handler


async def test_the_next_call_uses_a_call_timeout_saved_while_connected(home: Path) -> None:
    async with started(home, waiting_server(), answerer=allow_once) as (session, events):
        assert session.manager is not None
        tool = session.find_tool("f", "wait")
        assert tool is not None
        first = await session.call(tool, {"seconds": 0.6})
        assert first.outcome.status is CallStatus.OK  # within the default 120 s
        connection = session.manager.connection_id("f")

        saved = session.settings.set_timeout("call", "0.3")
        assert saved.ok, saved.message
        # 30 s: far beyond 0.3 s, and the call ends in the test's time either way (the old limit is 120 s).
        second = await session.call(tool, {"seconds": 30})

        assert second.outcome.status is CallStatus.TIMEOUT
        assert "No answer within 0.3 s" in (second.outcome.error or "")
        assert session.manager.connection_id("f") == connection  # the same connection, not a new one
        assert SettingsChanged("timeout") in events
        assert "call = 0.3" in (home / "config.toml").read_text(encoding="utf-8")


async def test_a_request_timeout_raised_while_connected_holds_for_a_resource_read(home: Path) -> None:
    # The SDK's own default for a request is fixed when the connection starts; mcp-tui's limit must
    # decide, or a longer timeout set afterwards would still be cut at the old one.
    async with started(home, waiting_server(), "\n[timeouts]\nrequest = 1.5") as (session, _):
        assert session.settings.set_timeout("request", 30).ok
        (content,) = await session.features.read_resource("f", "slow://note")
        assert content.text == "read at last"

        assert session.settings.set_timeout("request", 0.3).ok
        with pytest.raises(FeatureError, match=r"reading slow://note: no answer within 0\.3 s"):
            await session.features.read_resource("f", "slow://note")


async def test_the_next_preflight_uses_a_preflight_timeout_saved_while_connected(home: Path) -> None:
    async with started(home, build_server(first_answer_only())) as (session, _):
        tool = session.find_tool("f", "files")
        assert tool is not None
        arguments = {"action": "read", "path": "a.txt"}
        resolved = await session.evaluate(tool, arguments)
        assert resolved.preflight.status is PreflightStatus.RESOLVED

        assert session.settings.set_timeout("preflight", 0.2).ok
        late = await session.evaluate(tool, arguments)  # never answered: the limit in force ends it

        assert late.preflight.status is PreflightStatus.FAILED
        assert late.preflight.timed_out
        assert "0.2 s" in (late.preflight.error or "")


async def test_a_real_stdio_server_is_told_to_stop_when_the_new_call_timeout_passes(home: Path) -> None:
    marker = home / "marker.txt"
    (home / "config.toml").write_text(
        "# a slow server\n[servers.slow]\n"
        f"command = {sys.executable!r}\nargs = [{str(SLOW_SERVER)!r}, {str(marker)!r}]\n",
        encoding="utf-8",
    )
    session = Session(load_startup(config_path=None), interface="cli")
    session.attach(allow_once)
    await session.start()
    try:
        [state] = await session.ready("slow", timeout=30)
        assert state.status.value == "connected", state.error
        # Long enough for the server to have started the call on a loaded machine, so it can be told to
        # stop it; the call itself would wait 600 s, beyond the test's own timeout.
        assert session.settings.set_timeout("call", 5).ok
        tool = session.find_tool("slow", "wait")
        assert tool is not None
        record = await session.call(tool, {"seconds": 600})
        assert record.outcome.status is CallStatus.TIMEOUT
        assert record.outcome.error == "No answer within 5 s; the server was told to stop the call."

        def told_to_stop() -> bool:  # the server writes "cancelled" once it hears notifications/cancelled
            return marker.exists() and marker.read_text(encoding="utf-8") == "cancelled"

        await wait_until(told_to_stop)
    finally:
        await session.aclose()


def never_listening_server() -> MCPServer:
    server = MCPServer("deaf", version="1.0.0")

    async def never_acknowledge(ctx: ServerRequestContext[Any, Any], params: types.RequestParams) -> Any:
        await anyio.sleep_forever()

    server._lowlevel_server.add_request_handler(
        "subscriptions/listen", types.RequestParams, never_acknowledge
    )
    return server


async def test_a_listen_stream_never_acknowledged_is_given_up_after_the_request_timeout(home: Path) -> None:
    extra = 'protocol = "2026-07-28"\n\n[timeouts]\nrequest = 0.5'
    async with started(home, never_listening_server(), extra) as (session, _):
        await wait_until(lambda: any("not following list changes" in line for line in session.stderr("f")))
        assert "not following list changes: no answer within 0.5 s" in "\n".join(session.stderr("f"))


async def test_a_listen_stream_given_up_is_withdrawn_so_a_late_acknowledgement_follows_nothing(
    home: Path,
) -> None:
    given_up = anyio.Event()

    async def acknowledge_late(ctx: ServerRequestContext[Any, Any], params: types.RequestParams) -> Any:
        try:
            await anyio.sleep_forever()  # until mcp-tui withdraws the request
        finally:
            given_up.set()

    server = MCPServer("late", version="1.0.0")
    server._lowlevel_server.add_request_handler("subscriptions/listen", types.RequestParams, acknowledge_late)
    extra = 'protocol = "2026-07-28"\n\n[timeouts]\nrequest = 0.5'
    async with started(home, server, extra) as (session, _):
        await wait_until(lambda: any("not following list changes" in line for line in session.stderr("f")))
        # The log says changes are not followed: the request is cancelled, not left for the SDK's backstop.
        await wait_until(given_up.is_set)
