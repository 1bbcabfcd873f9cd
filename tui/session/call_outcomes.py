"""What a call that did not run to its end comes to: the outcome a front end shows and the audit word.

Apart from ``call_flow`` so the flow stays about the order of its steps.
"""

from __future__ import annotations

from typing import Any

from tui.model.results import CallOutcome, CallStatus
from tui.safety.confirm import ConfirmChoice


def audit_outcome_of_unsent(choice: ConfirmChoice | None) -> Any:
    """The audit outcome of a call that was not sent: what the person chose decides the word."""
    if choice is ConfirmChoice.CANCEL:
        return "cancelled"
    if choice is ConfirmChoice.UNANSWERED:
        return "unanswered"
    return "denied"


def cancelled_while_running(elapsed_s: float) -> CallOutcome:
    """The outcome of a call cancelled after it was sent, ``elapsed_s`` seconds in: what the audit log
    records and what a front end shows (its record never comes back to it, the cancel interrupts it)."""
    return CallOutcome(
        CallStatus.CANCELLED, error="Cancelled; the server was told to stop.", duration_s=elapsed_s
    )


def refused(choice: ConfirmChoice, reason: str) -> CallOutcome:
    if choice is ConfirmChoice.CANCEL:
        return CallOutcome(CallStatus.DENIED, error="You cancelled the call; nothing was sent.")
    return CallOutcome(
        CallStatus.DENIED, error=f"Not sent: the call needs approval and no one could be asked ({reason})."
    )


def not_sent() -> CallOutcome:
    return CallOutcome(CallStatus.DENIED, error="not sent")
