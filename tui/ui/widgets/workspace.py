"""The tabs on the right of the main screen: a TabbedContent whose tab labels sit closer together when
the usual two cells between them would push the last tabs off the bar (at 120 columns: all eight fit),
and which takes the focus along when it switches tabs."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Tab, TabbedContent, TabPane

TAB_PADDING = 2
"""Cells Textual puts around each tab's label (one each side)."""

FOCUS_ON_OPEN = {
    "details": "#detail",
    "history": "#history-list",
    "logs": "#log-view",
    "resources": "#resource-list",
    "prompts": "#prompt-list",
    "traffic": "#traffic-table",
    "collections": "#collection-list",
}
"""Where the focus lands in a tab opened by its key: its list or table, so the arrows and Enter work at
once. Other tabs (Call, Server) get it on their first focusable widget."""


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

    def watch_active(self, active: str) -> None:
        # Textual leaves the focus on a widget of the pane it hides; on the Hide that follows, that
        # widget passes the focus to a sibling in the same hidden pane, and a focused pane is made
        # active again: F3 in the Resources list brought Resources back. The focus goes along instead.
        focused = self.screen.focused
        if focused is not None and self._pane_of(focused) not in (None, active):
            self.focus_pane(active)

    def on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        # Textual makes the pane of a newly focused widget active (in TabbedContent's own handler, which
        # runs after this one unless prevented). The message can arrive after the focus has moved on, as
        # when F3 follows the form taking the focus: it must not bring its pane back.
        focused = self.screen.focused
        if focused is None or event.tab_pane not in focused.ancestors_with_self:
            event.prevent_default()  # TabbedContent's own handler would make the pane active
            event.stop()

    def focus_pane(self, pane_id: str) -> None:
        """Put the focus in the pane now (not after a refresh, as ``Widget.focus`` does, by when the
        pane that had it may have taken it back): on its list or table, else its first focusable widget,
        else nowhere."""
        pane = self.get_pane(pane_id)
        wanted = pane.query(FOCUS_ON_OPEN[pane_id]) if pane_id in FOCUS_ON_OPEN else None
        if wanted:
            target: Widget | None = wanted.first()
        else:
            target = next((w for w in self.screen.focus_chain if pane in w.ancestors), None)
        self.screen.set_focus(target)

    def _pane_of(self, widget: Widget) -> str | None:
        """The id of this workspace's pane that holds ``widget``, or None when it is outside them."""
        for node in widget.ancestors_with_self:
            if isinstance(node, TabPane) and node.parent is not None and node.parent.parent is self:
                return node.id
        return None
