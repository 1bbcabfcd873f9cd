"""Every row of the tool list shows its tool's whole name, at the sizes people really use.

The app runs for real against the demo server; server-filesystem's tools (recorded from
``npx @modelcontextprotocol/server-filesystem``: long names such as list_directory_with_sizes, and titles)
are added to the same list, so the rows are measured in the sidebar the app actually lays out.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, wait_for_tools
from snapshot_app import filesystem_tools
from textual.pilot import Pilot

from tui.model.servers import ToolInfo
from tui.ui.widgets.tool_filter import make_entry
from tui.ui.widgets.tool_list import ToolList
from tui.ui.widgets.tool_rows import TITLE_CUT_MIN, choose_layout, tool_row
from tui.ui.widgets.tool_rows_view import ToolRowsView

SIZES = [(80, 24), (120, 40), (160, 48)]


async def rendered_rows(pilot: Pilot[Any], options: ToolRowsView) -> list[str]:
    """The text each row shows on screen, scrolling every row into view in turn."""
    rows: list[str] = []
    for index in range(options.row_count):
        if not options.is_selectable(index):  # a server's header: the cursor skips it
            rows.append(options.content(index).plain)
            continue
        options.highlighted = index
        await pilot.pause()
        line = index - round(options.scroll_offset.y)
        assert 0 <= line < options.scrollable_content_region.height
        rows.append(options.render_line(line).text)
    return rows


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_every_row_shows_the_full_tool_name(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        demo = await wait_for_tools(pilot, app)
        tool_list = app.main_screen.query_one(ToolList)
        tool_list.set_tools("server-filesystem", filesystem_tools())
        await pilot.pause()
        options = tool_list.query_one(ToolRowsView)
        rows = await rendered_rows(pilot, options)
        # Each server's full name heads its rows; then the tools.
        headers = [row.strip() for row in rows if row.strip().startswith("@")]
        assert headers == ["@demo", "@server-filesystem"]
        rows = [row for row in rows if not row.strip().startswith("@")]
        shown = tool_list.visible_tools
        assert len(rows) == len(shown) == len(demo) + 14
        for row, tool in zip(rows, shown, strict=True):
            assert f" {tool.name} " in f"{row} ", f"{tool.name} is cut at {size}: {row!r}"


async def test_all_demo_tools_fit_on_one_screen_at_120x40(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        demo = await wait_for_tools(pilot, app)
        await pilot.pause()
        options = app.main_screen.query_one(ToolRowsView)
        assert options.row_count == len(demo) == 13
        assert options.scrollable_content_region.height >= 13
        assert options.max_scroll_y == 0


async def test_names_as_long_as_server_everythings_still_get_badges_at_120x40(home: Path) -> None:
    # server-everything's longest tool name is 30 characters (trigger-long-running-operation).
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        demo = await wait_for_tools(pilot, app)
        tool_list = app.main_screen.query_one(ToolList)
        add_note = next(tool for tool in demo if tool.name == "add_note")  # not read-only, destructive
        long_named = replace(add_note, server="everything", name="trigger-long-running-operation")
        tool_list.set_tools("everything", [long_named])
        await pilot.pause()
        rows = await rendered_rows(pilot, tool_list.query_one(ToolRowsView))
        row = next(row for row in rows if "trigger-long-running-operation" in row)
        badges = row.split("trigger-long-running-operation", 1)[1].split()
        assert badges[:2] == ["r", "d"], f"no badges beside the name: {row!r}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_one_server_rows_never_end_in_a_cut_server_or_title(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        demo = await wait_for_tools(pilot, app)
        rows = await rendered_rows(pilot, app.main_screen.query_one(ToolRowsView))
        assert len(rows) == len(demo)
        for row in rows:
            # The server whole or not at all; a title cut keeps enough of itself to read.
            assert "@" not in row or " @demo" in row, row
            if row.rstrip().endswith("…"):  # only a title may be cut
                assert " @demo " in row, row
                assert len(row.rstrip().split(" @demo ", 1)[1]) >= TITLE_CUT_MIN, row


def test_what_follows_the_badges_fits_whole_or_is_left_out() -> None:
    tool = ToolInfo(
        server="demo",
        name="add_note",
        title="Add a note to the list",
        description="",
        input_schema={"type": "object"},
        output_schema=None,
        annotations={"readOnlyHint": True},
    )
    entry = make_entry(tool)
    layout = choose_layout(10_000, ["add_note"])
    badges_end = len(tool_row(entry, replace(layout, width=0)).plain.split(" @demo")[0])
    for room, expected in [
        (3, ""),  # not even the server: nothing, no "@d…"
        (6, " @demo"),  # the server whole, no room to say anything of the title
        (6 + 1 + 7, " @demo"),  # 7 cells of the title say too little
        (6 + 1 + 8, " @demo Add a n…"),  # cut where 8 cells are left, with its "…"
        (6 + 1 + 22, " @demo Add a note to the list"),
    ]:
        row = tool_row(entry, replace(layout, width=badges_end + room)).plain
        assert row[badges_end:] == expected, (room, row)
        assert len(row) <= badges_end + room
