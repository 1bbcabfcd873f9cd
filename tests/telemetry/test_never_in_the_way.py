"""A collector that hangs, refuses or is not there never holds up a call; what it did not take is counted.

Checked by states, never by times: a call completes while an export is held open at the receiver, and
the counts say what was lost. The per-call overhead is measured in bench/telemetry_overhead.py.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from harness import wait_until
from receiver import Receiver
from test_export import READY_LIMIT, answer_once, demo_entry, exporting, spans_named

from tui.config.startup import load_startup
from tui.model.results import CallStatus
from tui.session.check_config import check_startup
from tui.session.events import TelemetryUndelivered
from tui.session.session import Session


def closed_port_url() -> str:
    """A URL on 127.0.0.1 where nothing listens (bound and closed again: connections are refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


async def test_a_call_finishes_while_the_collector_holds_an_export_open(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    exporting(monkeypatch, receiver)
    # The exporter waits for the held export for as long as the test runs: a call that waited for it
    # would not come back at all.
    monkeypatch.setattr("tui.telemetry.pipeline.EXPORT_TIMEOUT_S", 600.0)
    (home / "config.toml").write_text(demo_entry(home), encoding="utf-8")
    receiver.hold.clear()  # the collector takes exports and never answers
    session = Session(load_startup(config_path=None), interface="cli")
    session.attach(answer_once)
    await session.start()
    try:
        await session.ready("demo", timeout=READY_LIMIT)
        tool = session.find_tool("demo", "word_count")
        assert tool is not None
        first = await session.call(tool, {"path": "welcome.txt"})
        assert first.outcome.status is CallStatus.OK
        receiver.wait_in_flight()  # an export is now stuck at the collector...
        for _ in range(3):  # ...and calls still go out and come back
            record = await session.call(tool, {"path": "welcome.txt"})
            assert record.outcome.status is CallStatus.OK
        assert receiver.in_flight > 0  # the export never was answered while they ran
        status = session.telemetry.status()
        assert (status.spans.sent, status.spans.failed) == (0, 0)
        assert status.spans.waiting >= 4
    finally:
        receiver.hold.set()
        await session.aclose()
    data = receiver.wait(lambda d: len(spans_named(d, "tools/call word_count")) == 4)
    assert len(spans_named(data, "tools/call word_count")) == 4


async def test_a_collector_that_is_not_there_costs_the_call_nothing_and_the_loss_is_counted(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MCP_TUI_TELEMETRY", "otlp")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", closed_port_url())
    (home / "config.toml").write_text(demo_entry(home), encoding="utf-8")
    session = Session(load_startup(config_path=None), interface="cli")
    session.attach(answer_once)
    await session.start()
    try:
        await session.ready("demo", timeout=READY_LIMIT)
        tool = session.find_tool("demo", "word_count")
        assert tool is not None
        record = await session.call(tool, {"path": "welcome.txt"})
        assert record.outcome.status is CallStatus.OK
    finally:
        await session.aclose()
    status = session.telemetry.status()
    assert status.spans.sent == 0
    assert status.spans.failed >= 3  # initialize, tools/list, the call
    assert status.logs.failed == 1
    assert "not delivered" in status.line()


async def test_a_refusing_collector_is_told_to_the_front_end_and_to_check_config(
    home: Path, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    exporting(monkeypatch, receiver)
    receiver.answer = 400  # a client error: the exporter does not retry it
    (home / "config.toml").write_text(demo_entry(home), encoding="utf-8")
    session = Session(load_startup(config_path=None), interface="tui")
    told: list[str] = []
    session.subscribe(
        lambda event: told.append(event.line) if isinstance(event, TelemetryUndelivered) else None
    )
    await session.start()
    try:
        await session.ready("demo", timeout=READY_LIMIT)
        await wait_until(lambda: told, timeout=45)  # the first batch is refused while the session runs
    finally:
        await session.aclose()
    assert "not delivered" in told[0]
    status = session.telemetry.status()
    assert status.spans.failed >= 2
    assert status.spans.sent == 0
    assert receiver.data.spans == []
    # --check-config, in a later process, says what the last run that exported could not deliver.
    report = check_startup(load_startup(config_path=None), None)
    [last] = [line for line in report.read if line.startswith("telemetry, last run")]
    assert f"0 spans and 0 log records sent to {receiver.url}, {status.spans.failed} not delivered" in last
    assert f"telemetry: exporting to {receiver.url}" in report.read[-2]
