"""A tab's key opens its tab from wherever the focus is, and takes the focus into it: before, F3, F9 and
F10 pressed in the Resources or Prompts list or the Traffic table left that tab open (Textual passed the
focus to a sibling in the hidden pane, and a pane with the focus is made active again)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for_tools
from textual.widgets import TabbedContent, TabPane

from tui.ui.app import McpTuiApp

TAB_KEYS = {
    "f2": "history",
    "f3": "logs",
    "f7": "resources",
    "f8": "prompts",
    "f9": "traffic",
    "f10": "server-info",
}
STARTS = {"#resource-list": "resources", "#prompt-list": "prompts", "#traffic-table": "traffic"}


def pane_of_focus(app: McpTuiApp) -> str | None:
    """The id of the tab whose pane holds the focused widget."""
    focused = app.focused
    panes = app.main_screen.query_one(TabbedContent).query(TabPane)
    return next((pane.id for pane in panes if focused is not None and pane in focused.ancestors), None)


async def focus_in(pilot, app: McpTuiApp, selector: str, tab: str) -> None:  # type: ignore[no-untyped-def]
    app.main_screen.query_one(TabbedContent).active = tab
    await pilot.pause()
    app.main_screen.query_one(selector).focus()
    await pilot.pause()
    assert app.focused is app.main_screen.query_one(selector)


@pytest.mark.slow
async def test_every_tab_key_opens_its_tab_from_the_lists_and_the_traffic_table(home: Path) -> None:
    # At 80x24, where it was found; the focus rules do not depend on the size, and the 18 presses take
    # most of a core's 17 s, so one size.
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_tools(pilot, app)
        await app.main_screen.workspace_ready.wait()
        tabs = app.main_screen.query_one(TabbedContent)
        for selector, start in STARTS.items():
            for key, tab in TAB_KEYS.items():
                await focus_in(pilot, app, selector, start)
                await pilot.press(key)
                await pilot.pause()
                assert (tabs.active, pane_of_focus(app)) == (tab, tab), f"{key} pressed in {selector}"


async def test_each_tab_key_puts_the_focus_on_its_list_or_table(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_tools(pilot, app)
        await app.main_screen.workspace_ready.wait()
        expected = {
            "f2": "history-list",
            "f3": "log-view",
            "f7": "resource-list",
            "f8": "prompt-list",
            "f9": "traffic-table",
        }
        for key, widget_id in expected.items():
            app.main_screen.action_focus_filter()  # from the tool filter on the left
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert app.focused is not None, key
            assert app.focused.id == widget_id, key


async def test_a_tool_opened_from_the_resources_list_opens_the_call_tab_with_its_form_focused(
    home: Path,
) -> None:
    # As the palette's "Open tool" does, while the focus is in a tab the Call tab replaces.
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        tools = {tool.name: tool for tool in await wait_for_tools(pilot, app)}
        await app.main_screen.workspace_ready.wait()
        await focus_in(pilot, app, "#resource-list", "resources")
        await open_tool(pilot, app, tools["http_api"])
        form = panel(app).form
        assert form is not None
        assert app.focused in form.walk_children()
        assert app.main_screen.query_one(TabbedContent).active == "call"


async def test_a_click_on_a_tab_opens_it_with_the_focus_in_the_traffic_table(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await app.main_screen.workspace_ready.wait()
        await focus_in(pilot, app, "#traffic-table", "traffic")
        await pilot.click("#--content-tab-logs")
        await pilot.pause()
        assert app.main_screen.query_one(TabbedContent).active == "logs"


async def test_a_tab_opened_any_other_way_takes_the_focus_along_and_stays_open(home: Path) -> None:
    # The palette, a click, a tool opened: each sets the active tab; the pane it hides keeps no focus
    # that would bring it back.
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_tools(pilot, app)
        await app.main_screen.workspace_ready.wait()
        tabs = app.main_screen.query_one(TabbedContent)
        for selector, start in STARTS.items():
            await focus_in(pilot, app, selector, start)
            tabs.active = "details"
            await pilot.pause()
            assert (tabs.active, pane_of_focus(app)) == ("details", "details"), selector
