"""call through the decision engine: every exit status, and what was (not) sent and audited."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from cli_harness import (
    SLOW_SERVER,
    audit_records,
    command,
    environment,
    rule,
    run_cli,
    sandbox_bytes,
    write_config,
)

from tui.config.startup import load_startup
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.session import Session


def test_an_allowed_call_runs_prints_the_result_and_audits_as_cli(home: Path) -> None:
    write_config(home, rule("sandbox_stats", "always", "safe"))
    result = run_cli("call", "demo", "sandbox_stats", home=home)
    assert result.returncode == 0, result.stderr
    assert "files," in result.stdout
    assert "structured content:" in result.stdout
    [record] = audit_records(home)
    assert (record["decision"], record["rule"], record["outcome"], record["interface"]) == (
        "allow",
        "always-rule",
        "ok",
        "cli",
    )


def test_call_json_has_the_audit_fields_and_the_result_as_sent(home: Path) -> None:
    write_config(home, rule("sandbox_stats", "always", "safe"))
    result = run_cli("call", "sandbox_stats", "--json", home=home)
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    [record] = audit_records(home)
    for field in ("server", "tool", "arguments", "hints", "grade", "decision", "rule", "reason", "outcome"):
        assert document[field] == record[field], field
    assert isinstance(document["duration_ms"], int)
    assert set(document["result"]) >= {"content", "structuredContent"}
    assert document["result"]["content"][0]["type"] == "text"


def test_a_tool_that_reports_iserror_exits_1(home: Path) -> None:
    result = run_cli("call", "world_clock", "timezone=Nowhere/Else", "--approve-up-to", "low", home=home)
    assert result.returncode == 1
    assert "Unknown time zone" in result.stdout
    assert audit_records(home)[-1]["outcome"] == "error"


def test_invalid_arguments_exit_2_with_the_forms_messages_and_send_nothing(home: Path) -> None:
    result = run_cli("call", "add_note", "count:=3", "--approve-up-to", "critical", home=home)
    assert result.returncode == 2
    assert "'text' is a required property" in result.stderr
    assert "Traceback" not in result.stderr
    assert audit_records(home) == []


def test_a_server_that_cannot_start_exits_3_with_its_error(home: Path) -> None:
    result = run_cli("tools", "--", str(home / "no-such-program"), home=home)
    assert result.returncode == 3
    assert "no-such-program" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_never_rule_denies_with_4_and_sends_nothing(home: Path) -> None:
    write_config(home, rule("add_note", "never"))
    before = sandbox_bytes(home)
    result = run_cli("call", "add_note", "text=hi", "--approve-up-to", "critical", home=home)
    assert result.returncode == 4
    assert "never" in result.stderr.lower()
    assert sandbox_bytes(home) == before
    [record] = audit_records(home)
    assert (record["decision"], record["rule"], record["outcome"]) == ("deny", "never-rule", "denied")


def test_an_ask_with_no_terminal_exits_5_and_the_sandbox_is_unchanged_byte_for_byte(home: Path) -> None:
    seeded = run_cli("call", "add_note", "text=keep me", "--approve-up-to", "medium", home=home)
    assert seeded.returncode == 0, seeded.stderr
    before = sandbox_bytes(home)
    assert before["notes.md"] == b"- keep me\n"
    result = run_cli("call", "demo", "clear_notes", home=home)
    assert result.returncode == 5
    assert "needs approval and no one could be asked" in result.stderr
    assert "--approve-up-to" in result.stderr  # and says how to allow it
    assert sandbox_bytes(home) == before
    record = audit_records(home)[-1]
    assert (record["decision"], record["outcome"], record["choice"], record["duration_ms"]) == (
        "ask",
        "unanswered",
        "unanswered",
        None,
    )


def test_approve_up_to_covers_its_grade_and_no_higher(home: Path) -> None:
    result = run_cli("call", "add_note", "text=too risky", "--approve-up-to", "low", home=home)
    assert result.returncode == 5
    result = run_cli("call", "add_note", "text=fine", "--approve-up-to", "medium", home=home)
    assert result.returncode == 0, result.stderr
    assert (home / "demo-sandbox" / "notes.md").read_text(encoding="utf-8").splitlines() == ["- fine"]
    assert [r["choice"] for r in audit_records(home)] == ["unanswered", "once"]


def test_a_call_that_outlives_its_timeout_exits_7(home: Path) -> None:
    args = ("slow_count", "steps:=50", "delay_seconds:=0.2", "--timeout", "0.5", "--approve-up-to", "safe")
    result = run_cli("call", *args, home=home)
    assert result.returncode == 7
    assert audit_records(home)[-1]["outcome"] == "timeout"


def started(marker: Path) -> bool:
    return marker.exists() and marker.read_text(encoding="utf-8") == "started"


def test_ctrl_c_cancels_the_call_tells_the_server_and_exits_130(home: Path) -> None:
    marker = home / "marker.txt"
    process = subprocess.Popen(
        command(
            "call", "wait", "--approve-up-to", "safe", "--", sys.executable, str(SLOW_SERVER), str(marker)
        ),
        env=environment(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # The server writes "started" when the call reaches it; the file can exist a moment before it
        # holds the word, so wait for the word. The deadline only bounds a broken test.
        deadline = time.monotonic() + 45
        while not started(marker) and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert started(marker), process.communicate(timeout=5)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "Traceback" not in err
    assert marker.read_text(encoding="utf-8") == "cancelled"
    assert audit_records(home)[-1]["outcome"] == "cancelled"


def test_images_print_as_type_and_size_and_save_dir_writes_them(home: Path) -> None:
    server = ("--", sys.executable, str(SLOW_SERVER), str(home / "marker.txt"))
    saved = home / "saved"
    result = run_cli(
        "call", "picture", "--approve-up-to", "safe", "--save-dir", str(saved), *server, home=home
    )
    assert result.returncode == 0, result.stderr
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(32))
    assert f"[image image/png, {len(png)} B, saved to {saved / 'picture-1.png'}]" in result.stdout
    assert "a tiny picture" in result.stdout
    assert (saved / "picture-1.png").read_bytes() == png


def test_approve_up_to_never_covers_a_changed_tool_definition(home: Path) -> None:
    # You once allowed add_note "always", but the server has changed the tool since: a person must look.
    startup = load_startup(config_path=None)
    older = DefinitionSnapshot.of("add_note", "An older description.", {"type": "object"}, None)
    Session(startup).settings.remember(ConfirmChoice.ALWAYS, startup.servers[0], older, Grade.MEDIUM)
    result = run_cli("call", "add_note", "text=x", "--approve-up-to", "critical", home=home)
    assert result.returncode == 5
    assert not (home / "demo-sandbox" / "notes.md").exists()
    record = audit_records(home)[-1]
    assert (record["rule"], record["outcome"]) == ("definition-changed", "unanswered")
    assert record["changes"]
