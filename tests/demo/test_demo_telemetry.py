"""The demo server exports only when its own settings say so: ``--otlp URL``, or its environment."""

from __future__ import annotations

from tui.demo.main import _parser
from tui.demo.telemetry import DemoTelemetry, demo_endpoint


def test_the_flag_wins_then_the_environment_then_nothing() -> None:
    told = {"MCP_TUI_TELEMETRY": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}
    assert demo_endpoint("http://flag:4318", told) == "http://flag:4318"
    assert demo_endpoint(None, told) == "http://127.0.0.1:4318"
    assert demo_endpoint(None, {"MCP_TUI_TELEMETRY": "otlp"}) == "http://localhost:4318"
    # An endpoint alone is not a request to export: the switch is.
    assert demo_endpoint(None, {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}) is None
    assert _parser().parse_args(["--otlp", "http://c:4318"]).otlp == "http://c:4318"


def test_off_means_no_tracer_and_a_span_that_does_nothing() -> None:
    telemetry = DemoTelemetry(None)
    assert telemetry.tracer is None
    with telemetry.call_span("word_count", {"traceparent": "00-" + "1" * 32 + "-" + "2" * 16 + "-01"}):
        pass
    telemetry.shutdown()
