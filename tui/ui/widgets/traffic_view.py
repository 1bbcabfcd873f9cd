"""Traffic: every JSON-RPC message of one server (time, direction, method, id, latency, size), filtered
by method, each expandable to its JSON (secrets already redacted); exported as JSON Lines."""

from __future__ import annotations

import json
import time
from datetime import datetime
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, DataTable, Input, Static

from tui.client.feature_models import TrafficRecord
from tui.client.traffic import matching
from tui.ui.safe_text import clean, literal
from tui.ui.widgets.feature_pane import FeaturePane

ARROWS = {"out": "→", "in": "←"}
"""→ from mcp-tui to the server, ← from the server."""


def row(record: TrafficRecord) -> tuple[str, ...]:
    latency = f"{record.latency_ms:.0f} ms" if record.latency_ms is not None else ""
    return (
        datetime.fromtimestamp(record.time).strftime("%H:%M:%S.%f")[:-3],
        ARROWS[record.direction],
        record.kind,
        record.method or "",
        "" if record.id is None else str(record.id),
        latency,
        str(record.size),
    )


class TrafficView(FeaturePane):
    DEFAULT_CSS = """
    TrafficView .pane-buttons { height: auto; }
    TrafficView #traffic-filter { width: 1fr; }
    TrafficView #traffic-table { height: 1fr; }
    TrafficView #traffic-detail { height: 12; border-top: solid $panel; }
    """

    def __init__(self, session: Any, *, id: str | None = None) -> None:
        super().__init__(session, id=id)
        self.shown: list[TrafficRecord] = []

    def compose(self) -> ComposeResult:
        yield self.status
        with Horizontal(classes="pane-buttons"):
            yield Input(placeholder="filter by method", id="traffic-filter")
            yield Button("Export JSON Lines", id="traffic-export", compact=True)
        table: DataTable[str] = DataTable(id="traffic-table", cursor_type="row")
        table.add_columns("time", "", "kind", "method", "id", "latency", "bytes")
        yield table
        with VerticalScroll(id="traffic-detail"):
            yield Static("Enter on a row shows its JSON.", id="traffic-json")

    @property
    def loaded(self) -> bool:
        return self._loaded

    _loaded = False

    @property
    def method_filter(self) -> str:
        return self.query_one("#traffic-filter", Input).value

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        self.shown = []
        if self.server is None or self.session.manager is None:
            return
        self._loaded = True
        for record in matching(self.session.features.traffic(self.server), self.method_filter):
            self._append(record)
        self.say(f"{len(self.shown)} messages of {self.server} (→ sent, ← received; secrets redacted).")

    def _append(self, record: TrafficRecord) -> None:
        self.shown.append(record)
        # rich Text, not str: a str cell would be read as markup.
        self.query_one(DataTable).add_row(*(Text(clean(cell)) for cell in row(record)))

    def add(self, server: str, record: TrafficRecord) -> None:
        """A new message: shown at once when it is this server's and passes the filter."""
        if server == self.server and matching([record], self.method_filter):
            self._append(record)

    @on(Input.Changed, "#traffic-filter")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        self.reload()

    @on(DataTable.RowSelected)
    def _expand(self, event: DataTable.RowSelected) -> None:
        event.stop()
        record = self.shown[event.cursor_row]
        text = json.dumps(record.message, indent=2, ensure_ascii=False)
        self.query_one("#traffic-json", Static).update(literal(text))

    @on(Button.Pressed, "#traffic-export")
    def _export(self, event: Button.Pressed) -> None:
        event.stop()
        self.export()

    def export(self) -> None:
        if self.server is None:
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.session.startup.paths.log_dir / f"traffic-{self.server}-{stamp}.jsonl"
        try:
            count = self.session.features.export_traffic(self.server, path, self.method_filter)
        except OSError as error:
            self.say(f"Not exported: {path} could not be written ({error}).", error=True)
            return
        self.say(f"Exported {count} messages (redacted) to {path}")
