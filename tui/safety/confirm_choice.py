"""What the person answers a confirmation with (``ConfirmChoice``), apart from the request so the rules of
which remembered choices are offered (``remember_offers``) can name them."""

from __future__ import annotations

from enum import StrEnum


class ConfirmChoice(StrEnum):
    ONCE = "once"
    SESSION = "session"
    ALWAYS = "always"  # always allow this tool up to this call's grade; never offered for critical
    EXACT = "exact"  # always allow this tool with exactly these arguments, up to this call's grade
    HOUR = "hour"  # allow this tool up to this call's grade for an hour
    TODAY = "today"  # allow this tool up to this call's grade until midnight (local time)
    CANCEL = "cancel"
    UNANSWERED = "unanswered"  # no one could be asked (a headless run without a terminal): not sent


REMEMBERED: tuple[ConfirmChoice, ...] = (
    ConfirmChoice.ALWAYS,
    ConfirmChoice.EXACT,
    ConfirmChoice.HOUR,
    ConfirmChoice.TODAY,
)
"""The choices saved to the approvals file: remembered approvals, which the managed limits govern."""
