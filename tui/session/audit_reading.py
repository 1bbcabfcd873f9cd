"""The audit log as the front ends read it: ``mcp-tui audit`` and the Audit screen (F5) show the same records.

The session writes the log (``Session.audit``, one record per call attempt and per question a server asked);
front ends read it only through ``audit_reader``, which reads the latest records of every kind across the
rotated files, and render the record types below. A front end never opens the file itself.
"""

from __future__ import annotations

from tui.config.paths import AppPaths
from tui.store.audit_reader import AuditEntry, AuditReader
from tui.store.audit_record import AuditRecord
from tui.store.request_records import ElicitationAuditRecord, RequestRecord, SamplingAuditRecord

__all__ = [
    "AuditEntry",
    "AuditReader",
    "AuditRecord",
    "ElicitationAuditRecord",
    "RequestRecord",
    "SamplingAuditRecord",
    "audit_reader",
]


def audit_reader(paths: AppPaths | None = None) -> AuditReader:
    """The reader of the audit log under ``paths`` (a session's ``startup.paths``); by default the one
    this user's app writes (``MCP_TUI_HOME`` or the user state directory), which ``mcp-tui audit`` reads."""
    return AuditReader((paths or AppPaths.default()).audit_file)
