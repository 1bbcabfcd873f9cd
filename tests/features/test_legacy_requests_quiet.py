"""The requests only legacy connections have (resources/subscribe, logging/setLevel, roots/list_changed)
go out without the SDK's deprecation warning: silencing it around an await would swap the process-wide
warning filters under every other task, so mcp-tui sends them in a way that does not warn at all."""

from __future__ import annotations

import warnings
from pathlib import Path

from feature_server import State, build
from mcp.shared.exceptions import MCPDeprecationWarning
from session_harness import started


async def test_subscribing_setting_the_log_level_and_new_roots_warn_nothing(home: Path) -> None:
    state = State()
    async with started(home, build(state), f'roots = ["{home}"]') as (session, _):
        with warnings.catch_warnings():
            warnings.simplefilter("error", MCPDeprecationWarning)  # a warning fails the request it came from
            await session.features.subscribe("f", "notes://plain")
            await session.features.subscribe("f", "notes://plain", on=False)
            assert "now sends log messages at error" in await session.features.set_log_level("f", "error")
            told = await session.features.set_roots("f", (str(home / "other"),))
        assert state.subscribed == []
        assert state.level == "error"
        assert told.ok
        assert "roots/list_changed" in told.message
