"""Timeouts: one field per ``[timeouts]`` setting, saved when you press Enter or leave the field.

The service checks the value (seconds, more than 0, at most a day) and saves it. A value refused on Enter
stays in the field, marked, with the reason in the status line, for you to fix while you are there. Leave
the field with a refused value and it shows the value in force again (the status line quotes what was
refused): a field you are no longer in never shows a number that does not hold, with nothing left to say
why once the status line has moved on.
"""

from __future__ import annotations

import dataclasses

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Input, Label

from tui.session.settings_types import MAX_TIMEOUT_S, Timeouts, seconds_text
from tui.ui.widgets.prefs.context import PrefsSection, field_docs

NOTE = (
    f"In seconds: more than 0, at most {MAX_TIMEOUT_S:g} (a day). Saved when you press Enter or leave the "
    "field, and used from the next request on (connect: from a server's next connect)."
)


def timeout_fields() -> list[tuple[str, str]]:
    """(field name, its documentation) for every timeout, in the model's order."""
    docs = field_docs(Timeouts)
    return [(f.name, docs.get(f.name, f.name)) for f in dataclasses.fields(Timeouts)]


class TimeoutFields(PrefsSection):
    DEFAULT_CSS = """
    TimeoutFields Input.timeout-input { width: 14; }
    TimeoutFields Label.timeout-label { padding: 1 1 0 1; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Timeouts"), classes="prefs-heading")
        yield Label(Content(NOTE), classes="prefs-note")
        timeouts = self.settings.timeouts
        for name, doc in timeout_fields():
            with Horizontal():
                yield Input(
                    seconds_text(getattr(timeouts, name)),
                    id=f"timeout-{name}",
                    name=name,
                    classes="timeout-input",
                    select_on_focus=False,
                )
                yield Label(Content(f"{name}: {doc}"), classes="timeout-label")

    def save_pending(self) -> str | None:
        """Save every field whose text differs from the value in force (the screen is closing); the
        reason for each one that could not be saved, or None when all hold."""
        problems = []
        for field in self.query(Input).results(Input):
            saved = self._save(field)
            if saved is not None:
                problems.append(saved)
        return " ".join(problems) or None

    @on(Input.Submitted, ".timeout-input")
    @on(Input.Blurred, ".timeout-input")
    def _edited(self, event: Input.Submitted | Input.Blurred) -> None:
        event.stop()
        self._save(event.input, leaving=isinstance(event, Input.Blurred))

    def _save(self, field: Input, *, leaving: bool = False) -> str | None:
        """Save the field's text; the reason when it is refused. ``leaving``: the focus has moved on, so a
        refused value gives way to the value in force."""
        name = field.name or ""
        current = seconds_text(getattr(self.settings.timeouts, name))
        if field.value.strip() == current:
            field.remove_class("-invalid")
            return None
        saved = self.settings.set_timeout(name, field.value)
        if not saved.ok and leaving:
            self.say(f"{saved.message} The {name} timeout stays {current} s.", error=True)
            self._show_in_force(field)
            return saved.message
        self.report(saved)
        field.set_class(not saved.ok, "-invalid")
        if not saved.ok:
            return saved.message
        self._show_in_force(field)
        return None

    def _show_in_force(self, field: Input) -> None:
        field.remove_class("-invalid")
        with field.prevent(Input.Changed):
            field.value = seconds_text(getattr(self.settings.timeouts, field.name or ""))
