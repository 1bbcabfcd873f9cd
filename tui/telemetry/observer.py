"""The telemetry observer: a span per MCP request, a decision on each call's span, a log record per audit
record, and the two metrics; trace context for each request's ``_meta``.

It follows the GenAI semantic conventions' MCP section: client spans named ``{mcp.method.name} {target}``
with ``mcp.method.name``, ``gen_ai.tool.name``, ``jsonrpc.request.id``, ``mcp.protocol.version``,
``network.transport`` and ``error.type``, and the ``mcp.client.operation.duration`` histogram. A
``tools/call`` span starts when the call is asked for, so it covers the preflight, the decision, the
person's answer and the server's work, and a call that never went out still has one. Everything here runs
on the event loop and only hands records to the pipeline's queues.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from opentelemetry.trace import Span, SpanKind, Status, StatusCode, set_span_in_context
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from tui.model.telemetry import TelemetryStatus
from tui.store.audit_record import AuditRecord
from tui.store.request_records import RequestRecord
from tui.telemetry.attributes import (
    call_log_attributes,
    decision_attributes,
    exported_arguments,
    request_log_attributes,
)
from tui.telemetry.otel_internals import SeverityNumber
from tui.telemetry.pipeline import Pipeline
from tui.telemetry.settings import TelemetryConfig

_PROPAGATOR = TraceContextTextMapPropagator()
"""W3C trace context only: ``traceparent`` and ``tracestate``, never ``baggage``."""
_TARGETS = {"tools/call": "name", "tools/resolve": "name", "tools/annotations": "name", "prompts/get": "name"}
"""Methods whose span name ends with a low-cardinality target from their params."""
_MAX_OPEN = 4096
"""Requests never answered (a connection lost mid-request) must not pile up."""


@dataclass
class _OpenCall:
    span: Span
    server: str
    tool: str
    sent_at: float | None = None


@dataclass
class _OpenRequest:
    span: Span
    started: float
    attributes: dict[str, Any]
    owned: bool
    """False for a tools/call: its span is the call's, ended when the call is audited."""


