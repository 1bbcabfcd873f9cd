"""Plain sentences for how a call ended. Server text (errors) is returned as is; callers make it literal."""

from __future__ import annotations

from tui.model.results import CallOutcome, CallStatus

IS_ERROR_HEADER = "The tool reported an error"
CANCELLED_TEXT = "Cancelled; the server was told to stop."


def _code(outcome: CallOutcome) -> str:
    return f" (error code {outcome.error_code})" if outcome.error_code is not None else ""


def status_sentence(outcome: CallOutcome) -> str | None:
    """What happened, for anything but a plain successful result; None when the result speaks for itself."""
    detail = (outcome.error or "").strip()
    match outcome.status:
        case CallStatus.OK:
            return IS_ERROR_HEADER if outcome.is_error else None
        case CallStatus.ERROR:
            return f"The call failed: {detail or 'no reason given'}{_code(outcome)}"
        case CallStatus.TIMEOUT:
            seconds = f"{outcome.duration_s:.0f}" if outcome.duration_s >= 1 else f"{outcome.duration_s:.1f}"
            sentence = (
                f"No answer within {seconds} s; the call was stopped and the server was told to cancel it."
            )
            return f"{sentence}\n{detail}" if detail else sentence
        case CallStatus.CANCELLED:
            return f"{CANCELLED_TEXT}\n{detail}" if detail and detail != CANCELLED_TEXT else CANCELLED_TEXT
        case CallStatus.DENIED:
            return f"Not sent: {detail or 'the call was not allowed'}"
    raise AssertionError(f"unhandled status {outcome.status}")


def status_label(outcome: CallOutcome) -> str:
    """A one- or two-word state for the header line."""
    if outcome.status is CallStatus.OK:
        return "tool error" if outcome.is_error else "done"
    return {
        CallStatus.ERROR: "failed",
        CallStatus.TIMEOUT: "timed out",
        CallStatus.CANCELLED: "cancelled",
        CallStatus.DENIED: "not sent",
    }[outcome.status]
