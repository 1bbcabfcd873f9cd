"""The filter box's placeholder and help are readable whole at the sizes people use, and a filter that
can match nothing says why on the tool list's status line."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, wait_for_tools
from textual.widget import Widget
from textual.widgets import Input, Static

from tui.session.tool_query import FILTER_HELP
from tui.ui.widgets.tool_list import FILTER_PLACEHOLDER, ToolList

SIZES = [(80, 24), (120, 40), (160, 48)]


def drawn_lines(widget: Widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_whole_help_shows_while_filtering_and_one_line_while_browsing(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.pause()
        tools = app.main_screen.query_one(ToolList)
        box = tools.query_one("#tool-filter", Input)
        help_line = tools.query_one("#tool-filter-help", Static)
        assert box.has_focus
        assert FILTER_PLACEHOLDER in "".join(drawn_lines(box)), f"placeholder cut at {size}"
        assert words(drawn_lines(help_line)) == FILTER_HELP.split(), f"help cut at {size}"
        await pilot.press("down")  # into the list: it gets the rows back
        await pilot.pause()
        assert help_line.size.height == 1
        assert drawn_lines(help_line)[0].rstrip().endswith("…")
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert words(drawn_lines(help_line)) == FILTER_HELP.split()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_an_unknown_grade_or_server_says_why_the_list_is_empty(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        tools = app.main_screen.query_one(ToolList)
        status = tools.query_one("#tool-list-status", Static)
        tools.set_filter("grade:bogus")
        await pilot.pause()
        assert tools.visible_tools == []
        shown = " ".join(words(drawn_lines(status)))
        assert "0 of 13 tools · no grade 'bogus': use safe, low, medium, high, critical" in shown, shown
        tools.set_filter("server:nope")
        await pilot.pause()
        shown = " ".join(words(drawn_lines(status)))
        assert "no server name contains 'nope' (servers: demo)" in shown, shown
        tools.set_filter("server:dem grade:high+")
        await pilot.pause()
        assert tools.visible_tools
        assert "sorted by server" in drawn_lines(status)[0]
        assert status.size.height == 1
