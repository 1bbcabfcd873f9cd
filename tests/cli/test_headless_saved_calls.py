"""``mcp-tui run``: saved calls against the demo and the drifting test server over real stdio, each through
the same decision as a typed call; JUnit XML, exit 8 for a failed expectation, a changed definition that
stops its call, secrets from the environment."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from cli_harness import audit_records, command, environment, run_cli, sandbox_bytes, write_config

DRIFTING = Path(__file__).resolve().parents[1] / "client" / "servers" / "drifting_server.py"

DEMO_CALLS = """
[[calls]]
name = "read the welcome file"
server = "demo"
tool = "manage_files"
args = { action = "read", path = "welcome.txt" }
expect.is_error = false
expect.text_contains = "Welcome"
expect.grade = "safe"

[[calls]]
name = "list the sandbox"
server = "demo"
tool = "list_sandbox"
expect.text_regex = 'welcome\\.txt'
expect.hints = { readOnlyHint = true, openWorldHint = false }

[[calls]]
name = "stats match their schema"
server = "demo"
tool = "sandbox_stats"
expect.output_schema_valid = true
expect.max_ms = 30000

[[calls]]
name = "select fruits"
server = "demo"
tool = "sql"
args = { query = "SELECT name FROM fruits ORDER BY name" }
expect.grade = "safe"
expect.text_contains = "apple"

