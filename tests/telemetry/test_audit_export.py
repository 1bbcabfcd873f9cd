"""``mcp-tui audit --export otlp [--since DATE]``: the records already in the audit log reach the collector
as log records, from DATE on, at their own time, without their arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from receiver import Receiver

from tui.model.hints import Hints
from tui.store.audit_record import make_record
from tui.store.audit_writer import AuditWriter
from tui.store.request_records import SamplingAuditRecord


def write_log(home: Path) -> None:
    writer = AuditWriter(home / "audit.jsonl")
    for day, tool in ((1, "old_tool"), (5, "new_tool")):
        writer.append(
            make_record(
                server="demo",
                tool=tool,
                definition_hash="h",
                arguments={"path": "secret-plans.txt"},
                hints=Hints.from_annotations(None),
                grade="critical",
                decision="deny",
                reason="Denied: a never rule",
                rule="never-rule",
                outcome="denied",
                interface="cli",
                now=datetime(2026, 11, day, 9, 0, tzinfo=UTC),
            )
        )
    writer.append(
        SamplingAuditRecord(
            time="2026-11-06T10:00:00.000Z",
            server="demo",
            request={"messages": [{"role": "user", "content": {"type": "text", "text": "private prompt"}}]},
            answer="replied",
            reply="private reply",
        )
    )


def mcp_tui(home: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OTEL_") and k != "MCP_TUI_TELEMETRY"}
    return subprocess.run(
        [sys.executable, "-m", "tui", *args],
        capture_output=True,
        text=True,
        env=environ | {"MCP_TUI_HOME": str(home)} | env,
        timeout=120,
        check=False,
    )


def test_audit_records_since_a_date_are_sent_as_log_records(home: Path, receiver: Receiver) -> None:
    write_log(home)
    endpoint = {"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url}
    result = mcp_tui(home, "audit", "--export", "otlp", "--since", "2026-11-03", env=endpoint)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"sent 2 of 2 audit records to {receiver.url}\n"
    data = receiver.wait(lambda d: len(d.logs) == 2)
    call, sampling = data.logs
    assert call.attributes["gen_ai.tool.name"] == "new_tool"
    assert call.attributes["mcp_tui.decision"] == "denied"
    assert call.attributes["mcp_tui.replayed"] is True
    assert call.resource["service.name"] == "mcp-tui"
    assert sampling.attributes["mcp_tui.audit.kind"] == "sampling"
    exported = repr([call.body, call.attributes, sampling.body, sampling.attributes])
    for private in ("secret-plans.txt", "private prompt", "private reply"):
        assert private not in exported


def test_an_unreachable_collector_is_a_connection_error(home: Path, receiver: Receiver) -> None:
    write_log(home)
    receiver.answer = 400
    result = mcp_tui(home, "audit", "--export", "otlp", env={"OTEL_EXPORTER_OTLP_ENDPOINT": receiver.url})
    assert result.returncode == 3
    assert result.stdout == f"sent 0 of 3 audit records to {receiver.url}\n"
    assert "3 records were not delivered" in result.stderr


def test_since_without_export_and_a_bad_date_are_usage_errors(home: Path) -> None:
    alone = mcp_tui(home, "audit", "--since", "2026-11-03", env={})
    assert alone.returncode == 2
    assert "--since goes with --export otlp" in alone.stderr
    bad = mcp_tui(home, "audit", "--export", "otlp", "--since", "last week", env={})
    assert bad.returncode == 2
    assert "'last week' is not a date" in bad.stderr
