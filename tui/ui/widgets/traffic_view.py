"""Traffic: every JSON-RPC message of one server (time, direction, method, id, latency, size), filtered
by method as you type, each expandable to its JSON (secrets redacted); exported as JSON Lines.

The rows are a ``TrafficTable``, which draws only what is on screen: a flood of messages or a filter over
the whole log costs a list, and a message is redacted only when its JSON is shown or exported.
"""

from __future__ import annotations

import time

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Static

from tui.model.features import TrafficRecord
from tui.session.traffic import CAPACITY, passes, shown_json
from tui.ui.safe_text import literal
from tui.ui.widgets.feature_pane import FeaturePane
from tui.ui.widgets.traffic_table import TrafficTable


class TrafficView(FeaturePane):
    KIND = "Traffic"
    DEFAULT_CSS = """
    TrafficView .pane-buttons { height: auto; }
    TrafficView #traffic-filter { width: 1fr; }
    TrafficView #traffic-table { height: 3fr; min-height: 3; }
    TrafficView #traffic-detail { height: 2fr; max-height: 12; border-top: solid $panel; }
    """

    def compose(self) -> ComposeResult:
        yield self.status
        with Horizontal(classes="pane-buttons"):
            yield Input(placeholder="filter by method", id="traffic-filter")
            yield Button("Export JSON Lines", id="traffic-export", compact=True)
        yield TrafficTable(CAPACITY, id="traffic-table")
        with VerticalScroll(id="traffic-detail"):
            yield Static("Enter on a row shows its JSON.", id="traffic-json")

    @property
    def loaded(self) -> bool:
        return self._loaded

    _loaded = False

    @property
    def shown(self) -> list[TrafficRecord]:
        """The messages in the table, oldest first (at most the log's capacity)."""
        return self.query_one(TrafficTable).records

    @property
    def method_filter(self) -> str:
        return self.query_one("#traffic-filter", Input).value

    def reload(self) -> None:
        table = self.query_one(TrafficTable)
        if self.server is None or self.session.manager is None:
            table.replace([])
            return
        self._loaded = True
        table.replace(self.session.features.traffic(self.server, self.method_filter))
        self.say(f"{table.row_count} messages of {self.server} (→ sent, ← received; secrets redacted).")

    def add(self, server: str, record: TrafficRecord) -> None:
        """A new message: shown at once when it is this server's and passes the filter."""
        if server == self.server and passes(record, self.method_filter):
            self.query_one(TrafficTable).append(record)

    @on(Input.Changed, "#traffic-filter")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        self.reload()

    @on(TrafficTable.RowSelected)
    def _expand(self, event: TrafficTable.RowSelected) -> None:
        event.stop()
        self.query_one("#traffic-json", Static).update(literal(shown_json(event.record)))

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
