"""The Traffic tab's table: one row per JSON-RPC message, drawn only where it is on screen.

A server can send thousands of messages. A DataTable measures every cell of every row it is given (about
a tenth of a millisecond a row), so refiltering 2000 rows took a fifth of a second per keystroke. Here the
rows are a plain list: a filter replaces the list, a new message appends to it, and only the rows on screen
are formatted (which is when a message's size is worked out). At most ``limit`` rows are kept, the oldest
going first, like the traffic log itself.

Cells are the server's data: they are drawn as plain segments, through ``visible_line`` (controls, hiding
characters, tabs and line breaks shown as escapes), never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.model.features import TrafficRecord
from tui.safety.visible_text import visible_line

ARROWS = {"out": "→", "in": "←"}
"""→ from mcp-tui to the server, ← from the server."""
# The method comes first after the direction: in a narrow pane (80 columns) it is what is left to see.
# The kind comes last: the arrow, the method and the id already tell a request, its response and a
# notification apart, so at 120 columns the latency and size fit beside the method instead.
HEADERS = ("time", "", "method", "id", "latency", "bytes", "kind")
LIMITS = (12, 1, 40, 12, 10, 9, 12)
"""The most cells each column takes; a longer method or id is cut with "…" (Enter shows it whole)."""


def latency(record: TrafficRecord) -> str:
    return f"{record.latency_ms:.0f} ms" if record.latency_ms is not None else ""


def message_id(record: TrafficRecord) -> str:
    return "" if record.id is None else str(record.id)


GROWING: dict[int, Callable[[TrafficRecord], str]] = {
    2: lambda record: record.method or "",
    3: message_id,
    4: latency,
    6: lambda record: record.kind,
}
"""Columns as wide as their widest cell (up to the limit), and that cell; the others are as wide as the
limit. A message's size is not among them: it is worked out only for the rows drawn."""


def row(record: TrafficRecord) -> tuple[str, ...]:
    """The cells of one message, as text (not yet cleaned)."""
    return (
        datetime.fromtimestamp(record.time).strftime("%H:%M:%S.%f")[:-3],
        ARROWS[record.direction],
        record.method or "",
        message_id(record),
        latency(record),
        str(record.size),
        record.kind,
    )


def shown_width(text: str) -> int:
    """The cells ``text`` takes once cleaned (plain ASCII, the usual case, needs no cleaning)."""
    return len(text) if text.isascii() and text.isprintable() else cell_len(visible_line(text))


def fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells: padded, or cut with an ellipsis."""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + "…" if width > 0 else ""


class TrafficTable(ScrollView, can_focus=True):
    """Messages in rows under a header; Up, Down, Page Up/Down, Home and End move the cursor, Enter or a
    click selects (``RowSelected``)."""

    COMPONENT_CLASSES = {"traffic-table--header", "traffic-table--cursor"}
    DEFAULT_CSS = """
    TrafficTable { background: $surface; }
    TrafficTable > .traffic-table--header { text-style: bold; background: $panel; color: $foreground; }
    TrafficTable > .traffic-table--cursor {
        background: $block-cursor-blurred-background;
        color: $block-cursor-blurred-foreground;
        text-style: $block-cursor-blurred-text-style;
    }
    TrafficTable:focus > .traffic-table--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: $block-cursor-text-style;
    }
    """
    BINDINGS = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Show JSON", show=False),
    ]

    cursor_row: reactive[int] = reactive(0)

    class RowSelected(Message):
        def __init__(self, record: TrafficRecord) -> None:
            super().__init__()
            self.record = record

    def __init__(self, limit: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.limit = limit
        self.records: list[TrafficRecord] = []
        self._widths = self._header_widths()
        self._showing_cursor = False

    @property
    def row_count(self) -> int:
        return len(self.records)

    def replace(self, records: Iterable[TrafficRecord]) -> None:
        """Show these records instead (the last ``limit`` of them), the cursor on the first."""
        self.records = list(records)[-self.limit :]
        self._widths = self._header_widths()
        for record in self.records:
            self._widen(record)
        self.cursor_row = 0
        self._resized()
        self.scroll_home(animate=False, immediate=True)

    def append(self, record: TrafficRecord) -> None:
        """One more row at the end. With the cursor on the last row (End), the cursor follows it."""
        following = self.cursor_row >= len(self.records) - 1
        self.records.append(record)
        self._widen(record)
        if len(self.records) > self.limit:
            dropped = len(self.records) - self.limit
            del self.records[:dropped]
            self.cursor_row = max(0, self.cursor_row - dropped)  # still on the same message if kept
            self.scroll_to(y=max(0, self.scroll_offset.y - dropped), animate=False, immediate=True)
        self._resized()
        if following:
            self.cursor_row = len(self.records) - 1
            self._follow_after_layout()

    def move_cursor(self, *, row: int) -> None:
        self.cursor_row = max(0, min(row, len(self.records) - 1))
        self._show_cursor()

    def _header_widths(self) -> list[int]:
        columns = enumerate(zip(HEADERS, LIMITS, strict=True))
        return [len(header) if column in GROWING else limit for column, (header, limit) in columns]

    def _widen(self, record: TrafficRecord) -> None:
        for column, cell in GROWING.items():
            needed = shown_width(cell(record))
            if needed > self._widths[column]:
                self._widths[column] = min(LIMITS[column], needed)

    def _resized(self) -> None:
        row_width = sum(self._widths) + 2 * len(self._widths)  # a space either side of each cell
        self.virtual_size = Size(row_width, len(self.records) + 1)
        self.refresh()

    def _show_cursor(self) -> None:
        self._showing_cursor = False
        top = self.scroll_offset.y
        visible = max(1, self.scrollable_content_region.height - 1)  # below the header
        if self.cursor_row < top:
            self.scroll_to(y=self.cursor_row, animate=False, immediate=True)
        elif self.cursor_row >= top + visible:
            self.scroll_to(y=self.cursor_row - visible + 1, animate=False, immediate=True)

    def action_cursor(self, step: int) -> None:
        self.move_cursor(row=self.cursor_row + step)

    def action_first(self) -> None:
        self.move_cursor(row=0)

    def action_last(self) -> None:
        self.move_cursor(row=len(self.records) - 1)

    def action_page(self, pages: int) -> None:
        self.move_cursor(row=self.cursor_row + pages * max(1, self.scrollable_content_region.height - 1))

    def action_select(self) -> None:
        if self.records:
            self.post_message(self.RowSelected(self.records[self.cursor_row]))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y == 0:
            return
        index = self.scroll_offset.y + offset.y - 1
        if index < len(self.records):
            self.move_cursor(row=index)
            self.action_select()

    def on_show(self) -> None:
        self.opened()

    def opened(self) -> None:
        """The table's tab was opened: a cursor on the last row is brought into view once laid out (called
        on the tab's activation too, as Textual's Show does not always come: see ``ServerLogView.opened``)."""
        self._follow_after_layout()

    def on_resize(self) -> None:
        self._follow_after_layout()

    def _follow_after_layout(self) -> None:
        # After the next refresh, once per refresh however many messages arrive before it; and on show or
        # resize, for messages that came while the tab was hidden (no height to scroll in): a cursor on the
        # last row is brought into view.
        if self.records and self.cursor_row >= len(self.records) - 1 and not self._showing_cursor:
            self._showing_cursor = True
            self.call_after_refresh(self._show_cursor)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def render_line(self, y: int) -> Strip:
        if y == 0:
            return self._strip(HEADERS, "traffic-table--header")
        index = self.scroll_offset.y + y - 1
        if index >= len(self.records):
            return Strip.blank(self.scrollable_content_region.width, self.rich_style)
        cursor = "traffic-table--cursor" if index == self.cursor_row else None
        return self._strip([visible_line(cell) for cell in row(self.records[index])], cursor)

    def _strip(self, cells: Iterable[str], component: str | None) -> Strip:
        text = "".join(f" {fit(cell, width)} " for cell, width in zip(cells, self._widths, strict=True))
        style = self.rich_style + self.get_component_rich_style(component) if component else self.rich_style
        scroll_x, width = self.scroll_offset.x, self.scrollable_content_region.width
        return Strip([Segment(text, style)]).crop_extend(scroll_x, scroll_x + width, style)
