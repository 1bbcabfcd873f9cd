"""The tabs on the right of the main screen: a TabbedContent whose tab labels sit closer together when
the usual two cells between them would push the last tabs off the bar (at 120 columns: all eight fit)."""

from __future__ import annotations

from textual.widgets import Tab, TabbedContent

TAB_PADDING = 2
"""Cells Textual puts around each tab's label (one each side)."""


class Workspace(TabbedContent):
    DEFAULT_CSS = """
    Workspace.-tight Tab { padding: 0 0 0 1; }
    """

    def on_resize(self) -> None:
        self.fit_tabs()

    def on_mount(self) -> None:
        self.fit_tabs()

    def fit_tabs(self) -> None:
        """One cell before each label instead of one each side, when the labels would not fit."""
        labels = sum(tab.label.cell_length + TAB_PADDING for tab in self.query(Tab))
        self.set_class(labels > self.size.width > 0, "-tight")
