"""Questions the session asks the person, and how an unattended session answers them.

Every question travels the same way: an object carrying an asyncio future, handed to whichever front end
is attached (the TUI shows a dialog, the CLI prompts on the terminal). The session awaits the future and
never imports a front end. With no front end attached (a headless run without a terminal) each question
gets the answer that sends nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from tui.model.events import ElicitationRequested, SamplingRequested
from tui.safety.confirm import ConfirmChoice, ConfirmRequest


def _future() -> asyncio.Future[ConfirmChoice]:
    return asyncio.get_running_loop().create_future()


@dataclass(eq=False)
class ConfirmCall:
    """May this call run? Resolve ``answer`` with the person's ``ConfirmChoice``."""

    request: ConfirmRequest
    answer: asyncio.Future[ConfirmChoice] = field(default_factory=_future)


Question = ConfirmCall | ElicitationRequested | SamplingRequested
"""Elicitation and sampling come from the server through the connection; confirmation from the call flow.
A sampling request is answered with a ``SamplingReply`` the person wrote, or None (declined)."""

UNATTENDED_SAMPLING = (
    "Declined: no one was there to answer, and mcp-tui never answers a sampling request by itself."
)
UNATTENDED_ELICITATION = (
    "Declined without asking: no one was there to answer (a headless run without a terminal, or --no-input)."
)

Answerer = Callable[[Question], None]
"""A front end's handler: it must eventually resolve the question's ``answer`` future."""


def answer_unattended(question: Question) -> None:
    """No one to ask: a call is not sent, and an elicitation or a sampling request is declined."""
    if question.answer.done():
        return
    if isinstance(question, ConfirmCall):
        question.answer.set_result(ConfirmChoice.UNANSWERED)
    elif isinstance(question, SamplingRequested):
        question.declined_reason = UNATTENDED_SAMPLING
        question.answered_by = "mcp-tui"
        question.answer.set_result(None)
    else:
        question.reason = UNATTENDED_ELICITATION
        question.answered_by = "mcp-tui"
        question.answer.set_result(("decline", None))
