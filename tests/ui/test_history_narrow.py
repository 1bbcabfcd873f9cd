"""The History tab keeps each call's server/tool whole at every width people use: the grade shrinks
first, then the time goes, then the duration."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from app_harness import make_app, open_tool, wait_for, wait_for_tools

from tui.model.results import CallOutcome, CallStatus
from tui.safety.grade import Grade
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.history import LAYOUTS, CallHistory, HistoryEntry, choose_history_layout, history_row

SIZES = [(80, 24), (120, 40), (160, 48)]
TIME = re.compile(r"\d\d:\d\d:\d\d")


def call(tool: str, server: str = "demo") -> HistoryEntry:
    done = CallOutcome(CallStatus.OK, duration_s=0.25)
    return HistoryEntry(1, datetime(2025, 1, 2, 7, 41, 3), server, tool, {}, done, Grade.CRITICAL)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_every_history_row_shows_the_whole_tool_name(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        for zone in ("UTC", "Europe/Paris"):
            await open_tool(pilot, app, tools["world_clock"], {"timezone": zone})
            await pilot.press("ctrl+r")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
            await pilot.press("o")
            await wait_for(pilot, lambda: app.main_screen.calls.running is None and not app.screen.is_modal)
        await pilot.press("f2")
        history = app.main_screen.query_one(CallHistory)
        await wait_for(pilot, lambda: len(history.entries) == 2)
        await pilot.pause()
        for line in range(2):
            row = f" {history.render_line(line).text} "
            assert " demo/world_clock " in row, f"the tool is cut at {size}: {row!r}"
            assert " low " in row
            assert " ok " in row
            # Up to the tool, nothing is cut; the server's wording after it may be, at the panel's edge.
            assert "…" not in row[: row.index(" demo/world_clock ")]
        if size[0] >= 120:  # room for every column
            assert TIME.search(history.render_line(0).text)


def test_columns_give_way_in_order_and_the_name_never_does() -> None:
    name = "demo/manage_files"
    widths = [layout.cells + len(name) for layout in LAYOUTS]
    assert widths == sorted(widths, reverse=True)  # each layout is narrower than the one before
    for width, layout in zip(widths, LAYOUTS, strict=True):
        assert choose_history_layout(width, [call("manage_files")]) == layout
        row = history_row(call("manage_files"), layout).plain
        assert len(row) == width
        assert row.endswith(name)
    assert choose_history_layout(widths[0] - 1, [call("manage_files")]) == LAYOUTS[1]
    barest = history_row(call("manage_files"), LAYOUTS[-1]).plain
    assert barest.split() == ["crit", "ok", name]
    # A longer name anywhere in the history narrows every row, so the columns stay lined up.
    assert choose_history_layout(widths[0], [call("x"), call("manage_files_too")]) == LAYOUTS[1]
