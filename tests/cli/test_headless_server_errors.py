"""call against a server that answers with an error: the exit status, the message and the audit record
say what happened (the server refused, sent nonsense, or the connection ended), whatever the code."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_harness import audit_records, run_cli

SERVERS = Path(__file__).resolve().parents[1] / "client" / "servers"


def call_answered_with(error: object, home: Path, *options: str) -> tuple[int, str, dict[str, object]]:
    server = ("--", sys.executable, str(SERVERS / "error_server.py"), json.dumps(error))
    result = run_cli("call", "fail", "--approve-up-to", "safe", *options, *server, home=home)
    [record] = audit_records(home)
    return result.returncode, result.stderr, record


@pytest.mark.parametrize(("code", "message"), [(-32000, "Server overloaded"), (-32001, "plain")])
def test_a_server_error_with_an_sdk_code_exits_1_as_a_refusal(home: Path, code: int, message: str) -> None:
    status, stderr, record = call_answered_with({"code": code, "message": message}, home)
    assert status == 1
    assert f"mcp-tui: The server refused the call: {message}\n" in stderr
    assert (record["outcome"], record["error"]) == ("error", f"The server refused the call: {message}")


def test_an_invalid_error_object_exits_1_at_once_not_at_the_timeout(home: Path) -> None:
    # Ending at the 30 s limit instead would exit 7 and say "No answer within 30 s".
    status, stderr, record = call_answered_with({"code": "x", "message": "m"}, home, "--timeout", "30")
    assert status == 1
    expected = "The server sent an invalid error response: the error code is a string, not an integer."
    assert f"mcp-tui: {expected}\n" in stderr
    assert (record["outcome"], record["error"]) == ("error", expected)
    assert isinstance(record["duration_ms"], int)


def test_a_server_that_dies_during_the_call_exits_3(home: Path) -> None:
    server = ("--", sys.executable, str(SERVERS / "raw_server.py"))
    result = run_cli("call", "crash", "--approve-up-to", "critical", *server, home=home)
    assert result.returncode == 3, result.stderr
    assert "mcp-tui: The connection ended during the call: the server exited with code 1" in result.stderr
    [record] = audit_records(home)
    assert record["outcome"] == "error"


def test_a_reason_ending_in_its_own_dots_gets_no_full_stop_more(home: Path) -> None:
    """Issue 28, item 13: "stopping the server..." as the last stderr line read "server...." in the error."""
    server = ("--", sys.executable, str(SERVERS / "raw_server.py"))
    said = "say=stopping the server..."
    result = run_cli("call", "crash", said, "--approve-up-to", "critical", *server, home=home)
    assert result.returncode == 3, result.stderr
    assert "last stderr: stopping the server...\n" in result.stderr
    assert "server...." not in result.stderr
    [record] = audit_records(home)
    assert record["error"].endswith("stopping the server...")
