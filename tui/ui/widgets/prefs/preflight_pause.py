"""The live preflight's pause in typing (``preflight_debounce_ms``), saved when you press Enter or leave
the field.

The service checks the value (whole milliseconds, 0 to 2000) and saves it; a refused value stays in the
field, marked, with the reason in the status line, so nothing you typed is lost and nothing changes.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Input, Label

from tui.session.settings_types import MAX_DEBOUNCE_MS, Preferences
from tui.ui.widgets.prefs.context import PrefsSection, field_docs

NAME = "preflight_debounce_ms"
NOTE = (
    "While you type a tool's arguments, mcp-tui asks the server what the call would do once you pause. "
    f"In milliseconds: 0 (at every keystroke) to {MAX_DEBOUNCE_MS}. Saved when you press Enter or leave "
    "the field, and used from your next edit on."
)


class PreflightPause(PrefsSection):
    DEFAULT_CSS = """
    PreflightPause Input.pause-input { width: 14; }
    PreflightPause Label.pause-label { padding: 1 1 0 1; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Live preflight"), classes="prefs-heading")
        yield Label(Content(NOTE), classes="prefs-note")
        with Horizontal():
            yield Input(
                self._current(), id="pref-preflight-pause", classes="pause-input", select_on_focus=False
            )
            doc = field_docs(Preferences).get(NAME, "")
            yield Label(Content(f"pause (ms): {doc}"), classes="pause-label")

    def _current(self) -> str:
        return str(self.settings.preferences.preflight_debounce_ms)

    def save_pending(self) -> str | None:
        """Save the field if its text differs from the value in force (the screen is closing); the reason
        it could not be saved, or None when it holds."""
        return self._save(self.query_one(Input))

    @on(Input.Submitted, ".pause-input")
    @on(Input.Blurred, ".pause-input")
    def _edited(self, event: Input.Submitted | Input.Blurred) -> None:
        event.stop()
        self._save(event.input)

    def _save(self, field: Input) -> str | None:
        if field.value.strip() == self._current():
            field.remove_class("-invalid")
            return None
        saved = self.settings.set_preflight_debounce(field.value)
        self.report(saved)
        field.set_class(not saved.ok, "-invalid")
        if not saved.ok:
            return saved.message
        with field.prevent(Input.Changed):
            field.value = self._current()
        return None
