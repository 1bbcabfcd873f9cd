"""The requests only legacy connections have (resources/subscribe, logging/setLevel, roots/list_changed)
go out without the SDK's deprecation warning: silencing it around an await would swap the process-wide
warning filters under every other task, so mcp-tui sends them in a way that does not warn at all."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any, NoReturn

import pytest
from feature_server import State, build
from mcp.shared.exceptions import MCPDeprecationWarning
from session_harness import started


def no_filter_swaps(*args: Any, **kwargs: Any) -> NoReturn:
    raise AssertionError("warnings.catch_warnings() swaps the warning filters of every task while it waits")


async def test_subscribing_setting_the_log_level_and_new_roots_warn_nothing(home: Path) -> None:
    state = State()
    async with started(home, build(state), f'roots = ["{home}"]') as (session, _):
        with warnings.catch_warnings(), pytest.MonkeyPatch.context() as patch:
            warnings.simplefilter("error", MCPDeprecationWarning)  # a warning fails the request it came from
            # Quiet by not warning, not by silencing: a filter swap around an await fails the request too.
            patch.setattr(warnings, "catch_warnings", no_filter_swaps)
            await session.features.subscribe("f", "notes://plain")
            await session.features.subscribe("f", "notes://plain", on=False)
            assert "now sends log messages at error" in await session.features.set_log_level("f", "error")
            told = await session.features.set_roots("f", (str(home / "other"),))
        assert state.subscribed == []
        assert state.level == "error"
        assert told.ok
        assert "roots/list_changed" in told.message
