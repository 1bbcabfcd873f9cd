"""Every JSON-RPC message a server exchanges with mcp-tui, kept per server in a bounded ring buffer.

The transport watch (``transports.watched``) hands each message in and out to :meth:`TrafficLog.add`,
which only reads its kind, method and id: a flooding server costs a ring-buffer slot per message. What is
shown or exported is the record's ``message``, redacted anew each time it is asked for (never kept: the
log would hold every exported message twice), so no secret is ever shown or exported; the unredacted
message stays in memory only, like the rest of the session.
"""

from __future__ import annotations

import json
import os
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tui.model.features import Direction, TrafficRecord

CAPACITY = 2000
"""Messages kept per server; the oldest go first (docs/tui.md says so)."""


def _kind(message: dict[str, Any]) -> str:
    if "method" in message:
        return "request" if "id" in message else "notification"
    return "error" if "error" in message else "response"


class TrafficLog:
    def __init__(
        self,
        capacity: int = CAPACITY,
        on_record: Callable[[TrafficRecord], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.records: deque[TrafficRecord] = deque(maxlen=capacity)
        self.on_record = on_record
        self._clock = clock
        # (direction of the request, id) -> (method, when it was seen): to name and time the answer.
        self._pending: dict[tuple[Direction, str | int], tuple[str, float]] = {}

    def add(self, direction: Direction, message: dict[str, Any]) -> TrafficRecord:
        """Keep ``message`` (a wire dict nobody changes afterwards, as the transport watch's are)."""
        now = self._clock()
        kind = _kind(message)
        raw_id = message.get("id")
        message_id = raw_id if isinstance(raw_id, str | int) and not isinstance(raw_id, bool) else None
        method = message.get("method") if isinstance(message.get("method"), str) else None
        latency = None
        if kind == "request" and message_id is not None and method is not None:
            if len(self._pending) > 4 * CAPACITY:  # requests never answered must not pile up
                self._pending.clear()
            self._pending[(direction, message_id)] = (method, now)
        elif kind in ("response", "error") and message_id is not None:
            other: Direction = "in" if direction == "out" else "out"
            asked = self._pending.pop((other, message_id), None)
            if asked is not None:
                method, latency = asked[0], round((now - asked[1]) * 1000, 3)
        record = TrafficRecord(
            time=now,
            direction=direction,
            kind=kind,  # type: ignore[arg-type]
            method=method,
            id=message_id,
            unredacted=message,
            latency_ms=latency,
        )
        self.records.append(record)
        if self.on_record is not None:
            self.on_record(record)
        return record

    def clear(self) -> None:
        self.records.clear()
        self._pending.clear()


TOO_DEEP_TO_SHOW = "(not shown: this message is nested too deeply to lay out as JSON)"
"""In place of a message nested about as deeply as Python's parser reads: redacting or laying it out
recurses once per level, past what the call stack allows."""


def shown_json(record: TrafficRecord) -> str:
    """The redacted message as indented JSON, or ``TOO_DEEP_TO_SHOW``."""
    try:
        return json.dumps(record.message, indent=2, ensure_ascii=False, default=str)
    except RecursionError:
        return TOO_DEEP_TO_SHOW


def _exported(record: TrafficRecord) -> str:
    try:
        return json.dumps(record.to_json(), ensure_ascii=False, default=str)
    except RecursionError:
        return json.dumps(record.to_json(message=TOO_DEEP_TO_SHOW), ensure_ascii=False, default=str)


def export_jsonl(records: Iterable[TrafficRecord], path: Path) -> int:
    """Write one JSON object per line (the records as shown: redacted); returns how many."""
    lines = [_exported(r) for r in records]
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    # Only its owner may read it, like the audit log: redaction catches the secrets it knows the shape
    # of, and the rest of a server's traffic is nobody else's business either.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), 0o600)  # an export written over an older, more open file
        file.write("".join(line + "\n" for line in lines))
    return len(lines)