[[calls]]
name = "count words"
server = "demo"
tool = "word_count"
args = { path = "welcome.txt" }
expect.text_regex = '\\d+ words'
"""

FAILING = """
[[calls]]
name = "count zebras"
server = "demo"
tool = "word_count"
args = { path = "welcome.txt" }
expect.text_contains = "zebra"
"""


def drifting_config(home: Path, release: str) -> None:
    args = json.dumps([str(DRIFTING), release])
    write_config(home, f"[servers.drift]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n")


def junit(path: Path) -> ET.Element:
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites"
    [suite] = list(root)
    assert suite.tag == "testsuite"
    cases = list(suite)
    assert all(case.tag == "testcase" for case in cases)
    # The counts every reader (Jenkins, GitLab) takes from the attributes, not from the children.
    for element in (root, suite):
        assert int(element.attrib["tests"]) == len(cases)
        for kind in ("failure", "error", "skipped"):
            expected = sum(case.find(kind) is not None for case in cases)
            assert int(element.attrib[kind + ("s" if kind != "skipped" else "")]) == expected
        assert float(element.attrib["time"]) >= 0
    for case in cases:
        assert case.attrib["name"]
        assert case.attrib["classname"]
        float(case.attrib["time"])
        assert sum(case.find(kind) is not None for kind in ("failure", "error", "skipped")) <= 1
    return suite


def test_five_saved_calls_pass_against_the_demo_with_a_junit_report(home: Path) -> None:
    collection = home / "demo.toml"
    collection.write_text(DEMO_CALLS, encoding="utf-8")
    report = home / "reports" / "junit.xml"
    result = run_cli("run", str(collection), "--junit", str(report), "--approve-up-to", "safe", home=home)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert [line.split("  ")[0] for line in lines[:5]] == ["passed  "[:6]] * 5
    assert lines[-1] == "5 calls: 5 passed, 0 failed, 0 not run (exit 0)"
    suite = junit(report)
    assert suite.attrib["name"] == "demo"
    assert [case.attrib["name"] for case in suite] == [
        "read the welcome file", "list the sandbox", "stats match their schema", "select fruits",
        "count words",
    ]  # fmt: skip
    assert suite[0].attrib["classname"] == "demo.manage_files"
    # The same call path as a typed call: each one is in the audit log, decided by the same rules (an
    # untrusted server's call asks; --approve-up-to answered it).
    records = audit_records(home)
    assert [(r["tool"], r["decision"], r["choice"], r["outcome"]) for r in records] == [
        (tool, "ask", "once", "ok")
        for tool in ("manage_files", "list_sandbox", "sandbox_stats", "sql", "word_count")
    ]


def test_a_failing_expectation_exits_8_and_names_it_in_junit_after_running_the_rest(home: Path) -> None:
    collection = home / "demo.toml"
    collection.write_text(FAILING + DEMO_CALLS, encoding="utf-8")
    report = home / "junit.xml"
    result = run_cli("run", str(collection), "--junit", str(report), "--approve-up-to", "safe", home=home)
    assert result.returncode == 8, result.stdout + result.stderr
    assert result.stdout.startswith("failed   count zebras  demo/word_count  safe")
    assert "  expect.text_contains: 'zebra' is not in the result" in result.stdout
    assert "6 calls: 5 passed, 1 failed, 0 not run (exit 8)" in result.stdout
    suite = junit(report)
    failure = suite[0].find("failure")
    assert failure is not None
    assert failure.attrib["type"] == "expectation"
    assert failure.attrib["message"].startswith("expect.text_contains: 'zebra'")
    assert all(case.find("failure") is None for case in list(suite)[1:])


def test_a_call_that_asks_is_not_sent_without_someone_to_answer_and_exits_5(home: Path) -> None:
    collection = home / "c.toml"
    delete = '[[calls]]\nname = "delete"\nserver = "demo"\ntool = "manage_files"\n'
    delete += 'args = { action = "delete", path = "welcome.txt" }\n'
    collection.write_text(delete + DEMO_CALLS, encoding="utf-8")
    # --approve-up-to safe answers the reads' plain ask; the delete is high and stays unanswered.
    result = run_cli("run", str(collection), "--approve-up-to", "safe", "--json", home=home)
    assert result.returncode == 5, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["name"], r["status"], r["exit"]) for r in records][:2] == [
        ("delete", "not run", 5),
        ("read the welcome file", "passed", 0),
    ]
    assert records[0]["grade"] == "high"
    assert records[0]["decision"] == "ask"
    assert "welcome.txt" in sandbox_bytes(home)  # the delete was never sent


def test_a_changed_definition_stops_its_call_unless_accepted(home: Path) -> None:
    drifting_config(home, "v1")
    snapshot = run_cli("snapshot", "drift", home=home)
    assert snapshot.returncode == 0, snapshot.stderr
    saved = {tool["name"]: tool["definition"] for tool in json.loads(snapshot.stdout)["tools"]}
    collection = home / "drift.toml"
    collection.write_text(
        f'[[calls]]\nname = "read"\nserver = "drift"\ntool = "read_file"\nargs = {{ path = "a" }}\n'
        f'definition = "{saved["read_file"]}"\n'
        f'[[calls]]\nname = "rename"\nserver = "drift"\ntool = "rename"\nargs = {{ path = "a" }}\n'
        f'definition = "{saved["rename"]}"\nexpect.text_contains = "called rename"\n',
        encoding="utf-8",
    )
    same = run_cli("run", str(collection), "--approve-up-to", "medium", home=home)
    assert same.returncode == 0, same.stdout + same.stderr

    drifting_config(home, "v2")
    sent_before = len(audit_records(home))
    changed = run_cli("run", str(collection), "--approve-up-to", "medium", home=home)
    assert changed.returncode == 5, changed.stdout + changed.stderr
    assert "not run  read  drift/read_file  (exit 5) the definition of read_file changed" in changed.stdout
    assert "--accept-changed" in changed.stdout
    assert "not run  rename  drift/rename  (exit 5)" in changed.stdout
    assert len(audit_records(home)) == sent_before  # neither reached the call path

    accepted = run_cli(
        "run", str(collection), "--approve-up-to", "medium", "--accept-changed", "--json", home=home
    )
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    records = [json.loads(line) for line in accepted.stdout.splitlines()]
    assert [r["status"] for r in records] == ["passed", "passed"]
    assert "run anyway (--accept-changed)" in records[0]["accepted_change"]
    # Accepting the change skips only the collection's own check: the decision still grades v2's read_file.
    assert records[0]["grade"] == "medium"


def test_secrets_come_from_the_environment_and_a_missing_one_stops_only_its_call(home: Path) -> None:
    drifting_config(home, "v1")
    collection = home / "secrets.toml"
    collection.write_text(
        '[[calls]]\nname = "with token"\nserver = "drift"\ntool = "read_file"\n'
        'args = { path = "a", token = "${MCP_TUI_READ_FILE_TOKEN}" }\nexpect.text_contains = "s3cret-value"\n'
        '[[calls]]\nname = "plain"\nserver = "drift"\ntool = "stats"\n',
        encoding="utf-8",
    )
    missing = run_cli("run", str(collection), "--approve-up-to", "safe", home=home)
    assert missing.returncode == 2, missing.stdout
    assert "MCP_TUI_READ_FILE_TOKEN" in missing.stdout
    assert "passed   plain  drift/stats" in missing.stdout

    env = {**environment(home), "MCP_TUI_READ_FILE_TOKEN": "s3cret-value"}
    ran = subprocess.run(
        command("run", str(collection), "--approve-up-to", "safe"),
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "passed   with token  drift/read_file" in ran.stdout


def test_a_broken_collection_names_file_line_and_problem_and_runs_nothing(home: Path) -> None:
    collection = home / "broken.toml"
    collection.write_text(
        '[[calls]]\nname = "a"\nserver = "demo"\ntool = "list_sandbox"\n\n'
        '[[calls]]\nname = "b"\nserver = "demo"\nexpect.grade = "dangerous"\nexpect.colour = 1\n',
        encoding="utf-8",
    )
    result = run_cli("run", str(collection), "--approve-up-to", "safe", home=home)
    assert result.returncode == 2
    assert f'{collection}, line 6: calls[1]: "tool" must be a non-empty string' in result.stderr
    assert "expect.grade must be one of safe, low, medium, high, critical, not 'dangerous'" in result.stderr
    assert "unknown expectation(s) colour" in result.stderr
    assert result.stdout == ""
    assert audit_records(home) == []


EACH_EXPECTATION_FAILS = """
[[calls]]
name = "tool error, not expected"
server = "demo"
tool = "manage_files"
args = { action = "read", path = "missing.txt" }

