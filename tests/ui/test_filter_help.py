"""The filter box's placeholder and help, and the count line under the tool list, are readable whole at the
sizes people use and leave a person filtering rows to see; a filter that can match nothing says why on the
tool list's status line."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, wait_for_tools
from textual.widget import Widget
from textual.widgets import Input, Static

from tui.session.query_help import FILTER_HELP, FILTER_HELP_SHORT
from tui.ui.widgets.tool_list import FILTER_PLACEHOLDER, ToolList
from tui.ui.widgets.tool_list_lines import count_line
from tui.ui.widgets.tool_rows_view import ToolRowsView

SIZES = [(80, 24), (120, 40), (160, 48)]


def drawn_lines(widget: Widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


# At 80 columns the whole help would take four lines of the sidebar's 30 cells: the short one takes two.
HELP_AT = {80: FILTER_HELP_SHORT, 120: FILTER_HELP, 160: FILTER_HELP}
COUNT_AT = {
    80: "13 tools · by server (ctrl+t)",
    120: "13 tools · sorted by server (ctrl+t to change)",
    160: "13 tools · sorted by server (ctrl+t to change)",
}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_help_shows_whole_while_filtering_and_one_line_while_browsing(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.pause()
        tools = app.main_screen.query_one(ToolList)
        box = tools.query_one("#tool-filter", Input)
        help_line = tools.query_one("#tool-filter-help", Static)
        expected = HELP_AT[size[0]]
        assert box.has_focus
        assert FILTER_PLACEHOLDER in "".join(drawn_lines(box)), f"placeholder cut at {size}"
        assert words(drawn_lines(help_line)) == expected.split(), f"help cut at {size}"
        assert help_line.size.height <= 3
        await pilot.press("down")  # into the list: it gets the rows back
        await pilot.pause()
        assert help_line.size.height == 1
        assert drawn_lines(help_line)[0].rstrip().endswith("…")
        await pilot.press("ctrl+f")
        await pilot.pause()
        assert words(drawn_lines(help_line)) == expected.split()


async def test_a_person_filtering_at_80x24_under_the_demo_notice_sees_five_tools(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.pause()
        assert app.main_screen.query_one("#notice").size.height == 2  # the demo's notice, two lines at most
        tools = app.main_screen.query_one(ToolList)
        assert tools.query_one("#tool-filter", Input).has_focus
        rows = tools.query_one("#tool-options", ToolRowsView).scrollable_content_region.height
        assert rows >= 5, f"{rows} tool rows while filtering"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_count_line_is_read_whole_at_every_size(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.pause()
        tools = app.main_screen.query_one(ToolList)
        status = tools.query_one("#tool-list-status", Static)
        assert [line.strip() for line in drawn_lines(status)] == [COUNT_AT[size[0]]]
        await pilot.press("ctrl+t", *"ro")  # riskiest first, six of the demo's tools
        await pilot.pause()
        shown = " ".join(words(drawn_lines(status)))
        assert shown.startswith("6 of 13 "), shown
        assert "(ctrl+t" in shown, shown
        assert "…" not in shown, shown
        assert status.size.height == 1


def test_a_count_too_long_for_any_wording_wraps_instead_of_losing_its_end() -> None:
    count = "13 tools (13 cached from the last run, not yet confirmed)"
    assert count_line(count, sorted_by_risk=False, width=37) == (f"{count} · by server (ctrl+t)", True)
    assert count_line(count, sorted_by_risk=True, width=200) == (
        f"{count} · sorted riskiest first (ctrl+t to change)",
        False,
    )


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
        assert "by server (ctrl+t" in drawn_lines(status)[0]  # "sorted" (and "tools") give way at 80
        assert status.size.height == 1
