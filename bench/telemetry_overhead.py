"""What telemetry export costs a call, with export on (docs/performance.md, docs/telemetry.md).

python bench/telemetry_overhead.py [--calls N]

1. The observer's own work on a call's path (start the call span, stamp the tools/call request, hear its
   answer, put the decision on the span, emit the log record, count the metrics), per call, exporting
   to a receiver on 127.0.0.1 and to a port where nothing listens (a collector that is down).
2. Whole calls through the session to the demo over stdio, export off against export on (receiver up),
   interleaved so a busy machine slows both alike: the median time of one call.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import mcp_types as types
from mcp.shared.message import SessionMessage

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "telemetry"))
from receiver import Receiver

from tui.client.transports import _stamped  # the stamping the transport does to each request
from tui.config.model import TelemetryTable
from tui.model.hints import Hints
from tui.store.audit_record import make_record
from tui.telemetry.observer import Telemetry
from tui.telemetry.settings import telemetry_config


def closed_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{sock.getsockname()[1]}"


def observer_per_call(endpoint: str, calls: int) -> list[float]:
    config = telemetry_config(TelemetryTable(exporter="otlp", endpoint=endpoint), {})
    telemetry = Telemetry(config, "cli")
    record = make_record(
        server="demo",
        tool="word_count",
        definition_hash="h" * 64,
        arguments={"path": "welcome.txt"},
        hints=Hints.from_annotations({"readOnlyHint": True, "openWorldHint": False}),
        grade="safe",
        decision="allow",
        reason="Allowed: an always rule",
        rule="always-rule",
        outcome="ok",
        duration_ms=3,
        interface="cli",
        now=datetime.now(UTC),
    )
    times = []
    for call_id in range(calls):
        request = types.JSONRPCRequest(
            jsonrpc="2.0", id=call_id, method="tools/call", params={"name": "word_count", "arguments": {}}
        )
        started = time.perf_counter()
        telemetry.call_started(call_id, "demo", "word_count")

        def stamp(method, request_id, params):  # type: ignore[no-untyped-def]
            return telemetry.request_out("demo", method, request_id, params, transport="pipe", protocol="x")

        _stamped(SessionMessage(request), stamp)
        telemetry.answer_in("demo", call_id, None)
        telemetry.call_finished(call_id, record, dialect=None)
        times.append(time.perf_counter() - started)
    telemetry.shutdown()
    return times


async def session_calls(home: Path, calls: int, export: str | None) -> list[float]:
    from tui.config.startup import load_startup
    from tui.session.session import Session

    os.environ.pop("MCP_TUI_TELEMETRY", None)
    if export:
        os.environ |= {"MCP_TUI_TELEMETRY": "otlp", "OTEL_EXPORTER_OTLP_ENDPOINT": export}
    session = Session(load_startup(config_path=None), interface="cli")
    await session.start()
    times = []
    try:
        await session.ready("demo", timeout=60)
        tool = session.find_tool("demo", "word_count")
        assert tool is not None
        for _ in range(calls):
            started = time.perf_counter()
            await session.call(tool, {"path": "welcome.txt"})
            times.append(time.perf_counter() - started)
    finally:
        await session.aclose()
    return times


def summary(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    print(f"{label:<58} median {statistics.median(times) * 1000:7.3f} ms   p95 {p95 * 1000:7.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=200)
    calls = parser.parse_args().calls
    with Receiver() as receiver:
        summary("observer work per call, collector up", observer_per_call(receiver.url, calls))
        summary("observer work per call, collector down", observer_per_call(closed_port(), calls))
        with tempfile.TemporaryDirectory() as home:
            os.environ["MCP_TUI_HOME"] = home
            # A rule that allows the call: no question, the whole call path.
            Path(home, "config.toml").write_text(
                '[[rules]]\nserver = "demo"\ntool = "word_count"\naction = "always"\nceiling = "safe"\n',
                encoding="utf-8",
            )
            off: list[float] = []
            on: list[float] = []
            for _ in range(5):  # interleaved rounds: a busy machine slows both alike
                off += asyncio.run(session_calls(Path(home), calls // 5, None))
                on += asyncio.run(session_calls(Path(home), calls // 5, receiver.url))
            summary("a whole call to the demo (stdio), export off", off)
            summary("a whole call to the demo (stdio), export on", on)
            print(f"median difference: {(statistics.median(on) - statistics.median(off)) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
