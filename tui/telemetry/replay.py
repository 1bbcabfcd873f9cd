"""``mcp-tui audit --export otlp``: existing audit records sent as log records, each at its own time.

The same log records export sends live (``attributes``: no arguments unless ``include_arguments``, then
redacted; no sampling or elicitation content), without spans: the records predate them.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from tui.model.telemetry import DeliveryCounts
from tui.store.audit_record import AuditRecord
from tui.store.request_records import RequestRecord
from tui.telemetry.attributes import call_log_attributes, request_log_attributes
from tui.telemetry.otel_internals import SeverityNumber
from tui.telemetry.pipeline import Pipeline
from tui.telemetry.settings import TelemetryConfig


def replay(config: TelemetryConfig, records: Iterable[AuditRecord | RequestRecord]) -> DeliveryCounts:
    """Send ``records`` and wait for the export (bounded by the export timeout); what was delivered."""
    pipeline = Pipeline(config, metrics=False)
    logger = pipeline.logger
    for record in records:
        if isinstance(record, AuditRecord):
            body = f"{record.server}/{record.tool}: {record.reason}"
            attributes = call_log_attributes(record, include_arguments=config.include_arguments)
        else:
            body = f"{record.kind} request from {record.server}: {record.answer}"
            attributes = request_log_attributes(record)
        attributes["mcp_tui.replayed"] = True
        logger.emit(
            body=body,
            attributes=attributes,
            timestamp=_nanoseconds(record.time),
            severity_number=SeverityNumber.INFO,
            event_name="mcp_tui.audit",
        )
    pipeline.shutdown()
    return pipeline.counts()[1]


def _nanoseconds(iso: str) -> int | None:
    try:
        return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1_000_000_000)
    except ValueError:
        return None
