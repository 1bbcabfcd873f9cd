"""The demo server's own spans: one SERVER span per tools/call, a child of the caller's trace context.

On only when the demo's *own* settings say so: ``mcp-tui demo-server --otlp URL``, or
``MCP_TUI_TELEMETRY=otlp`` with ``OTEL_EXPORTER_OTLP_ENDPOINT`` in its environment (a server entry's
``env``; mcp-tui passes no ``OTEL_*`` variable to a server by itself). The caller's ``traceparent``
(and ``tracestate``) arrive in the request's ``_meta``, so a trace shows the client's decision and the
server's work together. OpenTelemetry (the ``otel`` extra) is imported only when export is on.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, nullcontext
from typing import Any

from tui import __version__

_FLUSH_TIMEOUT_MS = 2000
"""How long the demo waits for its last spans at exit (a stdio server gets a little more to exit)."""


class DemoTelemetry:
    """Spans for the demo's tool calls; ``tracer`` None means export is off."""

    def __init__(self, endpoint: str | None) -> None:
        self.tracer: Any = None
        self._provider: Any = None
        if endpoint is None:
            return
        try:
            from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
            from opentelemetry.sdk.resources import Resource
            from opentelemetry.sdk.trace import TracerProvider
            from opentelemetry.sdk.trace.export import BatchSpanProcessor
        except ImportError:
            print("mcp-tui demo-server: telemetry needs pip install 'mcp-tui[otel]'", file=sys.stderr)
            return
        resource = Resource({"service.name": "mcp-tui-demo", "service.version": __version__})
        self._provider = TracerProvider(resource=resource)
        exporter = OTLPSpanExporter(f"{endpoint.rstrip('/')}/v1/traces", timeout=_FLUSH_TIMEOUT_MS / 1000)
        # A short delay: a stdio demo lives as long as its client, which may be one headless call.
        self._provider.add_span_processor(BatchSpanProcessor(exporter, schedule_delay_millis=200))
        self.tracer = self._provider.get_tracer("mcp-tui-demo", __version__)

    def call_span(self, tool: str, meta: Mapping[str, Any] | None) -> Any:
        """A context manager around one tools/call: a SERVER span in the caller's trace (when on)."""
        if self.tracer is None:
            return nullcontext()
        return self._span(tool, meta or {})

    @contextmanager
    def _span(self, tool: str, meta: Mapping[str, Any]) -> Iterator[None]:
        from opentelemetry.trace import SpanKind
        from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

        carrier = {
            key: value for key in ("traceparent", "tracestate") if isinstance(value := meta.get(key), str)
        }
        parent = TraceContextTextMapPropagator().extract(carrier)
        attributes = {"mcp.method.name": "tools/call", "gen_ai.tool.name": tool}
        with self.tracer.start_as_current_span(
            f"tools/call {tool}", context=parent, kind=SpanKind.SERVER, attributes=attributes
        ):
            yield

    def shutdown(self) -> None:
        if self._provider is not None:
            self._provider.force_flush(_FLUSH_TIMEOUT_MS)
            self._provider.shutdown()


def demo_endpoint(flag: str | None, environ: Mapping[str, str] = os.environ) -> str | None:
    """Where the demo exports: ``--otlp URL``, else its environment's settings, else nowhere."""
    if flag:
        return flag
    if environ.get("MCP_TUI_TELEMETRY", "").strip().lower() == "otlp":
        return environ.get("OTEL_EXPORTER_OTLP_ENDPOINT", "").strip() or "http://localhost:4318"
    return None
