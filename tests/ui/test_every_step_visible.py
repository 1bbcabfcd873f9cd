"""The whole flow is on screen at 80x24, 120x40 and 160x48: a dropdown's options when it opens, every
argument in the dialog, the result after the call, and which server each tool row belongs to.

"On screen" means drawn on the terminal's lines as the compositor renders them (not only present in a
widget that is scrolled away or clipped), against the real demo server over stdio.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from textual.widgets import Select

from tui.model.results import CallStatus
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.more_below import MoreBelow
from tui.ui.widgets.results.result_view import ResultView
from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList

SIZES = [(80, 24), (120, 40), (160, 48)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def screen_lines(app: McpTuiApp) -> list[str]:
    """The terminal's lines as the active screen draws them now."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def on_screen(app: McpTuiApp, text: str) -> bool:
    return any(text in line for line in screen_lines(app))


async def call_and_allow(pilot: Any, app: McpTuiApp) -> None:
    view = panel(app).query_one(ResultView)
    before = view.outcome
    await pilot.press("ctrl+r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
    await pilot.press("o")
    await wait_for(pilot, lambda: view.outcome is not before and not app.screen.is_modal)
    assert view.outcome is not None
    assert view.outcome.status is CallStatus.OK, view.outcome


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_result_of_a_read_is_on_screen_after_the_call(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], {"action": "read", "path": "welcome.txt"})
        await call_and_allow(pilot, app)
        first_line = "Welcome to the mcp-tui demo sandbox."
        await wait_for(pilot, lambda: on_screen(app, first_line))
        # ctrl+o gives the pane with the focus the whole screen. After the call the focus is back in the
        # form, where it was; in the result, ctrl+o shows every line of the file, and the list is gone.
        result = panel(app).query_one(ResultView)
        result.focus()
        await wait_for(pilot, lambda: app.focused is result)
        last_line = "Try manage_files with action=read on this file, then append to notes.md."
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: on_screen(app, last_line) and not on_screen(app, "add_note"))
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: on_screen(app, "add_note"))


async def test_a_result_longer_than_its_pane_says_so_and_zooms(home: Path) -> None:
    sandbox = home / "demo-sandbox"  # where the demo acts under this MCP_TUI_HOME
    sandbox.mkdir()
    (sandbox / "long.txt").write_text("".join(f"line {n}\n" for n in range(60)), encoding="utf-8")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], {"action": "read", "path": "long.txt"})
        await call_and_allow(pilot, app)
        more = panel(app).query_one("#call-output-more", MoreBelow)
        await wait_for(pilot, lambda: on_screen(app, "▼ more below · PgDn scrolls · ctrl+o zooms"))
        assert more.display
        result = panel(app).query_one(ResultView)
        result.scroll_end(animate=False)
        await wait_for(pilot, lambda: not more.display and on_screen(app, "line 59"))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_dropdown_shows_its_options_when_opened(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"])
        dropdown = panel(app).query_one(Select)
        dropdown.focus()
        await wait_for(pilot, lambda: app.focused is dropdown)
        await pilot.press("enter")
        await wait_for(pilot, lambda: dropdown.expanded)
        for option in ("read", "append", "replace", "delete"):
            await wait_for(pilot, lambda option=option: on_screen(app, f"  {option}  "))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_the_dialog_shows_every_argument(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["add_note"], {"text": "buy oat milk"})
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await wait_for(pilot, lambda: on_screen(app, '"text": "buy oat milk"'))
        await wait_for(pilot, lambda: on_screen(app, "Allow once (o)"))


def two_demos(home: Path, names: tuple[str, ...]) -> str:
    lines = []
    for name in names:
        sandbox = home / f"{name}-sandbox"
        sandbox.mkdir()
        lines += [
            f'[servers."{name}"]',
            f"command = {sys.executable!r}",
            f'args = ["-m", "tui", "demo-server", "--sandbox", {str(sandbox)!r}]',
            "",
        ]
    return "\n".join(lines)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_rows_of_the_same_tool_name_name_their_servers(home: Path, size: tuple[int, int]) -> None:
    names = ("everything-stdio", "everything-http")
    app = make_app(home, two_demos(home, names))
    async with app.run_test(size=size) as pilot:
        for name in names:
            await wait_for_tools(pilot, app, name)
        tools = app.main_screen.query_one(ToolList)
        await wait_for(pilot, lambda: len(tools.visible_tools) == 26)
        tools.set_filter("add_note")
        await wait_for(pilot, lambda: len(tools.visible_tools) == 2)
        # Sorted by server (the default): each server's full name heads its rows.
        for name in names:
            await wait_for(pilot, lambda name=name: row_after(app, f"@{name}", "add_note"))
        if size[0] >= 120:  # sorted by risk the rows mix: each names its server in a column of its own
            await pilot.press("ctrl+t")
            await wait_for(pilot, lambda: tools.sort_by_risk)
            for name in names:
                await wait_for(
                    pilot,
                    lambda name=name: any(
                        "add_note" in line and f"@{name} " in line for line in screen_lines(app)
                    ),
                )


def row_after(app: McpTuiApp, header: str, tool: str) -> bool:
    """``header`` is on screen, whole, and the line under it shows ``tool``."""
    lines = screen_lines(app)
    return any(f" {header} " in line and tool in lines[index + 1] for index, line in enumerate(lines[:-1]))


async def test_the_side_tabs_follow_the_open_tool_and_name_its_server(home: Path) -> None:
    app = make_app(home, two_demos(home, ("alpha", "beta")))
    async with app.run_test(size=(80, 24)) as pilot:
        for name in ("alpha", "beta"):
            await wait_for_tools(pilot, app, name)
        servers = app.main_screen.query_one(ServerList)
        await wait_for(pilot, lambda: servers.highlighted_server == "alpha")  # the first row
        clock = next(t for t in app.session.tools("beta") if t.name == "world_clock")
        await open_tool(pilot, app, clock)
        for key, pane, listing in (("f7", "Resources", "resource-list"), ("f8", "Prompts", "prompt-list")):
            await pilot.press(key)
            await wait_for(pilot, lambda pane=pane: on_screen(app, f"{pane}: beta"))
            assert app.screen.focused is not None
            assert app.screen.focused.id == listing  # the keys put the focus in the list
        assert servers.highlighted_server == "beta"