[[calls]]
name = "tool error, expected"
server = "demo"
tool = "manage_files"
args = { action = "read", path = "missing.txt" }
expect.is_error = true
expect.text_contains = "missing.txt is missing"

[[calls]]
name = "every other expectation fails"
server = "demo"
tool = "sandbox_stats"
expect.is_error = true
expect.text_contains = "zebra"
expect.text_regex = '^\\d+ zebras'
expect.structured = { largest = "nothing.txt" }
expect.output_schema_valid = false
expect.grade = "critical"
expect.hints = { readOnlyHint = false, openWorldHint = false }
expect.max_ms = 0.001

[[calls]]
name = "what did hold"
server = "demo"
tool = "sandbox_stats"
expect.structured = { notes = 0 }
expect.output_schema_valid = true
expect.hints = { readOnlyHint = true }
"""


def test_each_expectation_is_checked_and_named_when_it_fails(home: Path) -> None:
    collection = home / "each.toml"
    collection.write_text(EACH_EXPECTATION_FAILS, encoding="utf-8")
    result = run_cli("run", str(collection), "--approve-up-to", "safe", "--json", home=home)
    assert result.returncode == 8, result.stdout + result.stderr
    unexpected, expected, others, held = [json.loads(line) for line in result.stdout.splitlines()]
    assert unexpected["failures"] == [
        "expect.is_error: expected false (not stated: a saved call must not fail), got true: "
        "Nothing done: missing.txt is missing; read works on existing files."
    ]
    assert expected["status"] == "passed"
    assert [failure.split(":")[0] for failure in others["failures"]] == [
        "expect.is_error",
        "expect.text_contains",
        "expect.text_regex",
        "expect.structured",
        "expect.output_schema_valid",
        "expect.grade",
        "expect.hints.readOnlyHint",
        "expect.max_ms",
    ]
    assert "expect.grade: expected critical, the preflight resolved safe" in others["failures"]
    assert held["status"] == "passed", held["failures"]


def test_a_server_that_does_not_start_stops_only_its_calls_and_gives_the_exit_status(home: Path) -> None:
    scripted = Path(__file__).resolve().parent / "scripted_server.py"
    args = json.dumps([str(scripted), json.dumps({"start": "exit"})])
    drifting = json.dumps([str(DRIFTING), "v1"])
    write_config(
        home,
        f"[servers.broken]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n"
        f"[servers.drift]\ncommand = {json.dumps(sys.executable)}\nargs = {drifting}\n",
    )
    collection = home / "c.toml"
    collection.write_text(
        '[[calls]]\nname = "on broken"\nserver = "broken"\ntool = "probe"\n'
        '[[calls]]\nname = "nowhere"\nserver = "nosuch"\ntool = "probe"\n'
        '[[calls]]\nname = "no such tool"\nserver = "drift"\ntool = "probe"\n'
        '[[calls]]\nname = "fine"\nserver = "drift"\ntool = "stats"\n',
        encoding="utf-8",
    )
    result = run_cli("run", str(collection), "--approve-up-to", "safe", "--json", home=home)
    assert result.returncode == 3, result.stdout + result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["name"], r["status"], r["exit"]) for r in records] == [
        ("on broken", "not run", 3),
        ("nowhere", "not run", 2),
        ("no such tool", "not run", 2),
        ("fine", "passed", 0),
    ]
    assert records[0]["reason"].startswith("broken could not connect")
    assert records[1]["reason"] == "no server named 'nosuch' in the configuration"
