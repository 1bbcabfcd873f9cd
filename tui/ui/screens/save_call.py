"""Save a call into a collection: its name, the collection (new or existing), and which of the expectations
the last result suggests to keep. Secrets are already placeholders in the draft; the dialog names them.

The session writes the file; a save that fails says why and leaves the dialog open. Dismisses with the
session's sentence saying where the call went, or None when the person cancels.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from tui.model.collections import Expectations
from tui.ui.safe_text import literal, one_line

if TYPE_CHECKING:
    from tui.session.collection_shelf import CollectionShelf, SaveDraft

SUGGESTED = ("is_error", "text_contains", "grade")


def expectation_label(key: str, value: object) -> str:
    shown = (
        str(value).lower() if isinstance(value, bool) else repr(value) if key == "text_contains" else value
    )
    return one_line(f"expect.{key} = {shown}", 100)


class SaveCallScreen(ModalScreen[str | None]):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="save-call.cancel"),
        Binding("ctrl+s", "save", "Save", id="save-call.save", priority=True),
    ]

    DEFAULT_CSS = """
    SaveCallScreen { align: center middle; }
    SaveCallScreen > Vertical {
        width: 90%; max-width: 100; height: auto; max-height: 100%;
        padding: 0 1; border: thick $primary; background: $surface;
    }
    SaveCallScreen VerticalScroll { height: auto; max-height: 1fr; }
    SaveCallScreen .save-note { color: $text-muted; height: auto; }
    SaveCallScreen Input { margin-bottom: 0; }
    SaveCallScreen #save-call-message { height: auto; }
    SaveCallScreen #save-call-message.-error { color: $text-error; }
    SaveCallScreen #save-call-buttons { height: auto; align-horizontal: right; }
    """

    def __init__(self, shelf: CollectionShelf, draft: SaveDraft, collection: str) -> None:
        super().__init__()
        self._shelf = shelf
        self._draft = draft
        self._collection = collection

    def compose(self) -> ComposeResult:
        call, suggested = self._draft.call, self._draft.suggested
        existing = [entry.name for entry in self._shelf.entries()]
        with Vertical():
            yield Label(
                literal(f"Save the call of {one_line(call.tool, 80)} on {one_line(call.server, 40)}", "bold")
            )
            with VerticalScroll():
                yield Input(call.name, id="save-call-name", placeholder="the call's name")
                yield Input(self._collection, id="save-call-collection", placeholder="collection")
                said = ", ".join(existing) if existing else "none yet"
                yield Static(
                    literal(f"Existing collections: {said} (in {self._shelf.directory})"), classes="save-note"
                )
                for key in SUGGESTED:
                    value = getattr(suggested, key)
                    if value is not None:
                        yield Checkbox(
                            expectation_label(key, value), True, id=f"save-expect-{key}", compact=True
                        )
                if all(getattr(suggested, key) is None for key in SUGGESTED):
                    yield Static("No answered result to take expectations from.", classes="save-note")
                if self._draft.placeholders:
                    names = ", ".join(f"${{{name}}}" for name in self._draft.placeholders)
                    yield Static(
                        literal(f"Secrets are saved as placeholders, read from the environment: {names}"),
                        id="save-call-placeholders",
                        classes="save-note",
                    )
            yield Static("", id="save-call-message")
            with Horizontal(id="save-call-buttons"):
                yield Button("Save (ctrl+s)", id="save-call-save", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="save-call-cancel", compact=True)

    def chosen_expectations(self) -> Expectations:
        kept = {
            key: getattr(self._draft.suggested, key)
            for key in SUGGESTED
            if (boxes := self.query(f"#save-expect-{key}").results(Checkbox)) and next(boxes).value
        }
        return Expectations(**kept)

    @on(Button.Pressed, "#save-call-save")
    @on(Input.Submitted)
    def action_save(self) -> None:
        name = self.query_one("#save-call-name", Input).value.strip()
        collection = self.query_one("#save-call-collection", Input).value.strip()
        call = dataclasses.replace(self._draft.call, name=name, expect=self.chosen_expectations())
        saved = self._shelf.save(collection, call)
        if saved.ok:
            self.dismiss(saved.message)
            return
        message = self.query_one("#save-call-message", Static)
        message.update(literal(saved.message))
        message.add_class("-error")

    @on(Button.Pressed, "#save-call-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
