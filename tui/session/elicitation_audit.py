"""Each elicitation (a server's question to the person) and its answer land in the audit log as one record.

Whoever answers (a dialog, a terminal prompt, the queue's cap, no one at all), the record is written when
the answer is set, through the session's one audit writer, with a plain reason for every outcome.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress
from typing import Any

from tui.model.events import ElicitationRequested
from tui.session.sampling_audit import WENT_AWAY
from tui.store.audit_record import iso_utc
from tui.store.audit_writer import AuditWriter
from tui.store.request_records import ElicitationAuditRecord

ACCEPTED = "The person answered the question and the answers were sent."
DECLINED = "The person declined to answer."
CANCELLED = "The person closed the question without answering (cancel)."

_ANSWERS = {"accept": "accepted", "decline": "declined", "cancel": "cancelled"}
_REASONS = {"accept": ACCEPTED, "decline": DECLINED, "cancel": CANCELLED}


def _requested(schema: dict[str, Any]) -> list[str]:
    properties = schema.get("properties")
    return [str(name) for name in properties] if isinstance(properties, dict) else []


def record_of(
    event: ElicitationRequested, answer: asyncio.Future[Any], interface: str
) -> ElicitationAuditRecord:
    """The record of ``event`` once ``answer`` is done."""
    fields: list[str] = []
    answered_by: str | None = event.answered_by
    if answer.cancelled() or answer.exception() is not None:
        outcome, reason, answered_by = "cancelled", WENT_AWAY, None
    else:
        action, content = answer.result()
        action = action if action in _ANSWERS else "cancel"  # as the connection relays it
        outcome, reason = _ANSWERS[action], event.reason or _REASONS[action]
        if action == "accept" and isinstance(content, dict):
            # Only the names: the values are what the person typed, and may be secrets (a password, a
            # token). The audit log is a plain file; it records that they answered, never what.
            fields = [str(name) for name in content]
    return ElicitationAuditRecord(
        time=iso_utc(),
        server=event.server,
        message=event.message,
        requested=_requested(event.requested_schema),
        answer=outcome,
        reason=reason,
        fields=fields,
        answered_by=answered_by,
        interface=interface,
    )


def audit_when_answered(event: ElicitationRequested, audit: AuditWriter, interface: str) -> None:
    def write(answer: asyncio.Future[Any]) -> None:
        # An unwritable audit log must not break the answer; the call audit reports the problem.
        with suppress(OSError):
            audit.append(record_of(event, answer, interface))

    event.answer.add_done_callback(write)
