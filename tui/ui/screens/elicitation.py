"""A server's question to the person (MCP elicitation): its message, a form from its schema, and the answer.

Dismisses with ``("accept", content)``, ``("decline", None)`` or ``("cancel", None)``, the three actions
of an elicitation result. Accept only leaves when the form's content is valid for the requested schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static

from tui.session.argument_check import ArgumentChecker
from tui.ui.safe_text import literal
from tui.ui.screens.request_dialog import RequestDialog
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.key_footer import KeyFooter

ElicitAction = Literal["accept", "decline", "cancel"]
ElicitResult = tuple[ElicitAction, dict[str, Any] | None]


NOTHING_TO_FILL_IN = "Nothing to fill in: accept or decline."


class ElicitationScreen(RequestDialog[ElicitResult]):
    """Answer (or refuse) one elicitation from ``server``."""

    # Every key holds a modifier (or is Escape): the person types into the form's fields while this is
    # open, so a plain letter would answer the server in the middle of a word. ctrl+n ("no") is free in
    # Input and TextArea, which keep ctrl+d for deleting.
    BINDINGS = [
        Binding("escape", "answer('cancel')", "Cancel", id="elicit.cancel"),
        Binding("ctrl+s", "answer('accept')", "Accept", id="elicit.accept"),
        Binding("ctrl+n", "answer('decline')", "Decline", id="elicit.decline"),
    ]

    DEFAULT_CSS = """
    ElicitationScreen { align: center middle; }
    ElicitationScreen > #elicit-box {
        width: 90%; max-width: 110; height: auto; max-height: 95%; scrollbar-size-vertical: 1;
        padding: 1 2; border: thick $accent; background: $surface;
    }
    ElicitationScreen #elicit-head {
        dock: top; height: auto; max-height: 35vh; scrollbar-size-vertical: 1; background: $surface;
    }
    ElicitationScreen #elicit-from { color: $text-muted; }
    ElicitationScreen #elicit-message { margin: 1 0; }
    ElicitationScreen #elicit-body { height: auto; }
    ElicitationScreen #elicit-footer { dock: bottom; height: auto; background: $surface; }
    ElicitationScreen #elicit-problem { color: $error; height: auto; }
    ElicitationScreen #elicit-buttons { height: auto; margin-top: 1; align-horizontal: right; }
    ElicitationScreen #elicit-buttons Button { margin-left: 1; }
    """

    def __init__(
        self,
        server: str,
        message: str,
        requested_schema: dict[str, Any],
        *,
        waiting: int = 0,
        declined: int = 0,
        decline_all: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(
            server, ("cancel", None), waiting=waiting, declined=declined, decline_all=decline_all
        )
        self.message = message
        self.requested_schema = requested_schema

    def compose(self) -> ComposeResult:
        # The whole dialog scrolls (a long form, a short terminal); the answers stay docked in sight.
        with VerticalScroll(id="elicit-box"):
            # Docked too: who asks and what stays in sight while the form below scrolls.
            with VerticalScroll(id="elicit-head"):
                yield Static(literal(f"{self.server} asks you:"), id="elicit-from")
                yield Static(literal(self.message), id="elicit-message")
            with Vertical(id="elicit-body"):
                yield ArgumentForm(
                    self.requested_schema,
                    empty_text=NOTHING_TO_FILL_IN,
                    check=ArgumentChecker(self.requested_schema).check,  # the session validates
                    id="elicit-form",
                )
            with Vertical(id="elicit-footer"):
                yield Static("", id="elicit-problem")
                yield self.queue_note()
                with Horizontal(id="elicit-buttons"):
                    yield Button(Content("Accept (ctrl+s)"), id="elicit-accept", variant="primary")
                    yield Button(Content("Decline (ctrl+n)"), id="elicit-decline")
                    yield Button(Content("Cancel (Esc)"), id="elicit-cancel")
                    yield self.decline_all_button()
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(ArgumentForm).focus_first_field()

    @on(Button.Pressed, "#elicit-accept, #elicit-decline, #elicit-cancel")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer((event.button.id or "").removeprefix("elicit-"))

    def action_answer(self, action: str) -> None:
        if action == "decline":
            self.dismiss(("decline", None))
        elif action == "cancel":
            self.dismiss(("cancel", None))
        elif action == "accept":
            self._accept()

    def _accept(self) -> None:
        form = self.query_one(ArgumentForm)
        errors = form.reveal_errors()
        content, _ = form.current()
        problem = self.query_one("#elicit-problem", Static)
        if errors or content is None:
            count = len(errors) or 1
            problem.update(literal(f"Fix {count} problem{'s' if count != 1 else ''} above before accepting."))
            return
        problem.update("")
        self.dismiss(("accept", content))
