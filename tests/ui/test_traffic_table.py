"""The Traffic tab under a flood: bounded, filtered as you type, literal, and never showing a secret."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input, Static, TabbedContent, TabPane

from tui.client.traffic import TrafficLog
from tui.model.redact import redact
from tui.session.traffic import matching
from tui.ui.widgets.traffic_table import TrafficTable
from tui.ui.widgets.traffic_view import TrafficView

TOKEN = "Bearer abcdefghijklmnop"


class Host(App[None]):
    def __init__(self, log: TrafficLog) -> None:
        super().__init__()
        # Filtered by method as the session's features hand them out.
        features = SimpleNamespace(traffic=lambda server, wanted="": matching(log.records, wanted))
        self.fake_session = SimpleNamespace(manager=object(), features=features)

    def compose(self) -> ComposeResult:
        yield TrafficView(self.fake_session, id="traffic")  # type: ignore[arg-type]


def call(n: int, method: str = "tools/call") -> dict[str, Any]:
    headers = {"Authorization": TOKEN}
    return {"jsonrpc": "2.0", "id": n, "method": method, "params": {"n": n, "headers": headers}}


def screen_rows(table: TrafficTable) -> list[str]:
    return [table.render_line(y).text for y in range(table.scrollable_content_region.height)]


async def showing(pilot: Any, log: TrafficLog) -> tuple[TrafficView, TrafficTable]:
    view = pilot.app.query_one(TrafficView)
    view.show_server("s")
    log.on_record = lambda record: view.add("s", record)
    await pilot.pause()
    return view, pilot.app.query_one(TrafficTable)


async def test_a_flood_keeps_the_table_as_bounded_as_the_log_and_redacts_nothing_unseen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    redacted: list[object] = []
    monkeypatch.setattr("tui.model.features.redact", lambda value: redacted.append(value) or redact(value))
    log = TrafficLog(capacity=300)
    async with Host(log).run_test(size=(140, 30)) as pilot:
        view, table = await showing(pilot, log)
        table.limit = 300
        for n in range(1000):
            log.add("out", call(n))
        await pilot.pause()
        assert table.row_count == 300
        assert view.shown == list(log.records)
        rows = screen_rows(table)
        assert " 999 " in rows[-1], "with the cursor on the last row, the table follows the newest message"
        assert table.cursor_row == 299
        assert redacted == [], "drawing a row needs its size, never its redacted JSON"


async def test_typing_a_filter_narrows_the_rows_at_every_keystroke_and_enter_shows_redacted_json() -> None:
    log = TrafficLog()
    async with Host(log).run_test(size=(140, 30)) as pilot:
        _, table = await showing(pilot, log)
        for n in range(600):
            log.add("out", call(n, ("tools/call", "resources/read", "tools/list")[n % 3]))
        pilot.app.query_one(Input).focus()
        for key, rows in zip("tools/", (400,) * 6, strict=True):
            await pilot.press(key)
            assert table.row_count == rows
        await pilot.press("c")
        assert table.row_count == 200
        assert [record.method for record in table.records] == ["tools/call"] * 200
        table.focus()
        await pilot.press("end", "up", "enter")
        await pilot.pause()
        shown = str(pilot.app.query_one("#traffic-json", Static).render())
        assert json.loads(shown)["params"] == {"n": 594, "headers": {"Authorization": "<redacted>"}}
        assert "abcdefghijklmnop" not in shown


async def test_keys_and_clicks_move_the_cursor_which_is_drawn_apart() -> None:
    log = TrafficLog()
    async with Host(log).run_test(size=(140, 30)) as pilot:
        view, table = await showing(pilot, log)
        for n in range(100):
            log.add("out", call(n))
        table.focus()
        await pilot.press("home", "down", "down")
        assert table.cursor_row == 2
        await pilot.press("pagedown")
        assert table.cursor_row > 10
        assert table.scroll_offset.y > 0, "the cursor stays on screen"
        await pilot.press("end")
        assert table.cursor_row == 99
        await pilot.press("home")
        await pilot.click(TrafficTable, offset=(20, 4))  # the header, then rows 0, 1, 2
        assert table.cursor_row == 3
        assert json.loads(str(pilot.app.query_one("#traffic-json", Static).render()))["id"] == 3
        lines = [table.render_line(y) for y in (1, 4)]
        cells = lines[0].text.split()
        assert (cells[2:4], cells[-1]) == (["tools/call", "0"], "request")
        assert {s.style for s in lines[0]} != {s.style for s in lines[1]}, "the cursor row stands out"
        assert view.shown[table.cursor_row].id == 3


async def test_a_method_is_drawn_literally_and_cut_without_breaking_the_columns() -> None:
    log = TrafficLog()
    async with Host(log).run_test(size=(200, 30)) as pilot:
        _, table = await showing(pilot, log)
        log.add("out", call(1, "[b]bold[/b]\x1b[31m"))
        log.add("out", call(2, "x" * 100))
        await pilot.pause()
        first, second = screen_rows(table)[1:3]
        assert "[b]bold[/b]\\x1b[31m" in first
        assert "x" * 39 + "…" in second
        assert first.index("  1 ") == second.index("  2 "), "the id column lines up"


async def test_a_flood_leaves_the_cursor_on_the_message_it_was_on() -> None:
    log = TrafficLog()
    async with Host(log).run_test(size=(140, 30)) as pilot:
        _, table = await showing(pilot, log)
        table.limit = 300
        for n in range(300):
            log.add("out", call(n))
        table.move_cursor(row=150)
        for n in range(300, 400):
            log.add("out", call(n))
        await pilot.pause()
        assert table.row_count == 300
        assert table.records[table.cursor_row].id == 150
        assert any(" 150 " in text for text in screen_rows(table)), "and on screen"


class TabbedHost(Host):
    def compose(self) -> ComposeResult:
        with TabbedContent(initial="other"):
            with TabPane("Other", id="other"):
                yield Static("another tab")
            with TabPane("Traffic", id="traffic-tab"):
                yield TrafficView(self.fake_session, id="traffic")  # type: ignore[arg-type]


async def test_messages_that_came_while_the_tab_was_hidden_are_followed_when_it_shows() -> None:
    log = TrafficLog()
    async with TabbedHost(log).run_test(size=(120, 30)) as pilot:
        _view, table = await showing(pilot, log)
        for n in range(500):
            log.add("out", call(n))
        await pilot.pause()
        pilot.app.query_one(TabbedContent).active = "traffic-tab"
        await pilot.pause()
        await pilot.pause()
        assert " 499 " in screen_rows(table)[-1]  # the newest message, on the last row on screen
