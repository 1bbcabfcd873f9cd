"""The Logs and Traffic tabs, opened after lines or messages came while another tab showed, draw them and
follow the tail at 80x24, opened by key or from the tab bar (a click on the tab).

At 80 columns the tab bar scrolls to the tab being opened, and Textual's Show event then often does not
come; these tabs are told on the tab's activation instead, as the feature panes are.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import wait_for
from test_feature_tabs import app_with
from textual.pilot import Pilot
from textual.widgets import TabbedContent, Tabs

from tui.model.events import StderrLine, TrafficRecorded
from tui.model.features import TrafficRecord
from tui.ui.app import McpTuiApp
from tui.ui.widgets.log_view import ServerLogView
from tui.ui.widgets.traffic_table import TrafficTable

# Tabs a person opens Logs or Traffic from (the History, Call and Server tabs: the tab bar scrolls between
# them at 80 columns), and how Logs or Traffic is opened again.
BEFORE = ["f2", "f10", "f2", "f10", "f2"]
OPENED_BY = ["key", "tab bar"]


def message(n: int) -> TrafficRecord:
    return TrafficRecord(
        time=0.0, direction="in", kind="notification", method=f"notes/{n}", id=None, unredacted={}
    )


async def open_tab(pilot: Pilot[None], app: McpTuiApp, key: str, tab: str, how: str = "key") -> None:
    if how == "tab bar":  # as a click on the tab does, without the key's own handling
        app.main_screen.query_one(Tabs).active = f"--content-tab-{tab}"
    else:
        await pilot.press(key)
    await pilot.wait_for_scheduled_animations()  # the tab bar's scroll to the opened tab
    pane = app.main_screen.query_one(f"#{tab}")

    def opened() -> bool:
        """the tab to be the active one, its pane laid out on screen"""
        return app.main_screen.query_one(TabbedContent).active == tab and pane.region.area > 0

    await wait_for(pilot, opened)


@pytest.mark.parametrize("how", OPENED_BY)
async def test_the_logs_tab_shows_the_lines_that_came_while_hidden_and_their_tail(
    home: Path, how: str
) -> None:
    app = app_with(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.session.ready("f", timeout=45)
        screen = app.main_screen
        await screen.mount_workspace()
        view = screen.query_one(ServerLogView)
        written = 0
        for before in BEFORE:
            await open_tab(pilot, app, "f3", "logs")
            await open_tab(pilot, app, before, "history" if before == "f2" else "server-info")
            for _ in range(30):  # more than the view holds on screen
                written += 1
                screen.handle_session_event(StderrLine("f", f"line {written}"))

            def dealt_with_while_hidden() -> bool:
                """the view's flush to have come while hidden: nothing written, all drawn when it shows"""
                return view._stale and not view._pending and view._flush_timer is None

            await wait_for(pilot, dealt_with_while_hidden)
            await open_tab(pilot, app, "f3", "logs", how)

            def at_the_tail(last: str = f"line {written}") -> bool:
                """the lines that came while hidden to be drawn, the view at its (scrolled) tail"""
                return view.lines[-1:] == [last] and view.scroll_y == view.max_scroll_y > 0

            # A view never told it was opened keeps its old lines and place: the wait then times out.
            await wait_for(pilot, at_the_tail)


@pytest.mark.parametrize("how", OPENED_BY)
async def test_the_traffic_tab_follows_the_tail_it_was_following(home: Path, how: str) -> None:
    app = app_with(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.session.ready("f", timeout=45)
        screen = app.main_screen
        await screen.mount_workspace()
        table = screen.query_one(TrafficTable)
        sent = 0
        for before in BEFORE:
            await open_tab(pilot, app, "f9", "traffic")
            table.action_last()  # on the last message (End): the table follows new ones
            await open_tab(pilot, app, before, "history" if before == "f2" else "server-info")
            for _ in range(30):
                sent += 1
                screen.handle_session_event(TrafficRecorded("f", message(sent)))

            def dealt_with_while_hidden(last: str = f"notes/{sent}") -> bool:
                """the table's follow after the next refresh to have come while hidden (no height)"""
                return bool(table.records) and table.records[-1].method == last and not table._showing_cursor

            await wait_for(pilot, dealt_with_while_hidden)
            await open_tab(pilot, app, "f9", "traffic", how)

            def follows_the_tail() -> bool:
                """the cursor on the newest message, the bottom row, the ones before it above it"""
                rows = table.scrollable_content_region.height - 1  # below the header
                last = len(table.records) - 1
                return table.cursor_row == last and table.scroll_offset.y == len(table.records) - rows

            # A table never told it was opened stays where it was: the wait then times out.
            await wait_for(pilot, follows_the_tail)
