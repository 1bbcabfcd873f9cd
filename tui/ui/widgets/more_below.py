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
        self.watch(self.pane, "scroll_y", self.check, init=False)
        # After every layout of the screen: the pane's height changes with what is around it (the
        # preflight's lines, a result arriving), and its content with what it holds.
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self.check(), immediate=True)
        self.call_after_refresh(self.check)

    def check(self) -> None:
        """Show or hide the line for the pane as it is now."""
        shown = self.pane.is_mounted and self.pane.display and has_more_below(self.pane)
        if shown != self.display:  # a change of display lays the screen out again: only when it changes
            self.display = shown
