"""``mcp-tui audit --export otlp [--since DATE]``: the audit log replayed to the team's collector.

Sends to the collector telemetry is configured for (``[telemetry]``, the ``OTEL_*`` variables, a managed
table), whether or not live export is switched on: asking for the export is the switch.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from tui.config.startup import Startup
from tui.model.telemetry import DeliveryCounts
from tui.session.audit_reading import audit_reader
from tui.store.audit_reader import AuditEntry
from tui.telemetry.settings import EXTRA_MISSING, extra_installed, telemetry_config

ALL_RECORDS = sys.maxsize


class ExportUnavailable(Exception):
    """The ``otel`` extra is not installed (the message says which to install)."""


@dataclass(frozen=True)
class AuditExport:
    endpoint: str
    chosen: int
    """Records at or after ``since``."""
    delivery: DeliveryCounts
    skipped_lines: int


def export_audit(startup: Startup, since: datetime | None) -> AuditExport:
    if not extra_installed():
        raise ExportUnavailable(EXTRA_MISSING.replace("Telemetry is turned on but", "Exporting needs"))
    config = telemetry_config(startup.config.telemetry, os.environ, startup.forced_telemetry)
    config = replace(config, enabled=True)
    log = audit_reader(startup.paths)
    entries = [entry for entry in log.recent_entries(ALL_RECORDS) if _at_or_after(entry, since)]
    from tui.telemetry.replay import replay

    delivery = replay(config, entries)
    return AuditExport(config.endpoint, len(entries), delivery, log.skipped_lines)


def _at_or_after(entry: AuditEntry, since: datetime | None) -> bool:
    if since is None:
        return True
    try:
        moment = datetime.fromisoformat(entry.time.replace("Z", "+00:00"))
    except ValueError:
        return False
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment >= since
