"""What servers write to stderr and send as log notifications, kept per server and shown literally.

``Log`` draws each line as plain text (no markup); :func:`~tui.ui.safe_text.clean` makes control
sequences visible, so a server cannot recolour or move the terminal from its stderr. Long lines wrap at
the view's width (and wrap again when it changes) rather than running off the pane's edge: a server's lines
wherever the width ends (they are data, often without spaces), the view's own sentence between words.

A server can send thousands of lines a second, and each write into ``Log`` costs a layout of the whole
screen. So new lines wait in a buffer, bounded like the view, and are written together at most every
``FLUSH_SECONDS``; while the view is hidden (another tab is showing) nothing is written at all, and the
kept lines are drawn once when it shows again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rich.cells import cell_len, chop_cells
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Log

from tui.ui.safe_text import clean
from tui.ui.widgets.log_levels import LevelHighlighter

LINE_LIMIT = 4000
"""Characters kept of one line: a server flooding one huge line must not stall rendering."""

FLUSH_SECONDS = 0.1
"""How long new lines wait before they are written together, while the view shows."""


def empty_text(server: str | None) -> str:
    """What an empty view says, so a blank pane is not mistaken for a broken one."""
    if server is None:
        return "No server has written anything yet (stderr and log messages show here)."
    return f"{clean(server)} has written nothing yet (its stderr and log messages show here)."


def word_rows(text: str, width: int) -> list[str]:
    """``text`` in rows of at most ``width`` cells, broken between words; only a word longer than a whole
    row is cut."""
    rows: list[str] = []
    row = ""
    for word in text.split():
        joined = f"{row} {word}" if row else word
        if cell_len(joined) <= width:
            row = joined
            continue
        if row:
            rows.append(row)
        *full, row = chop_cells(word, width)
        rows.extend(full)
    return [*rows, row]


class ServerLogView(Log):
    """Per-server log lines, bounded; :meth:`show` picks one server (or all) and follows the tail."""

    DEFAULT_CSS = """
    ServerLogView { height: 1fr; overflow-x: hidden; }
    """

    def __init__(self, max_lines: int = 2000, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(max_lines=max_lines, auto_scroll=True, highlight=True, id=id, classes=classes)
        self.highlighter = LevelHighlighter()
        self._per_server = max_lines
        self._by_server: dict[str, deque[str]] = {}
        self._all: deque[str] = deque(maxlen=max_lines)
        self._shown: str | None = None
        self._wrap_width = 0  # the width the shown lines were wrapped to; 0 before the first layout
        self._showing_empty = False
        self._pending: deque[str] = deque(maxlen=max_lines)
        """Lines for the shown server that are not written yet (the tail, as ``Log`` keeps it)."""
        self._stale = False
        """The view was hidden while lines came or the server changed: draw everything when it shows."""
        self._flush_timer: Timer | None = None

    @property
    def shown_server(self) -> str | None:
        """The server whose lines are shown; None shows every server's, prefixed with its name."""
        return self._shown

    def lines_of(self, server: str) -> list[str]:
        return list(self._by_server.get(server, ()))

    def add_stderr(self, server: str, line: str) -> None:
        self._add(server, line)

    def add_log(self, server: str, level: str, text: str) -> None:
        """A notifications/message record: its level first, so warnings stand out from chatter."""
        self._add(server, f"{clean(level)}: {text}")

    def show(self, server: str | None) -> None:
        self._shown = server
        self._pending.clear()
        if self._hidden():
            self._stale = True
            return
        self._stale = False
        self.clear()
        lines = self.lines_of(server) if server is not None else list(self._all)
        self._showing_empty = not lines
        if lines:
            self._write(lines)
        else:
            self._write_sentence(empty_text(server))

    def forget(self, server: str) -> None:
        self._by_server.pop(server, None)
        if self._shown == server:
            self.show(server)

    def on_resize(self) -> None:
        if self.scrollable_content_region.width != self._wrap_width:
            self.show(self._shown)  # wrap again from the kept lines

    def on_show(self) -> None:
        self.opened()

    def opened(self) -> None:
        """The view's tab was opened: draw what waits and, once laid out, follow the tail.

        The main screen calls this on the tab's activation too: Textual's Show does not come when the last
        layout before the switch was a scroll, as when the tab bar scrolls to the opened tab at 80 columns
        (the lines that came while hidden were then never drawn, or drawn above the view's bottom).
        """
        self.flush()
        self.call_after_refresh(self.scroll_end, animate=False, immediate=True, x_axis=False)

    def flush(self) -> None:
        """Write the lines that are waiting (all kept lines, after a time hidden); nothing while hidden."""
        if self._flush_timer is not None:
            self._flush_timer.stop()
            self._flush_timer = None
        if self._hidden():
            self._stale = self._stale or bool(self._pending)
            self._pending.clear()
        elif self._stale:
            self.show(self._shown)
        elif self._pending:
            lines = list(self._pending)
            self._pending.clear()
            self._write_new(lines)

    def _hidden(self) -> bool:
        return not all(node.display for node in self.ancestors_with_self if isinstance(node, Widget))

    def _add(self, server: str, text: str) -> None:
        if len(text) > LINE_LIMIT:
            text = text[:LINE_LIMIT] + f"… ({len(text) - LINE_LIMIT} more characters)"
        new = [clean(line) for line in text.splitlines() or [""]]
        mine = self._by_server.setdefault(server, deque(maxlen=self._per_server))
        mine.extend(new)
        name = clean(server)
        self._all.extend(f"{name}: {line}" for line in new)
        if self._stale or self._shown not in (None, server):
            return  # not shown now, or drawn from the kept lines when the view shows
        self._pending.extend(new if self._shown == server else (f"{name}: {line}" for line in new))
        if self._flush_timer is None:
            self._flush_timer = self.set_timer(FLUSH_SECONDS, self.flush)

    def _write_new(self, lines: list[str]) -> None:
        if self._showing_empty:
            self._showing_empty = False
            self.clear()
        self._write(lines)

    def _write(self, lines: Iterable[str]) -> None:
        width = self._wrap_width = self.scrollable_content_region.width
        if width <= 0:  # not laid out yet: on_resize wraps them once the width is known
            self.write_lines(lines)
            return
        self.write_lines([row for line in lines for row in (chop_cells(line, width) or [""])])

    def _write_sentence(self, text: str) -> None:
        width = self._wrap_width = self.scrollable_content_region.width
        self.write_lines(word_rows(text, width) if width > 0 else [text])
