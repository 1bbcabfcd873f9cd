"""Ask which collection to record into; the session starts recording (and says where), or says why not
and the dialog stays open. Dismisses with that sentence, or None when the person cancels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.ui.safe_text import literal

if TYPE_CHECKING:
    from tui.session.collection_shelf import CollectionShelf


class RecordToScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="record-to.cancel")]

    DEFAULT_CSS = """
    RecordToScreen { align: center middle; }
    RecordToScreen > Vertical {
        width: 80%; max-width: 90; height: auto; padding: 0 1; border: thick $primary; background: $surface;
    }
    RecordToScreen .record-note { color: $text-muted; height: auto; }
    RecordToScreen #record-to-message { height: auto; color: $text-error; }
    """

    def __init__(self, shelf: CollectionShelf, collection: str) -> None:
        super().__init__()
        self._shelf = shelf
        self._collection = collection

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Record every call into the collection (Enter starts, Esc cancels):")
            yield Input(self._collection, id="record-to-collection")
            yield Static(
                literal(
                    f"Each call is appended to {self._shelf.directory}/NAME.toml with the grade it "
                    "resolved to; F12 again stops."
                ),
                classes="record-note",
            )
            yield Static("", id="record-to-message")

    @on(Input.Submitted)
    def _start(self, event: Input.Submitted) -> None:
        started = self._shelf.start_recording(event.value.strip())
        if started.ok:
            self.dismiss(started.message)
        else:
            self.query_one("#record-to-message", Static).update(literal(started.message))

    def action_cancel(self) -> None:
        self.dismiss(None)
