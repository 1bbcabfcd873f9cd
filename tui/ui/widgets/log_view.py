"""What servers write to stderr and send as log notifications, kept per server and shown literally.

``Log`` draws each line as plain text (no markup); :func:`~tui.ui.safe_text.clean` makes control
sequences visible, so a server cannot recolour or move the terminal from its stderr.
"""

from __future__ import annotations

from collections import deque

from textual.widgets import Log

from tui.ui.safe_text import clean
from tui.ui.widgets.log_levels import LevelHighlighter

LINE_LIMIT = 4000
"""Characters kept of one line: a server flooding one huge line must not stall rendering."""


class ServerLogView(Log):
    """Per-server log lines, bounded; :meth:`show` picks one server (or all) and follows the tail."""

    DEFAULT_CSS = """
    ServerLogView { height: 1fr; }
    """

    def __init__(self, max_lines: int = 2000, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(max_lines=max_lines, auto_scroll=True, highlight=True, id=id, classes=classes)
        self.highlighter = LevelHighlighter()
        self._per_server = max_lines
        self._by_server: dict[str, deque[str]] = {}
        self._all: deque[str] = deque(maxlen=max_lines)
        self._shown: str | None = None

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
        self.write_lines(self.lines_of(server) if server is not None else list(self._all))

    def forget(self, server: str) -> None:
        self._by_server.pop(server, None)
        if self._shown == server:
            self.show(server)

    def _add(self, server: str, text: str) -> None:
        if len(text) > LINE_LIMIT:
            text = text[:LINE_LIMIT] + f"… ({len(text) - LINE_LIMIT} more characters)"
        new = [clean(line) for line in text.splitlines() or [""]]
        mine = self._by_server.setdefault(server, deque(maxlen=self._per_server))
        mine.extend(new)
        name = clean(server)
        self._all.extend(f"{name}: {line}" for line in new)
        if self._shown is None:
            self.write_lines([f"{name}: {line}" for line in new])
        elif self._shown == server:
            self.write_lines(new)
