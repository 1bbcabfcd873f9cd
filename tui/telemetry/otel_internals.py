"""Every place mcp-tui reaches a private name of OpenTelemetry: this module and no other.

OpenTelemetry's Python logs SDK still lives in modules named with an underscore (``opentelemetry.sdk._logs``,
``opentelemetry._logs``, the OTLP/HTTP ``_log_exporter``), although it is the documented way to emit log
records; there is no public name for any of them. ``tests/telemetry/test_otel_canary.py`` exercises each
name below against the installed SDK, so an upgrade that moves one fails there, in one obvious place.
On upgrade: when the logs SDK drops the underscore, import from the public modules here and keep the names.
"""

from __future__ import annotations

from opentelemetry._logs import SeverityNumber
from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
from opentelemetry.sdk._logs import LoggerProvider, LogRecordProcessor, ReadableLogRecord, ReadWriteLogRecord
from opentelemetry.sdk._logs.export import BatchLogRecordProcessor, LogRecordExporter, LogRecordExportResult

__all__ = [
    "BatchLogRecordProcessor",
    "LogRecordExportResult",
    "LogRecordExporter",
    "LogRecordProcessor",
    "LoggerProvider",
    "OTLPLogExporter",
    "ReadWriteLogRecord",
    "ReadableLogRecord",
    "SeverityNumber",
]
