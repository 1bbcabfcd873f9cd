"""A legacy server forgets its subscriptions with the connection: after a reconnect mcp-tui subscribes to
each resource the person followed again, one by one, so one the server now refuses loses only itself."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from feature_server import State, build
from servers.harness import wait_until
from session_harness import of, started

from tui.client.events import ResourceUpdated
from tui.client.models import ConnectionStatus
from tui.session.session import Session
from tui.startup import load_startup

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
        await session.ready("f", timeout=10)
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
        await session.ready("f", timeout=10)
        await wait_until(lambda: state.subscribed == ["notes://plain"])
        assert session.features.subscribed("f") == {"notes://plain"}
        (line,) = [line for line in session.stderr("f") if "no longer subscribed" in line]
        assert "notes://data.json" in line
        assert "no updates of notes://data.json any more" in line
