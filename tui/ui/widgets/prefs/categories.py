"""Category preferences as switches, each labelled with the setting's own documentation."""

from __future__ import annotations

import dataclasses

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Label, Switch

from tui.config.edit import set_preference
from tui.ui.widgets.prefs.context import PrefsSection, bool_preferences


class CategoryToggles(PrefsSection):
    DEFAULT_CSS = """
    CategoryToggles Label.pref-label { padding: 1 1 0 1; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Categories"), classes="prefs-heading")
        yield Label(Content("Category preferences apply to trusted servers only."), classes="prefs-note")
        preferences = self.context.config.preferences
        for name, doc in bool_preferences():
            with Horizontal():
                yield Switch(getattr(preferences, name), id=f"pref-{name}", name=name)
                yield Label(Content(doc), classes="pref-label")

    @on(Switch.Changed)
    def _toggled(self, event: Switch.Changed) -> None:
        event.stop()
        name = event.switch.name or ""
        value = event.value
        if getattr(self.context.config.preferences, name) == value:
            return
        if self.write_config(lambda path: set_preference(path, name, value), name.replace("_", " ")):
            preferences = self.context.config.preferences
            self.context.config.preferences = dataclasses.replace(preferences, **{name: value})
            self.announce("preference")
        else:
            with event.switch.prevent(Switch.Changed):
                event.switch.value = not value
