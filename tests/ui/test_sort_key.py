"""ctrl+t switches the tool list between two orders, wherever the focus is; the list's own line says
which order it shows and names the key (the footer leaves ctrl+t out to make room)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_harness import make_app, wait_for_tools
from textual.app import App
from textual.widgets import Static

from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList


def ctrl_t_says(app: App[Any]) -> str:
    """What the tool list's line says of the order, the key included."""
    line = str(app.screen.query_one("#tool-list-status", Static).content)
    assert "ctrl+t" in line
    return "Sort by server" if "riskiest first" in line or "by risk" in line else "Sort by risk"


async def test_the_footer_says_which_order_ctrl_t_sorts_by_next(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(200, 40)) as pilot:
        await wait_for_tools(pilot, app)
        tools = app.main_screen.query_one(ToolList)
        assert ctrl_t_says(app) == "Sort by risk"
        await pilot.press("ctrl+t")  # in the filter: the list's own key
        await pilot.pause()
        assert tools.sort_by_risk
        assert ctrl_t_says(app) == "Sort by server"
        app.main_screen.query_one(ServerList).focus()  # outside the list: the screen's key
        await pilot.pause()
        assert ctrl_t_says(app) == "Sort by server"
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert not tools.sort_by_risk
        assert ctrl_t_says(app) == "Sort by risk"
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert tools.sort_by_risk
        assert ctrl_t_says(app) == "Sort by server"
