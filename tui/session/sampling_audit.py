"""Each sampling request and its answer land in the audit log, once the person has answered."""

from __future__ import annotations

import asyncio
import json
from contextlib import suppress
from dataclasses import asdict
from typing import Any

from tui.model.events import SamplingRequested
from tui.model.features import SamplingReply
from tui.store.audit_record import iso_utc
from tui.store.audit_writer import AuditWriter
from tui.store.request_records import SamplingAuditRecord

WENT_AWAY = "the request went away before it was answered (its call ended or the server disconnected)"


def _request_record(event: SamplingRequested) -> dict[str, Any]:
    request = event.request
    data: dict[str, Any] = {
        "messages": [asdict(m) for m in request.messages],
        "systemPrompt": request.system_prompt,
        "modelPreferences": request.model_preferences,
        "maxTokens": request.max_tokens,
    }
    # Binary content is recorded by size: the audit log is for reading.
    return json.loads(
        json.dumps(data, default=lambda v: f"<{len(v)} bytes>" if isinstance(v, bytes) else repr(v))
    )


def audit_when_answered(event: SamplingRequested, audit: AuditWriter, interface: str) -> None:
    def write(answer: asyncio.Future[SamplingReply | None]) -> None:
        reply = None if answer.cancelled() or answer.exception() else answer.result()
        answered_by: str | None = event.answered_by
        if answer.cancelled():
            outcome, reason, answered_by = "cancelled", WENT_AWAY, None
        elif reply is None:
            outcome, reason = "declined", event.declined_reason or "the person declined"
        else:
            outcome, reason = "replied", None
        record = SamplingAuditRecord(
            time=iso_utc(),
            server=event.server,
            request=_request_record(event),
            answer=outcome,
            reply=reply.text if reply is not None else None,
            reason=reason,
            interface=interface,
            answered_by=answered_by,
        )
        # An unwritable audit log must not break the answer; the call audit reports the problem.
        with suppress(OSError):
            audit.append(record)

    event.answer.add_done_callback(write)
