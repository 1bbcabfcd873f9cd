"""The export pipeline: traces, logs and metrics over OTLP/HTTP, batched in background threads.

Never in the way: each signal has a bounded queue in front of the SDK's batch processor; a record that
finds it full is dropped and counted (never waited for), and a batch the collector refuses, or that times
out, is counted as failed. Export runs on the SDK's own threads, so a collector that is down, slow or
refusing costs a call only the time to put a record in a queue. Nothing is registered globally: the
providers belong to this pipeline alone.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from opentelemetry.context import Context
from opentelemetry.exporter.otlp.proto.http.metric_exporter import OTLPMetricExporter
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import ReadableSpan, Span, SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult

from tui import __version__
from tui.model.telemetry import DeliveryCounts
from tui.telemetry.otel_internals import (
    BatchLogRecordProcessor,
    LoggerProvider,
    LogRecordExporter,
    LogRecordExportResult,
    LogRecordProcessor,
    OTLPLogExporter,
    ReadableLogRecord,
    ReadWriteLogRecord,
)
from tui.telemetry.settings import TelemetryConfig

QUEUE_SIZE = 2048
"""Records of one signal waiting for export; more are dropped and counted."""
BATCH_SIZE = 512
SCHEDULE_MS = 1000
"""How long a record may wait before its batch goes out."""
EXPORT_TIMEOUT_S = 3.0
"""One export, retries included: also the most a collector that is down can add to closing the app."""
METRICS_INTERVAL_MS = 30_000


@dataclass
class _Tally:
    """One signal's counts, shared by its queue guard (the caller's thread) and its exporter (the SDK's)."""

    queued: int = 0
    sent: int = 0
    failed: int = 0
    dropped: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    on_loss: Callable[[], None] = lambda: None
    """Called (on whichever thread noticed) when records were dropped or failed."""

    def admit(self) -> bool:
        with self.lock:
            full = self.queued - self.sent - self.failed >= QUEUE_SIZE
            if full:
                self.dropped += 1
            else:
                self.queued += 1
        if full:
            self.on_loss()
        return not full

    def settle(self, count: int, ok: bool) -> None:
        with self.lock:
            if ok:
                self.sent += count
            else:
                self.failed += count
        if not ok:
            self.on_loss()

    def counts(self) -> DeliveryCounts:
        with self.lock:
            return DeliveryCounts(self.sent, self.failed, self.dropped, self.queued - self.sent - self.failed)


class _CountedSpans(SpanExporter):
    def __init__(self, inner: SpanExporter, tally: _Tally) -> None:
        self.inner, self.tally = inner, tally

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        try:
            result = self.inner.export(spans)
        except Exception:  # a broken collector must never break the app; the batch is counted as failed
            result = SpanExportResult.FAILURE
        self.tally.settle(len(spans), result is SpanExportResult.SUCCESS)
        return result

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self.inner.force_flush(timeout_millis)


class _BoundedSpans(SpanProcessor):
    def __init__(self, inner: SpanProcessor, tally: _Tally) -> None:
        self.inner, self.tally = inner, tally

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        self.inner.on_start(span, parent_context)

    def on_end(self, span: ReadableSpan) -> None:
        if self.tally.admit():
            self.inner.on_end(span)

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self.inner.force_flush(timeout_millis)


class _CountedLogs(LogRecordExporter):
    def __init__(self, inner: LogRecordExporter, tally: _Tally) -> None:
        self.inner, self.tally = inner, tally

    def export(self, batch: Sequence[ReadableLogRecord]) -> LogRecordExportResult:
        try:
            result = self.inner.export(batch)
        except Exception:  # as for spans: counted, never raised into the app
            result = LogRecordExportResult.FAILURE
        self.tally.settle(len(batch), result is LogRecordExportResult.SUCCESS)
        return result

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return bool(self.inner.force_flush(timeout_millis))


class _BoundedLogs(LogRecordProcessor):
    def __init__(self, inner: LogRecordProcessor, tally: _Tally) -> None:
        self.inner, self.tally = inner, tally

    def on_emit(self, log_record: ReadWriteLogRecord) -> None:
        if self.tally.admit():
            self.inner.on_emit(log_record)

    def shutdown(self) -> None:
        self.inner.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return bool(self.inner.force_flush(timeout_millis))


class Pipeline:
    """Providers for the three signals, exporting to ``config``'s endpoint."""

    def __init__(self, config: TelemetryConfig, *, metrics: bool = True) -> None:
        # The exporter's retries and failures are warnings of the "opentelemetry" loggers: they go where
        # the app sends every library's (a log file), never by Python's last resort onto the terminal.
        logging.getLogger("opentelemetry").addHandler(logging.NullHandler())
        self.config = config
        resource = Resource(dict(config.resource))
        headers = dict(config.headers)
        self._spans, self._logs = _Tally(), _Tally()
        span_exporter = OTLPSpanExporter(config.url("traces"), headers=headers, timeout=EXPORT_TIMEOUT_S)
        self.tracer_provider = TracerProvider(resource=resource)
        batch = BatchSpanProcessor(
            _CountedSpans(span_exporter, self._spans),
            max_queue_size=QUEUE_SIZE,
            schedule_delay_millis=SCHEDULE_MS,
            max_export_batch_size=BATCH_SIZE,
        )
        self.tracer_provider.add_span_processor(_BoundedSpans(batch, self._spans))
        log_exporter = OTLPLogExporter(config.url("logs"), headers=headers, timeout=EXPORT_TIMEOUT_S)
        self.logger_provider = LoggerProvider(resource=resource)
        log_batch = BatchLogRecordProcessor(
            _CountedLogs(log_exporter, self._logs),
            max_queue_size=QUEUE_SIZE,
            schedule_delay_millis=SCHEDULE_MS,
            max_export_batch_size=BATCH_SIZE,
        )
        self.logger_provider.add_log_record_processor(_BoundedLogs(log_batch, self._logs))
        readers: list[Any] = []
        if metrics:
            metric_exporter = OTLPMetricExporter(
                config.url("metrics"), headers=headers, timeout=EXPORT_TIMEOUT_S
            )
            readers.append(
                PeriodicExportingMetricReader(metric_exporter, export_interval_millis=METRICS_INTERVAL_MS)
            )
        self.meter_provider = MeterProvider(resource=resource, metric_readers=readers)
        self.tracer = self.tracer_provider.get_tracer("mcp-tui", __version__)
        self.logger = self.logger_provider.get_logger("mcp-tui", __version__)
        self.meter = self.meter_provider.get_meter("mcp-tui", __version__)

    def on_loss(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever spans or log records are lost (from an export thread, too)."""
        self._spans.on_loss = self._logs.on_loss = callback

    def counts(self) -> tuple[DeliveryCounts, DeliveryCounts]:
        """(spans, log records): sent, failed, dropped and waiting so far."""
        return self._spans.counts(), self._logs.counts()

    def shutdown(self) -> None:
        """Send what is queued (each signal gives up after ``EXPORT_TIMEOUT_S``) and stop. Blocking:
        run it off the event loop."""
        # Side by side: a collector that is down costs closing one export timeout, not three.
        stops = [
            threading.Thread(target=self.tracer_provider.shutdown),
            threading.Thread(target=self.logger_provider.shutdown),
            threading.Thread(target=self.meter_provider.shutdown, args=(EXPORT_TIMEOUT_S * 1000,)),
        ]
        for stop in stops:
            stop.start()
        for stop in stops:
            stop.join()
