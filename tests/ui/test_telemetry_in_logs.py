"""Telemetry a collector would not take is told in the Logs tab, as mcp-tui's own line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from app_harness import make_app, wait_for, wait_for_tools

from tui.ui.widgets.log_view import ServerLogView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "telemetry"))
from receiver import Receiver


async def test_what_a_refusing_collector_did_not_take_shows_in_the_logs_tab(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Receiver() as receiver:
        receiver.answer = 400
        monkeypatch.setenv("MCP_TUI_TELEMETRY", "otlp")
        monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url)
        app = make_app(home)
        async with app.run_test(size=(140, 45)) as pilot:
            await wait_for_tools(pilot, app)
            await pilot.press("f3")
            log_view = app.main_screen.query_one(ServerLogView)

            def told() -> list[str]:  # with the logs in view: the server's, or every server's
                lines = log_view.lines_of("demo") + log_view.lines_of("mcp-tui")
                return [line for line in lines if "telemetry" in line]

            await wait_for(pilot, told)
            line = told()[0]
            assert line.startswith(f"warning: mcp-tui: telemetry: exporting to {receiver.url}: 0 spans")
