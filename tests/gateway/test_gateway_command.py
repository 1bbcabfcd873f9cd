"""``mcp-tui gateway`` as a command: what it refuses before serving, and the audit record's agent field."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

from gateway_harness import gateway_params

from tui.model.hints import Hints
from tui.store.audit_record import AuditRecord, make_record


def run_gateway(home: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    params = gateway_params(home, *extra)
    return subprocess.run(
        [params.command, *params.args], input="", capture_output=True, text=True, env=params.env, timeout=60
    )


def test_a_configuration_problem_stops_the_gateway_before_it_serves(home: Path) -> None:
    (home / "config.toml").write_text("[[rules]]\nserver = 3\n", encoding="utf-8")
    result = run_gateway(home)
    assert result.returncode == 2
    assert result.stdout == ""  # stdout is the agent's: nothing but the protocol goes there
    assert "config.toml" in result.stderr
    assert "not serving: fix the configuration problems above first" in result.stderr


def test_a_busy_port_is_one_line_naming_it(home: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run_gateway(home, "--http", str(port))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"mcp-tui: cannot listen on 127.0.0.1:{port}: Address already in use"
    ]


def test_a_gateway_record_names_its_agent_and_reads_back_the_same() -> None:
    fields = dict(
        server="demo",
        tool="manage_files",
        definition_hash="abc",
        arguments={"action": "read"},
        hints=Hints.from_annotations(None),
        grade="safe",
        decision="allow",
        reason="Allowed",
        rule="always-rule",
        outcome="ok",
    )
    through_gateway = make_record(
        **fields, interface="gateway", agent={"name": "claude-code", "version": "2.1"}
    )
    by_hand = make_record(**fields, interface="cli")
    line = json.loads(through_gateway.to_line())
    assert line["agent"] == {"name": "claude-code", "version": "2.1"}
    assert AuditRecord.from_json(line) == through_gateway
    assert "agent" not in json.loads(by_hand.to_line())  # other records are written as before
    assert AuditRecord.from_json(json.loads(by_hand.to_line())) == by_hand


def test_importing_the_gateway_loads_no_sdk_the_session_loads_it_when_it_starts() -> None:
    code = "import tui.gateway.main, sys; print(any(m == 'mcp' or m.startswith('mcp.') for m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_mcp_tui_audit_names_the_agent_of_a_gateway_call(home: Path) -> None:
    from tui.cli.audit_lines import call_lines

    record = make_record(
        server="demo",
        tool="sql",
        definition_hash="abc",
        arguments={},
        hints=Hints.from_annotations(None),
        grade="critical",
        decision="deny",
        reason="Denied: your rule never allows sql",
        rule="never-rule",
        outcome="denied",
        interface="gateway",
        agent={"name": "gemini-cli\x1b[2J", "version": "0.9"},
    )
    assert call_lines(record)[-1] == "    agent: gemini-cli\\x1b[2J 0.9"
