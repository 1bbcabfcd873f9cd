"""Reading the audit log back: the latest records of every kind, newest file first, across its rotated files.

A line that cannot be read (a write torn by a crash, a hand edit) is skipped and counted, never fatal. The
files are read from their end in chunks, and an older file is not opened once there are enough records, so
a long log is never read whole. What a record holds is ``audit_record`` (calls) and ``request_records``
(a server's questions); writing and rotating the files is ``audit_writer``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from tui.store.audit_record import AuditRecord
from tui.store.audit_writer import log_files
from tui.store.request_records import RequestRecord, request_record

_CHUNK = 64 * 1024

AuditEntry = AuditRecord | RequestRecord
"""One line of the log: a call attempt, or a server's question (sampling, elicitation) and its answer."""


class AuditReader:
    """Reads the log at ``path`` (the current file and its rotated ones)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.skipped_lines = 0
        """How many unreadable lines the last ``recent_entries`` passed over."""

    def files(self) -> list[Path]:
        """Every file of the log that exists, newest first: the current one, then .1, .2, ..."""
        return log_files(self.path)

    def recent_entries(self, n: int) -> list[AuditEntry]:
        """Up to ``n`` of the latest readable records of every kind (calls, sampling, elicitation),
        oldest first; counts ``skipped_lines``."""
        self.skipped_lines = 0
        found: list[AuditEntry] = []
        for path in self.files():
            # Checked before each file too: an older file is not even opened once there are enough.
            if len(found) >= n:
                break
            for raw in _lines_backwards(path):
                if raw.strip():
                    entry = _entry(raw)
                    if entry is None:
                        self.skipped_lines += 1
                    else:
                        found.append(entry)
                if len(found) >= n:
                    break
        found.reverse()
        return found


def _entry(raw: bytes) -> AuditEntry | None:
    """The record on one line, of whatever kind; None when it cannot be read."""
    try:
        data = json.loads(raw)
        return (
            request_record(data) if isinstance(data, dict) and "kind" in data else AuditRecord.from_json(data)
        )
    except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors too
        return None


def _lines_backwards(path: Path) -> Iterator[bytes]:
    """Lines from the end of ``path``, read in chunks so a long log is not read whole."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return  # rotated away between listing and reading
    with handle:
        position = handle.seek(0, os.SEEK_END)
        rest = b""
        while position > 0:
            step = min(_CHUNK, position)
            position -= step
            handle.seek(position)
            block = handle.read(step) + rest
            lines = block.split(b"\n")
            rest = lines.pop(0)
            yield from reversed(lines)
        yield rest
