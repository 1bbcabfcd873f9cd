"""A legacy server forgets its subscriptions with the connection: after a reconnect mcp-tui subscribes to
each resource the person followed again, one by one, so one the server now refuses loses only itself. A
2026 connection asks for them all in its first listen stream, and drops those the server did not agree to."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from feature_server import State, build
from mcp.server.context import ServerRequestContext
from servers.harness import wait_until
from session_harness import of, started

from tui.config.startup import load_startup
from tui.model.events import ResourceUpdated
from tui.model.servers import ConnectionStatus
from tui.session.session import Session

SERVER = Path(__file__).resolve().parent / "feature_stdio.py"
FOLLOWED = {"notes://plain", "notes://data.json"}


async def test_after_the_server_process_dies_a_reconnect_subscribes_again(home: Path) -> None:
    (home / "config.toml").write_text(
        f'[servers.f]\ncommand = "{sys.executable}"\nargs = ["{SERVER}"]\n', encoding="utf-8"
    )
    session = Session(load_startup(config_path=None))
    events: list[object] = []
    session.subscribe(events.append)
    await session.start()
    try:
        await session.ready("f", timeout=45)
        for uri in sorted(FOLLOWED):
            await session.features.subscribe("f", uri)
        connection = session.manager.connection("f")  # type: ignore[union-attr]
        assert connection.process_id is not None
        os.kill(connection.process_id, signal.SIGKILL)
        await wait_until(lambda: session.state("f").status is ConnectionStatus.FAILED)
        events.clear()
        await session.reconnect("f")
        # The server announces an update to each new subscriber: a fresh process hears of both again.
        await wait_until(lambda: {e.uri for e in of(events, ResourceUpdated)} == FOLLOWED)
        assert session.features.subscribed("f") == FOLLOWED
    finally:
        await session.aclose()


async def test_one_refused_resubscription_is_named_and_the_others_still_follow(home: Path) -> None:
    state = State()
    async with started(home, build(state)) as (session, _):
        for uri in sorted(FOLLOWED):
            await session.features.subscribe("f", uri)
        state.subscribed.clear()
        state.refused.add("notes://data.json")
        await session.reconnect("f")
        await session.ready("f", timeout=45)
        await wait_until(lambda: state.subscribed == ["notes://plain"])
        assert session.features.subscribed("f") == {"notes://plain"}
        (line,) = [line for line in session.stderr("f") if "no longer subscribed" in line]
        assert "notes://data.json" in line
        assert "no updates of notes://data.json any more" in line


async def test_a_tool_list_change_announced_while_resubscribing_is_followed(home: Path) -> None:
    server = build()
    reconnected = False

    def late_tool() -> str:
        """Added while mcp-tui subscribes again."""
        return "late"

    async def subscribe(ctx: ServerRequestContext[Any, Any], params: types.SubscribeRequestParams) -> Any:
        if reconnected:  # announced before the answer: mcp-tui hears it while still resubscribing
            server.add_tool(late_tool, name="late_tool")
            await ctx.session.send_tool_list_changed()
        return types.EmptyResult()

    server._lowlevel_server.add_request_handler(
        "resources/subscribe", types.SubscribeRequestParams, subscribe
    )
    async with started(home, server) as (session, _):
        await session.features.subscribe("f", "notes://plain")
        reconnected = True
        await session.reconnect("f")
        await session.ready("f", timeout=45)
        await wait_until(lambda: "late_tool" in {tool.name for tool in session.manager.tools("f")})  # type: ignore[union-attr]


async def test_a_resubscription_without_an_answer_keeps_the_subscription(home: Path) -> None:
    server = build()
    reconnected = False

    async def subscribe(ctx: ServerRequestContext[Any, Any], params: types.SubscribeRequestParams) -> Any:
        if reconnected and str(params.uri) == "notes://data.json":
            await anyio.sleep_forever()  # no answer is not a refusal
        return types.EmptyResult()

    server._lowlevel_server.add_request_handler(
        "resources/subscribe", types.SubscribeRequestParams, subscribe
    )
    async with started(home, server, "[timeouts]\nrequest = 0.3") as (session, _):
        for uri in sorted(FOLLOWED):
            await session.features.subscribe("f", uri)
        reconnected = True
        await session.reconnect("f")
        await session.ready("f", timeout=45)
        await wait_until(lambda: any("notes://data.json" in line for line in session.stderr("f")))
        (line,) = [line for line in session.stderr("f") if "notes://data.json" in line]
        assert "still subscribed to notes://data.json" in line
        assert "no answer within 0.3 s" in line
        assert session.features.subscribed("f") == FOLLOWED


async def test_on_2026_a_resource_no_longer_agreed_to_after_a_reconnect_is_named_and_dropped(
    home: Path,
) -> None:
    state = State()
    async with started(home, build(state), 'protocol = "2026-07-28"') as (session, events):
        for uri in ("notes://canary", "notes://plain"):
            await session.features.subscribe("f", uri)
        state.refused.add("notes://plain")
        await session.reconnect("f")
        await session.ready("f", timeout=45)
        await wait_until(lambda: any("no longer subscribed" in line for line in session.stderr("f")))
        assert session.features.subscribed("f") == {"notes://canary"}
        (line,) = [line for line in session.stderr("f") if "no longer subscribed" in line]
        assert "the server did not agree to send updates of notes://plain" in line
        # The stream opened after the reconnect follows what the person still follows.
        events.clear()
        await session.manager.call_tool("f", "touch", {"uri": "notes://canary"})  # type: ignore[union-attr]
        await wait_until(lambda: "notes://canary" in [e.uri for e in of(events, ResourceUpdated)])
