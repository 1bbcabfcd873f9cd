"""ctrl+t switches the tool list between two orders; the footer names the one it switches to next."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app_harness import make_app, wait_for_tools
from textual.app import App
from textual.widgets._footer import FooterKey

from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList


def ctrl_t_says(app: App[Any]) -> str:
    [key] = [key for key in app.screen.query(FooterKey) if key.key == "ctrl+t"]
    return key.description


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
