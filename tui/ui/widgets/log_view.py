"""What servers write to stderr and send as log notifications, kept per server and shown literally.

``Log`` draws each line as plain text (no markup); :func:`~tui.ui.safe_text.clean` makes control
sequences visible, so a server cannot recolour or move the terminal from its stderr. Long lines wrap at
the view's width (and wrap again when it changes) rather than running off the pane's edge: a server's lines
wherever the width ends (they are data, often without spaces), the view's own sentence between words.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rich.cells import cell_len, chop_cells
from textual.widgets import Log

from tui.ui.safe_text import clean
from tui.ui.widgets.log_levels import LevelHighlighter

LINE_LIMIT = 4000
"""Characters kept of one line: a server flooding one huge line must not stall rendering."""


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

    def _add(self, server: str, text: str) -> None:
        if len(text) > LINE_LIMIT:
            text = text[:LINE_LIMIT] + f"… ({len(text) - LINE_LIMIT} more characters)"
        new = [clean(line) for line in text.splitlines() or [""]]
        mine = self._by_server.setdefault(server, deque(maxlen=self._per_server))
        mine.extend(new)
        name = clean(server)
        self._all.extend(f"{name}: {line}" for line in new)
        if self._shown is None:
            self._write_new([f"{name}: {line}" for line in new])
        elif self._shown == server:
            self._write_new(new)

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
