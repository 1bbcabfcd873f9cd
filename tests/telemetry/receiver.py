"""A real OTLP/HTTP receiver on 127.0.0.1: it decodes each export with opentelemetry-proto and keeps what
arrived as plain values (spans, log records, metric names) for the tests to check.

``answer`` picks the HTTP status it replies with (503: a collector that refuses), so a test can make it
refuse; ``received`` is set at each export, for tests that wait for a state.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.collector.metrics.v1.metrics_service_pb2 import ExportMetricsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue


def _value(value: AnyValue) -> Any:
    kind = value.WhichOneof("value")
    return None if kind is None else getattr(value, kind)


def _attributes(pairs: Any) -> dict[str, Any]:
    return {pair.key: _value(pair.value) for pair in pairs if isinstance(pair, KeyValue)}


@dataclass
class Span:
    name: str
    trace_id: str
    span_id: str
    parent_span_id: str
    kind: int
    attributes: dict[str, Any]
    resource: dict[str, Any]
    status_code: int


@dataclass
class LogRecord:
    body: Any
    attributes: dict[str, Any]
    trace_id: str
    span_id: str
    resource: dict[str, Any]


@dataclass
class Received:
    spans: list[Span] = field(default_factory=list)
    logs: list[LogRecord] = field(default_factory=list)
    metrics: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Metric name -> the attributes of each data point."""
    headers: list[dict[str, str]] = field(default_factory=list)


class Receiver:
    def __init__(self) -> None:
        self.data = Received()
        self.lock = threading.Lock()
        self.answer = 200
        self.changed = threading.Condition(self.lock)
        self.hold = threading.Event()
        """Cleared: the receiver takes each export and answers nothing until it is set (a hung collector)."""
        self.hold.set()
        self.in_flight = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    receiver.in_flight += 1
                    receiver.changed.notify_all()
                receiver.hold.wait()
                with receiver.lock:
                    receiver.in_flight -= 1
                    receiver.data.headers.append(dict(self.headers.items()))
                    if receiver.answer == 200:
                        receiver._decode(self.path, body)
                    receiver.changed.notify_all()
                self.send_response(receiver.answer)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Receiver:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def _decode(self, path: str, body: bytes) -> None:
        if path == "/v1/traces":
            traces = ExportTraceServiceRequest.FromString(body)
            for resource_spans in traces.resource_spans:
                resource = _attributes(resource_spans.resource.attributes)
                for scope in resource_spans.scope_spans:
                    for span in scope.spans:
                        self.data.spans.append(
                            Span(
                                span.name,
                                span.trace_id.hex(),
                                span.span_id.hex(),
                                span.parent_span_id.hex(),
                                span.kind,
                                _attributes(span.attributes),
                                resource,
                                span.status.code,
                            )
                        )
        elif path == "/v1/logs":
            logs = ExportLogsServiceRequest.FromString(body)
            for resource_logs in logs.resource_logs:
                resource = _attributes(resource_logs.resource.attributes)
                for scope in resource_logs.scope_logs:
                    for record in scope.log_records:
                        self.data.logs.append(
                            LogRecord(
                                _value(record.body),
                                _attributes(record.attributes),
                                record.trace_id.hex(),
                                record.span_id.hex(),
                                resource,
                            )
                        )
        elif path == "/v1/metrics":
            metrics = ExportMetricsServiceRequest.FromString(body)
            for resource_metrics in metrics.resource_metrics:
                for scope in resource_metrics.scope_metrics:
                    for metric in scope.metrics:
                        kind = metric.WhichOneof("data")
                        points = getattr(metric, kind).data_points if kind else []
                        self.data.metrics.setdefault(metric.name, []).extend(
                            _attributes(point.attributes) for point in points
                        )

    def wait_in_flight(self, timeout: float = 45.0) -> None:
        """Wait until an export has arrived and is being held (``hold`` cleared)."""
        with self.changed:
            if not self.changed.wait_for(lambda: self.in_flight > 0, timeout):
                raise AssertionError("no export reached the receiver")

    def wait(self, condition: Any, timeout: float = 45.0) -> Received:
        """Wait until ``condition(received)`` holds (a limit only a broken test reaches)."""
        with self.changed:
            if not self.changed.wait_for(lambda: condition(self.data), timeout):
                raise AssertionError(f"the receiver never got what the test waits for: {self.data}")
            return self.data
