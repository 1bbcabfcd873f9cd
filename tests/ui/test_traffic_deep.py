"""A message nested as deeply as Python's parser reads (about 1000 levels) in the Traffic tab: its row is
drawn, and showing or exporting its JSON says why it is left out instead of failing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from test_traffic_table import Host, showing
from textual.widgets import Static

from tui.client.traffic import TrafficLog, export_jsonl
from tui.ui.widgets.traffic_table import TrafficTable

DEPTH = 990


def deep_answer() -> dict[str, Any]:
    # As deep as json.loads reads when the stdio reader decodes an invalid answer for the log.
    value: Any = 1
    for _ in range(DEPTH):
        value = {"k": value}
    return {"jsonrpc": "2.0", "id": 1, "result": value}


async def test_showing_a_message_nested_too_deeply_says_so() -> None:
    log = TrafficLog()
    async with Host(log).run_test(size=(140, 30)) as pilot:
        _, table = await showing(pilot, log)
        log.add("in", deep_answer())
        log.add("in", {"jsonrpc": "2.0", "id": 2, "result": {}})
        await pilot.pause()
        assert table.row_count == 2
        table.focus()
        await pilot.press("home", "enter")
        await pilot.pause()
        shown = str(pilot.app.query_one("#traffic-json", Static).render())
        assert shown == "(not shown: this message is nested too deeply to lay out as JSON)"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert json.loads(str(pilot.app.query_one("#traffic-json", Static).render()))["id"] == 2
        assert isinstance(table, TrafficTable)


def test_exporting_a_message_nested_too_deeply_writes_a_note_in_its_place(tmp_path: Path) -> None:
    log = TrafficLog()
    log.add("in", deep_answer())
    log.add("in", {"jsonrpc": "2.0", "id": 2, "result": {}})
    path = tmp_path / "traffic.jsonl"
    assert export_jsonl(log.records, path) == 2
    first, second = (json.loads(line) for line in path.read_text().splitlines())
    assert first["message"] == "(not shown: this message is nested too deeply to lay out as JSON)"
    assert first["id"] == 1
    assert second["message"]["id"] == 2
