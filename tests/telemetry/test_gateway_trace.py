"""Trace context through the gateway: an agent's ``traceparent`` (in its request's ``_meta``) is continued
by the gateway's call span, and from there by the server's own span, so one trace runs from the agent to
the server. The gateway is a real subprocess, the agent the SDK's ``Client``, the receiver real OTLP."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from receiver import Receiver
from test_export import demo_entry, sent_requests, spans_named

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "gateway"))

from gateway_harness import agent, text_of, write_config

AGENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
AGENT_SPAN = "00f067aa0ba902b7"


async def test_the_agents_trace_goes_on_through_the_gateway_to_the_server(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MCP_TUI_TELEMETRY", "otlp")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url)
    demo_env = {"MCP_TUI_TELEMETRY": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}
    rule = '[[rules]]\nserver = "demo"\ntool = "word_count"\naction = "always"\nceiling = "critical"\n'
    write_config(home, demo_entry(home, env=demo_env) + rule)
    async with agent(home) as client:
        result = await client.call_tool(
            "word_count",
            {"path": "welcome.txt"},
            meta={"traceparent": f"00-{AGENT_TRACE}-{AGENT_SPAN}-01"},  # type: ignore[typeddict-unknown-key]
        )
    assert not result.is_error, text_of(result)

    data = receiver.wait(
        lambda d: (
            spans_named(d, "tools/call word_count")
            and spans_named(d, "tools/call word_count", "mcp-tui-demo")
        )
    )
    [call] = spans_named(data, "tools/call word_count")
    assert call.attributes["mcp_tui.interface"] == "gateway"
    assert (call.trace_id, call.parent_span_id) == (AGENT_TRACE, AGENT_SPAN)
    [served] = spans_named(data, "tools/call word_count", "mcp-tui-demo")
    assert served.trace_id == AGENT_TRACE
    [wire_call] = [r for r in sent_requests(home) if r["method"] == "tools/call"]
    assert wire_call["params"]["_meta"]["traceparent"].startswith(f"00-{AGENT_TRACE}-{call.span_id}-")


def test_a_call_span_continues_the_trace_it_is_given_whatever_the_current_context(
    receiver: Receiver,
) -> None:
    """The observer itself makes the call span the agent's child (not the context the handler runs in)."""
    from opentelemetry import context as otel_context

    from tui.telemetry.observer import Telemetry
    from tui.telemetry.settings import TelemetryConfig

    observer = Telemetry(TelemetryConfig(enabled=True, endpoint=receiver.url), "gateway")
    try:
        token = otel_context.attach(otel_context.Context())  # no current span at all
        try:
            observer.call_started(
                1, "demo", "word_count", {"traceparent": f"00-{AGENT_TRACE}-{AGENT_SPAN}-01"}
            )
            observer.call_started(2, "demo", "word_count")
        finally:
            otel_context.detach(token)
        given, own = observer._calls[1].span, observer._calls[2].span
        assert format(given.get_span_context().trace_id, "032x") == AGENT_TRACE
        assert format(given.parent.span_id, "016x") == AGENT_SPAN  # type: ignore[attr-defined]
        assert format(own.get_span_context().trace_id, "032x") != AGENT_TRACE
    finally:
        observer.pipeline.shutdown()
