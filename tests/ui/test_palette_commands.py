"""The command palette lists the app's commands before anything is typed, and opens tools by name."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from app_harness import make_app, panel, wait_for, wait_for_tools
from textual.command import CommandList, CommandPalette
from textual.fuzzy import Matcher

from tui.ui.app import McpTuiApp
from tui.ui.commands import _highlight
from tui.ui.widgets.tool_list import ToolList


def gathered(app: McpTuiApp) -> bool:
    """the palette to be open, with every provider's commands gathered (they come in batches)"""
    palette = app.screen
    if not isinstance(palette, CommandPalette) or not palette.has_class("-ready"):  # after a first gathering
        return False
    group = CommandPalette._GATHER_COMMANDS_GROUP
    return not any(worker.group == group and not worker.is_finished for worker in app.workers)


def palette_entries(app: McpTuiApp) -> list[str]:
    """Each entry's first line (its name; the help is the second)."""
    results = app.screen.query_one(CommandList)
    return [str(results.get_option_at_index(i).prompt).splitlines()[0] for i in range(results.option_count)]


async def test_an_empty_query_lists_the_apps_own_commands(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: gathered(app))
        entries = palette_entries(app)
        ours = ["Preferences", "Audit log", "Call history", "Server logs", "Reconnect server"]
        assert entries[: len(ours)] == ours  # first, above Textual's own (Keys, Quit, ...)
        for name in ("Sort tools by risk", "Server info", "Keys", "Quit"):
            assert name in entries


async def test_typing_a_tools_name_offers_to_open_it(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"manage")
        await wait_for(pilot, lambda: "Open tool manage_files on demo" in palette_entries(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: panel(app).tool is not None)
        tool = panel(app).tool
        assert tool is not None
        assert tool.name == "manage_files"


async def test_the_sort_command_names_the_order_it_switches_to(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("ctrl+t", "ctrl+p")
        await wait_for(pilot, lambda: gathered(app))
        assert "Sort tools by server" in palette_entries(app)
        assert "Sort tools by risk" not in palette_entries(app)


def test_a_tool_name_with_markup_is_shown_as_typed() -> None:
    shown = _highlight(Matcher("open"), "Open tool [b]x[/b] [@click=app.quit]y[/]")
    assert shown.plain == "Open tool [b]x[/b] [@click=app.quit]y[/]"


async def test_a_tool_name_with_line_breaks_stays_on_one_palette_row(home: Path) -> None:
    # A hostile name could otherwise forge a second row ("... on demo" + a fake tool below it).
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = await wait_for_tools(pilot, app)
        forged = replace(tools[0], name="wipe_disk\nOpen tool innocent")
        app.main_screen.query_one(ToolList).set_tools("demo", [*tools, forged])
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"wipe")
        shown = "Open tool wipe_disk\\x0aOpen tool innocent on demo"
        await wait_for(pilot, lambda: shown in palette_entries(app))


async def test_a_tool_opened_from_the_palette_is_the_one_highlighted_in_the_list(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_tools(pilot, app)
        tools = app.main_screen.query_one(ToolList)
        assert tools.highlighted_tool is not None
        assert tools.highlighted_tool.name != "manage_files"  # the first row, before
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"manage")
        await wait_for(pilot, lambda: "Open tool manage_files on demo" in palette_entries(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: panel(app).tool is not None)
        await pilot.pause()
        highlighted = tools.highlighted_tool
        assert highlighted is not None
        assert highlighted.name == "manage_files"


async def test_a_tool_opened_from_the_palette_that_the_filter_hides_leaves_no_other_row_highlighted(
    home: Path,
) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_tools(pilot, app)
        tools = app.main_screen.query_one(ToolList)
        await pilot.press(*"http")  # the filter has the focus: only http_api is listed, and highlighted
        await wait_for(pilot, lambda: [tool.name for tool in tools.visible_tools] == ["http_api"])
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"manage")
        await wait_for(pilot, lambda: "Open tool manage_files on demo" in palette_entries(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: panel(app).tool is not None)
        await pilot.pause()
        assert tools.highlighted_tool is None  # not http_api, which is not the open tool
        app.main_screen.action_focus_filter()
        await pilot.press(*["backspace"] * 4)  # the filter cleared: the open tool is the highlighted one
        await pilot.pause()
        highlighted = tools.highlighted_tool
        assert highlighted is not None
        assert highlighted.name == "manage_files"
