"""Category preferences as switches, each labelled with the setting's own documentation."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Label, Switch

from tui.ui.widgets.prefs.context import PrefsSection, bool_preferences


class CategoryToggles(PrefsSection):
    DEFAULT_CSS = """
    CategoryToggles Label.pref-label { padding: 1 1 0 1; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Categories"), classes="prefs-heading")
        # The decision's reasons name "you always confirm destructive calls" on any server: say so here.
        note = (
            "Auto-approving applies to trusted servers only; always confirming destructive calls applies "
            "to every server."
        )
        yield Label(Content(note), classes="prefs-note")
        preferences = self.settings.preferences
        for name, doc in bool_preferences():
            with Horizontal():
                yield Switch(getattr(preferences, name), id=f"pref-{name}", name=name)
                yield Label(Content(doc), classes="pref-label")

    @on(Switch.Changed)
    def _toggled(self, event: Switch.Changed) -> None:
        event.stop()
        name = event.switch.name or ""
        if not self.report(self.settings.set_preference(name, event.value)):
            with event.switch.prevent(Switch.Changed):
                event.switch.value = not event.value
