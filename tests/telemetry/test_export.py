"""Export end to end: the session calls the bundled demo over real stdio, a real OTLP/HTTP receiver on
127.0.0.1 decodes what arrives (opentelemetry-proto), and a tap copies every request the demo was sent.

What a team relies on: one span per request following the MCP semantic conventions, the decision on a
call's span (also for a call that never went out), the audit record as a log record linked to it and
without arguments, trace context in every request's ``_meta`` on both protocol eras (never ``baggage``),
and the demo's own span joining the trace when its own settings say so.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from receiver import Received, Receiver, Span

from tui.config.model import TelemetryTable
from tui.config.startup import load_startup
from tui.safety.confirm import ConfirmChoice
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session

READY_LIMIT = 45.0
TAP = Path(__file__).resolve().parents[1] / "client" / "servers" / "wire_tap.py"


def demo_entry(home: Path, *, protocol: str = "legacy", env: dict[str, str] | None = None) -> str:
    """A ``[servers.demo]`` that runs the demo behind the wire tap (``home/wire.jsonl``)."""
    args = [
        str(TAP),
        str(home / "wire.jsonl"),
        sys.executable,
        "-m",
        "tui.demo",
        "--sandbox",
        str(home / "sb"),
    ]
    text = f"[servers.demo]\ncommand = {json.dumps(sys.executable)}\nargs = {json.dumps(args)}\n"
    text += f'protocol = "{protocol}"\n'
    if env:
        pairs = ", ".join(f"{key} = {json.dumps(value)}" for key, value in env.items())
        text += f"env = {{ {pairs} }}\n"
    return text


def sent_requests(home: Path) -> list[dict[str, Any]]:
    lines = (home / "wire.jsonl").read_text(encoding="utf-8").splitlines()
    messages = [json.loads(line) for line in lines if line.strip()]
    return [m for m in messages if "method" in m and "id" in m]


def answer_once(question: Question) -> None:
    assert isinstance(question, ConfirmCall)
    question.answer.set_result(ConfirmChoice.ONCE)


async def run_calls(home: Path, config: str, calls: list[tuple[str, dict[str, Any]]], answer: Any) -> Session:
    (home / "config.toml").write_text(config, encoding="utf-8")
    session = Session(load_startup(config_path=None), interface="cli")
    session.attach(answer)
    await session.start()
    try:
        await session.ready("demo", timeout=READY_LIMIT)
        for name, arguments in calls:
            tool = session.find_tool("demo", name)
            assert tool is not None
            await session.call(tool, arguments)
    finally:
        await session.aclose()  # sends what is queued
    return session


def spans_named(data: Received, name: str, service: str = "mcp-tui") -> list[Span]:
    return [s for s in data.spans if s.name == name and s.resource.get("service.name") == service]


def exporting(monkeypatch: pytest.MonkeyPatch, receiver: Receiver) -> None:
    monkeypatch.setenv("MCP_TUI_TELEMETRY", "otlp")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url)


async def test_a_call_span_carries_the_decision_and_the_demo_span_joins_its_trace(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    exporting(monkeypatch, receiver)
    demo_env = {"MCP_TUI_TELEMETRY": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}
    await run_calls(
        home, demo_entry(home, env=demo_env), [("word_count", {"path": "welcome.txt"})], answer_once
    )

    data = receiver.wait(
        lambda d: spans_named(d, "tools/call word_count", "mcp-tui-demo") and d.logs and d.metrics
    )
    [call] = spans_named(data, "tools/call word_count")
    assert call.kind == 3  # SPAN_KIND_CLIENT
    assert call.attributes["mcp.method.name"] == "tools/call"
    assert call.attributes["gen_ai.tool.name"] == "word_count"
    assert call.attributes["network.transport"] == "pipe"
    assert call.attributes["mcp.protocol.version"]
    assert call.attributes["mcp_tui.decision"] == "asked_then_allowed"
    assert call.attributes["mcp_tui.decision.rule"] == "no-rule"
    assert call.attributes["mcp_tui.grade"] == "safe"
    assert call.attributes["mcp_tui.interface"] == "cli"
    assert call.attributes["mcp_tui.hint.readOnlyHint"] is True
    assert call.attributes["mcp_tui.hint.readOnlyHint.provenance"] == "explicit"
    assert call.attributes["mcp_tui.resolve.dialect"] == "none"
    assert "mcp_tui.arguments" not in call.attributes
    assert call.resource["service.name"] == "mcp-tui"
    assert {"user.name", "host.name"} <= set(call.resource)

    # The demo's span is the call span's child, in the same trace.
    [served] = spans_named(data, "tools/call word_count", "mcp-tui-demo")
    assert (served.trace_id, served.parent_span_id) == (call.trace_id, call.span_id)

    # What went over the wire: this very span's trace context, W3C only.
    [wire_call] = [r for r in sent_requests(home) if r["method"] == "tools/call"]
    meta = wire_call["params"]["_meta"]
    assert meta["traceparent"].startswith(f"00-{call.trace_id}-{call.span_id}-")
    assert "baggage" not in meta
    assert wire_call["id"] == int(call.attributes["jsonrpc.request.id"])

    # The audit record as a log record, linked to the span, without the arguments.
    [log] = [entry for entry in data.logs if entry.attributes.get("gen_ai.tool.name") == "word_count"]
    assert (log.trace_id, log.span_id) == (call.trace_id, call.span_id)
    assert log.attributes["mcp_tui.decision.action"] == "ask"
    assert log.attributes["mcp_tui.outcome"] == "ok"
    assert not any("argument" in key for key in log.attributes)
    assert "welcome.txt" not in json.dumps([log.body, log.attributes])

    # Other requests have spans of their own; the metrics arrive with the decision counted.
    assert spans_named(data, "tools/list")
    durations = data.metrics["mcp.client.operation.duration"]
    assert {"mcp.method.name": "tools/call", "gen_ai.tool.name": "word_count"}.items() <= max(
        (p for p in durations if p.get("mcp.method.name") == "tools/call"), key=len
    ).items()
    [counted] = data.metrics["mcp_tui.decisions"]
    assert counted == {
        "mcp_tui.decision": "asked_then_allowed",
        "mcp_tui.grade": "safe",
        "mcp_tui.decision.source": "no-rule",
        "mcp_tui.server": "demo",
    }


@pytest.mark.parametrize("protocol", ["legacy", "2026-07-28"])
async def test_every_request_carries_trace_context_on_both_eras(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch, protocol: str
) -> None:
    exporting(monkeypatch, receiver)
    calls = [("manage_files", {"action": "read", "path": "welcome.txt"})]
    await run_calls(home, demo_entry(home, protocol=protocol), calls, answer_once)
    requests = sent_requests(home)
    assert {"tools/list", "tools/call"} <= {r["method"] for r in requests}
    for request in requests:
        meta = request["params"]["_meta"]
        assert meta["traceparent"].startswith("00-"), request["method"]
        assert "baggage" not in meta
    if protocol == "2026-07-28":  # the SDK's own _meta entries stay beside ours
        assert any("io.modelcontextprotocol/clientCapabilities" in r["params"]["_meta"] for r in requests)
    data = receiver.wait(lambda d: spans_named(d, "tools/call manage_files"))
    [call] = spans_named(data, "tools/call manage_files")
    # The preflight (tools/resolve) for exactly these arguments is a child of the call's span.
    resolves = [s for s in data.spans if s.name.startswith(("tools/resolve", "tools/annotations"))]
    assert any(s.parent_span_id == call.span_id and s.trace_id == call.trace_id for s in resolves)
    assert call.attributes["mcp_tui.resolve.dialect"] != "none"
    assert call.attributes["mcp_tui.hint.readOnlyHint.provenance"] == "resolved"


async def test_a_call_that_never_went_out_still_has_a_span_with_its_decision(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    exporting(monkeypatch, receiver)
    calls = [("manage_files", {"action": "delete", "path": "welcome.txt"})]
    session = await run_calls(home, demo_entry(home), calls, None)  # no one to ask
    data = receiver.wait(lambda d: spans_named(d, "tools/call manage_files") and d.logs)
    [call] = spans_named(data, "tools/call manage_files")
    assert call.attributes["mcp_tui.decision"] == "unanswered"
    assert call.attributes["mcp_tui.outcome"] == "unanswered"
    assert "jsonrpc.request.id" not in call.attributes  # no request
    assert "tools/call" not in {r["method"] for r in sent_requests(home)}
    assert session.telemetry.status().spans.sent >= 1


async def test_arguments_are_exported_only_when_asked_and_then_redacted(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    exporting(monkeypatch, receiver)
    config = demo_entry(home) + "\n[telemetry]\ninclude_arguments = true\n"
    body = {"title": "hello", "api_key": "abcdefghijklmnop", "note": "Bearer qrstuvwxyz123456"}
    arguments = {"method": "POST", "path": "/notes", "body": body}
    await run_calls(home, config, [("http_api", arguments)], answer_once)
    data = receiver.wait(lambda d: spans_named(d, "tools/call http_api") and d.logs)
    [call] = spans_named(data, "tools/call http_api")
    [log] = [entry for entry in data.logs if entry.attributes.get("gen_ai.tool.name") == "http_api"]
    for exported in (call.attributes["mcp_tui.arguments"], log.attributes["mcp_tui.arguments"]):
        shown = json.loads(exported)
        assert shown["path"] == "/notes"
        assert shown["body"]["title"] == "hello"
        assert shown["body"]["api_key"] == "<redacted>"
        assert "abcdefghijklmnop" not in exported
        assert "qrstuvwxyz123456" not in exported


async def test_a_forced_telemetry_table_exports_although_the_user_turned_it_off(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the managed policy plugs in: ``Startup.forced_telemetry`` wins over config.toml and the
    environment, which here both say off and point elsewhere."""
    monkeypatch.setenv("MCP_TUI_TELEMETRY", "none")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:9")
    config = demo_entry(home) + '\n[telemetry]\nexporter = "none"\nendpoint = "http://127.0.0.1:9"\n'
    (home / "config.toml").write_text(config, encoding="utf-8")
    startup = load_startup(config_path=None)
    startup.forced_telemetry = TelemetryTable(endpoint=receiver.url)
    session = Session(startup, interface="tui")
    await session.start()
    try:
        await session.ready("demo", timeout=READY_LIMIT)
        assert session.telemetry.status().line().endswith("not delivered (0 failed, 0 dropped: queue full)")
        assert "(required by the managed policy)" in session.telemetry.status().line()
    finally:
        await session.aclose()
    data = receiver.wait(lambda d: spans_named(d, "tools/list"))
    assert spans_named(data, "tools/list")[0].attributes["mcp_tui.server"] == "demo"
