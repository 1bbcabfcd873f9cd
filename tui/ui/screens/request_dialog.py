"""What the dialogs for a server's requests (sampling, elicitation) share: how many more wait from the
same server, a button that declines them all, and closing when the request goes away.

The session hands over one request per server at a time and keeps count; the dialog only says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from textual import events, on
from textual.binding import Binding
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.ui.safe_text import literal
from tui.ui.widgets.keep_in_view import keep_in_view

T = TypeVar("T")


def queue_text(server: str, waiting: int, declined: int) -> str:
    """ "3 more from srv waiting." and, after a burst, how many were refused without asking."""
    parts = []
    if waiting:
        parts.append(f"{waiting} more from {server} waiting.")
    if declined:
        parts.append(f"{declined} more declined without asking: too many were open.")
    return " ".join(parts)


class RequestDialog(ModalScreen[T], Generic[T]):
    """A dialog answering one request from ``server``; ``withdrawn`` is its result when it goes away."""

    # ctrl+l ("all"): free in Input and TextArea (which keep ctrl+a/ctrl+e for the line's ends and ctrl+d
    # for deleting) and in both dialogs (ctrl+n declines one elicitation). Shown only while others wait.
    BINDINGS = [Binding("ctrl+l", "decline_all", "Decline all", id="request.decline-all")]

    DEFAULT_CSS = """
    RequestDialog .request-queue { color: $warning; height: auto; }
    """

    def __init__(
        self,
        server: str,
        withdrawn: T,
        *,
        waiting: int = 0,
        declined: int = 0,
        decline_all: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.server = server
        self._withdrawn_result = withdrawn
        self.waiting = waiting
        self.declined = declined
        self._decline_all = decline_all
        self._withdrawn = False
        self._closing_withdrawn = False

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Clear of the docked buttons, which Textual counts as room to show it in. A form's fields are
        # put in view (with their labels) by the form itself.
        from tui.ui.widgets.form import ArgumentForm

        focused = event.widget
        if not any(isinstance(ancestor, ArgumentForm) for ancestor in focused.ancestors):
            self.call_after_refresh(keep_in_view, focused, focused)

    # ---- the requests waiting behind this one ----------------------------------------------------

    def queue_note(self) -> Static:
        note = Static(literal(queue_text(self.server, self.waiting, self.declined)), classes="request-queue")
        note.display = bool(self.waiting or self.declined)
        return note

    def decline_all_button(self) -> Button:
        button = Button(self._decline_all_label(), classes="request-decline-all")
        button.display = self._can_decline_all()
        return button

    def _can_decline_all(self) -> bool:
        return self._decline_all is not None and self.waiting > 0

    def _decline_all_label(self) -> Content:
        return Content(f"Decline all {self.waiting + 1} (ctrl+l)")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "decline_all":
            return self._can_decline_all()
        return True

    def show_queue(self, waiting: int, declined: int) -> None:
        """The session's count changed: say how many wait now."""
        self.waiting, self.declined = waiting, declined
        if not self.is_mounted:
            return
        for note in self.query(".request-queue").results(Static):
            note.update(literal(queue_text(self.server, waiting, declined)))
            note.display = bool(waiting or declined)
        for button in self.query(".request-decline-all").results(Button):
            button.label = self._decline_all_label()
            button.display = self._can_decline_all()
        self.refresh_bindings()

    @on(Button.Pressed, ".request-decline-all")
    def _decline_all_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_decline_all()

    def action_decline_all(self) -> None:
        if self._can_decline_all() and self._decline_all is not None:
            self._decline_all()  # answers this request too: the dialog closes as withdrawn

    # ---- the request went away, or was answered elsewhere ----------------------------------------

    def withdraw(self) -> None:
        """The request went away: close now if on top, else as soon as the dialogs above it close
        (dismiss always pops the top screen, which would close someone else's question)."""
        self._withdrawn = True
        self._close_if_withdrawn()

    def on_screen_resume(self) -> None:
        self._close_if_withdrawn()

    def _close_if_withdrawn(self) -> None:
        # Once only, and only from the top: a resume that was already queued when the request went
        # away must not pop a second screen (the main screen under this one).
        if self._withdrawn and not self._closing_withdrawn and self.app.screen is self:
            self._closing_withdrawn = True
            self.dismiss(self._withdrawn_result)
