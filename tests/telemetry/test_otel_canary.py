"""The canary of ``tui.telemetry.otel_internals``: every private OpenTelemetry name it holds, exercised
against the installed SDK (an upgrade that moves one fails here first)."""

from __future__ import annotations

from collections.abc import Sequence

from receiver import Receiver

from tui.telemetry.otel_internals import (
    BatchLogRecordProcessor,
    LoggerProvider,
    LogRecordExporter,
    LogRecordExportResult,
    LogRecordProcessor,
    OTLPLogExporter,
    ReadableLogRecord,
    ReadWriteLogRecord,
    SeverityNumber,
)


class Kept(LogRecordExporter):
    def __init__(self) -> None:
        self.records: list[ReadableLogRecord] = []

    def export(self, batch: Sequence[ReadableLogRecord]) -> LogRecordExportResult:
        self.records.extend(batch)
        return LogRecordExportResult.SUCCESS

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


class Seen(LogRecordProcessor):
    def __init__(self) -> None:
        self.emitted: list[ReadWriteLogRecord] = []

    def on_emit(self, log_record: ReadWriteLogRecord) -> None:
        self.emitted.append(log_record)

    def shutdown(self) -> None:
        pass

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return True


def test_the_logs_sdk_emits_through_processors_and_exporters() -> None:
    kept, seen = Kept(), Seen()
    provider = LoggerProvider()
    provider.add_log_record_processor(seen)
    provider.add_log_record_processor(BatchLogRecordProcessor(kept))
    provider.get_logger("canary").emit(
        body="hello", attributes={"a": 1}, severity_number=SeverityNumber.INFO, event_name="canary"
    )
    provider.shutdown()
    assert [record.log_record.body for record in seen.emitted] == ["hello"]
    assert [record.log_record.attributes for record in kept.records] == [{"a": 1}]


def test_the_otlp_log_exporter_delivers_to_a_receiver() -> None:
    with Receiver() as receiver:
        exporter = OTLPLogExporter(f"{receiver.url}/v1/logs", timeout=10)
        provider = LoggerProvider()
        processor = BatchLogRecordProcessor(exporter)
        provider.add_log_record_processor(processor)
        provider.get_logger("canary").emit(body="over the wire", severity_number=SeverityNumber.WARN)
        provider.shutdown()
        data = receiver.wait(lambda d: d.logs)
        assert [log.body for log in data.logs] == ["over the wire"]
