"""Textual messages that carry the session's events and questions into the UI."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # the first frame is painted before the session's modules load
    from tui.session.events import SessionEvent
    from tui.session.questions import Question


class SessionEventMessage(Message):
    """One event from the session, delivered on the UI's message queue."""

    def __init__(self, event: SessionEvent) -> None:
        super().__init__()
        self.event = event


class QuestionAsked(Message):
    """The session asks the person something; the screen that answers resolves ``question.answer``."""

    def __init__(self, question: Question) -> None:
        super().__init__()
        self.question = question


class SessionStarted(Message):
    """The session has loaded the SDK and started its servers: preflight and calls are possible now."""