class Telemetry:
    def __init__(self, config: TelemetryConfig, interface: str, pipeline: Pipeline | None = None) -> None:
        self.config = config
        self.interface = interface
        self.pipeline = pipeline or Pipeline(config)
        self._tracer = self.pipeline.tracer
        self._logger = self.pipeline.logger
        meter = self.pipeline.meter
        self._duration = meter.create_histogram(
            "mcp.client.operation.duration",
            unit="s",
            description="The duration of an MCP request as the client sees it, from sending to the answer.",
        )
        self._decisions = meter.create_counter(
            "mcp_tui.decisions", unit="{decision}", description="Tool call decisions."
        )
        self._calls: dict[int, _OpenCall] = {}
        self._requests: dict[tuple[str, int | str], _OpenRequest] = {}

    # ---- the session's calls ----------------------------------------------------------------------

    def call_started(
        self, call_id: int, server: str, tool: str, parent: Mapping[str, str] | None = None
    ) -> None:
        """``parent``: the caller's ``traceparent`` (and ``tracestate``), when a call came through the
        gateway with one: the call's span is its child, so the agent's trace goes on to the server. (Not
        left to whatever context the request handler runs in: that is the SDK's business.)"""
        context = _PROPAGATOR.extract(dict(parent)) if parent else None
        span = self._tracer.start_span(
            f"tools/call {tool}",
            context=context,
            kind=SpanKind.CLIENT,
            attributes={
                "mcp.method.name": "tools/call",
                "gen_ai.tool.name": tool,
                "gen_ai.operation.name": "execute_tool",
                "mcp_tui.interface": self.interface,
                "mcp_tui.server": server,
            },
        )
        self._calls[call_id] = _OpenCall(span, server, tool)

    def call_finished(
        self, call_id: int, record: AuditRecord, *, dialect: str | None, decision: object | None = None
    ) -> None:
        """The call's audit record: its span gets the decision and ends; its log record is emitted."""
        call = self._calls.pop(call_id, None)
        if call is None:
            return
        span = call.span
        span.set_attributes(decision_attributes(record, dialect=dialect, decision=decision))
        if self.config.include_arguments:
            span.set_attribute("mcp_tui.arguments", exported_arguments(record.arguments))
        if record.outcome in ("error", "timeout"):
            if span.is_recording() and "error.type" not in getattr(span, "attributes", {}):
                span.set_attribute("error.type", "timeout" if record.outcome == "timeout" else "tool_error")
            span.set_status(Status(StatusCode.ERROR, record.error or record.outcome))
        self._emit_call_log(record, span)
        span.end()
        labels = {
            "mcp_tui.decision": decision_attributes(record, dialect=dialect)["mcp_tui.decision"],
            "mcp_tui.grade": record.grade,
            "mcp_tui.decision.source": record.rule,
            "mcp_tui.server": record.server,
        }
        self._decisions.add(1, labels)

    def call_abandoned(self, call_id: int) -> None:
        """The attempt ended before a decision (an error): its span ends, marked as such."""
        call = self._calls.pop(call_id, None)
        if call is not None:
            call.span.set_status(Status(StatusCode.ERROR, "ended before a decision"))
            call.span.end()

    def audit_recorded(self, record: RequestRecord) -> None:
        """A sampling or elicitation record: a log record of who asked and the answer, no content."""
        self._logger.emit(
            body=f"{record.kind} request from {record.server}: {record.answer}",
            attributes=request_log_attributes(record),
            severity_number=SeverityNumber.INFO,
            event_name="mcp_tui.audit",
        )

    def _emit_call_log(self, record: AuditRecord, span: Span) -> None:
        self._logger.emit(
            body=f"{record.server}/{record.tool}: {record.reason}",
            attributes=call_log_attributes(record, include_arguments=self.config.include_arguments),
            severity_number=SeverityNumber.INFO,
            context=set_span_in_context(span),
            event_name="mcp_tui.audit",
        )

    # ---- the wire (tui.model.telemetry.WireObserver) ----------------------------------------------

    def request_out(
        self,
        server: str,
        method: str,
        request_id: int | str,
        params: Mapping[str, Any] | None,
        *,
        transport: str,
        protocol: str | None,
    ) -> Mapping[str, str]:
        attributes: dict[str, Any] = {
            "mcp.method.name": method,
            "jsonrpc.request.id": str(request_id),
            "network.transport": transport,
        }
        if protocol:
            attributes["mcp.protocol.version"] = protocol
        target = _target(method, params)
        if target is not None:
            attributes["gen_ai.prompt.name" if method == "prompts/get" else "gen_ai.tool.name"] = target
        call = self._call_for(server, target) if method == "tools/call" else None
        if call is not None:
            call.sent_at = time.monotonic()
            span, owned = call.span, False
            span.set_attributes(attributes)
        else:
            if method == "resources/read" and isinstance(uri := (params or {}).get("uri"), str):
                attributes["mcp.resource.uri"] = uri
            parent = self._latest_call(server)
            span = self._tracer.start_span(
                f"{method} {target}" if target else method,
                context=set_span_in_context(parent.span) if parent is not None else None,
                kind=SpanKind.CLIENT,
                attributes=attributes | {"mcp_tui.server": server},
            )
            owned = True
        if len(self._requests) >= _MAX_OPEN:
            self._requests.clear()
        self._requests[(server, request_id)] = _OpenRequest(span, time.monotonic(), attributes, owned)
        carrier: dict[str, str] = {}
        _PROPAGATOR.inject(carrier, context=set_span_in_context(span))
        return carrier

    def answer_in(self, server: str, request_id: int | str, error: int | str | None) -> None:
        request = self._requests.pop((server, request_id), None)
        if request is None:
            return
        attributes = dict(request.attributes)
        if error is not None:
            attributes["error.type"] = str(error)
            request.span.set_attribute("error.type", str(error))
            if isinstance(error, int):
                request.span.set_attribute("rpc.response.status_code", str(error))
            request.span.set_status(Status(StatusCode.ERROR))
        attributes.pop("jsonrpc.request.id", None)  # one series per method, not per request
        self._duration.record(time.monotonic() - request.started, attributes)
        if request.owned:
            request.span.end()

    def _call_for(self, server: str, tool: str | None) -> _OpenCall | None:
        """The call about to send ``tool`` on ``server``: the oldest such one not sent yet."""
        for call in self._calls.values():
            if call.server == server and call.tool == tool and call.sent_at is None:
                return call
        return None

    def _latest_call(self, server: str) -> _OpenCall | None:
        """A call being decided on ``server`` (its preflight's requests are its children)."""
        calls = [call for call in self._calls.values() if call.server == server and call.sent_at is None]
        return calls[-1] if calls else None

    # ---- status and the end ---------------------------------------------------------------------

    def status(self) -> TelemetryStatus:
        spans, logs = self.pipeline.counts()
        return TelemetryStatus("on", self.config.endpoint, self.config.forced, spans, logs)

    def shutdown(self) -> None:
        """End what is still open, send what is queued and stop (blocking: run off the event loop)."""
        for call in self._calls.values():
            call.span.end()
        for request in self._requests.values():
            if request.owned:
                request.span.end()
        self._calls.clear()
        self._requests.clear()
        self.pipeline.shutdown()


def _target(method: str, params: Mapping[str, Any] | None) -> str | None:
    key = _TARGETS.get(method)
    value = (params or {}).get(key) if key else None
    return value if isinstance(value, str) else None
