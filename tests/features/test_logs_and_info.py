"""Server info, and log notifications at the level chosen in config.toml or changed at run time."""

from __future__ import annotations

import tomllib
from pathlib import Path

from feature_server import State, build
from servers.harness import wait_until
from session_harness import of, started

from tui.model.events import ServerLog


async def test_server_info_comes_from_the_handshake(home: Path) -> None:
    async with started(home, build()) as (session, _):
        state = session.state("f")
        assert (state.server_name, state.server_version) == ("feature-test", "4.5.6")
        assert (state.protocol_version or "9999") < "2026"
        assert state.instructions == "Read the notes first."
        capabilities = session.capabilities("f")
        assert capabilities["resources"]["subscribe"] is True
        assert {"prompts", "logging"} <= capabilities.keys()


async def test_the_configured_log_level_is_sent_and_only_those_logs_arrive(home: Path) -> None:
    state = State()
    async with started(home, build(state), 'log_level = "error"') as (session, events):
        assert state.level == "error"
        assert session.features.log_level("f") == "error"
        tool = session.find_tool("f", "chatty")
        assert tool is not None
        await session.manager.call_tool("f", "chatty", {})  # type: ignore[union-attr]
        await wait_until(lambda: len(of(events, ServerLog)) == 4)
        assert [log.level for log in of(events, ServerLog)] == ["error", "critical", "alert", "emergency"]
        assert of(events, ServerLog)[0].text == "chatty: a error message"


async def test_changing_the_level_asks_the_server_and_saves_it(home: Path) -> None:
    state = State()
    async with started(home, build(state)) as (session, events):
        message = await session.features.set_log_level("f", "warning")
        assert state.level == "warning"
        assert "now sends log messages at warning and above" in message
        saved = tomllib.loads((home / "config.toml").read_text(encoding="utf-8"))
        assert saved["servers"]["f"]["log_level"] == "warning"
        await session.manager.call_tool("f", "chatty", {})  # type: ignore[union-attr]
        await wait_until(lambda: len(of(events, ServerLog)) == 5)
        assert of(events, ServerLog)[0].level == "warning"
