"""A line that says a scrolling pane holds more than it shows, and the keys that bring the rest in.

A scrollbar alone was easy to miss at 80x24: a dialog's arguments or a call's result went on below the
screen with nothing saying so. The line shows only while there is more below the pane's bottom edge.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

ZOOM_KEY = "ctrl+o"
"""The main screen's key that gives the form or the result the whole screen (and back)."""


def has_more_below(pane: Widget) -> bool:
    """True while the pane is scrolled short of its end (a pane not laid out yet has nothing below)."""
    return pane.max_scroll_y > 0 and pane.scroll_y < pane.max_scroll_y


class MoreBelow(Static):
    """Shown under (or over the bottom of) ``pane`` while it has more below; ``keys`` says how to see it,
    e.g. "PgDn scrolls · ctrl+o zooms"."""

    DEFAULT_CSS = """
    MoreBelow { height: 1; width: 1fr; color: $text-accent; text-style: bold; display: none; }
    """

    def __init__(self, pane: Widget, keys: str, *, id: str | None = None) -> None:
        super().__init__(f"▼ more below · {keys}", id=id, markup=False)
        self.pane = pane

    def on_mount(self) -> None:
        for attribute in ("scroll_y", "virtual_size", "show_vertical_scrollbar"):
            self.watch(self.pane, attribute, self.check, init=False)
        self.call_after_refresh(self.check)

    def check(self) -> None:
        """Show or hide the line for the pane as it is now (also call after the pane changes size)."""
        self.display = self.pane.is_mounted and self.pane.display and has_more_below(self.pane)
