"""``run``, ``snapshot`` and ``diff`` against server-everything from npm (skipped, saying how to install it,
when it is not installed): a server mcp-tui did not write, over real stdio."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import npm_servers
import pytest
from cli_harness import run_cli, write_config

pytestmark = [npm_servers.skip_unless_installed(), pytest.mark.timeout(180)]

EVERYTHING = "@modelcontextprotocol/server-everything"

CALLS = """
[[calls]]
name = "echo"
server = "everything"
tool = "echo"
args = { message = "hello from CI" }
expect.text_contains = "hello from CI"
expect.grade = "safe"

[[calls]]
name = "sum"
server = "everything"
tool = "get-sum"
args = { a = 2, b = 40 }
expect.text_regex = '\\b42\\b'

[[calls]]
name = "weather"
server = "everything"
tool = "get-structured-content"
args = { location = "Chicago" }
expect.output_schema_valid = true
expect.hints = { readOnlyHint = true, destructiveHint = false }

[[calls]]
name = "annotated"
server = "everything"
tool = "get-annotated-message"
args = { messageType = "success" }
expect.is_error = false

[[calls]]
name = "tiny image"
server = "everything"
tool = "get-tiny-image"
expect.max_ms = 30000

[[calls]]
name = "sum is wrong"
server = "everything"
tool = "get-sum"
args = { a = 2, b = 2 }
expect.text_regex = '\\b5\\b'
"""


@pytest.fixture
def everything(home: Path) -> Path:
    write_config(home, f"[servers.everything]\n{npm_servers.toml_command(EVERYTHING)}\n")
    return home


def test_a_collection_runs_against_server_everything_with_junit(everything: Path) -> None:
    collection = everything / "everything.toml"
    collection.write_text(CALLS, encoding="utf-8")
    report = everything / "junit.xml"
    result = run_cli(
        "run", str(collection), "--junit", str(report), "--approve-up-to", "safe", home=everything
    )
    assert result.returncode == 8, result.stdout + result.stderr
    assert "6 calls: 5 passed, 1 failed, 0 not run (exit 8)" in result.stdout
    suite = ET.parse(report).getroot()[0]
    assert suite.attrib["tests"] == "6"
    assert suite.attrib["failures"] == "1"
    failed = [case for case in suite if case.find("failure") is not None]
    assert [case.attrib["name"] for case in failed] == ["sum is wrong"]
    failure = failed[0].find("failure")
    assert failure is not None
    assert failure.attrib["message"].startswith("expect.text_regex: '\\\\b5\\\\b' matches nothing")

    only = run_cli("run", str(collection), "--only", "echo", "--only", "weather", "--junit", str(report),
                   "--approve-up-to", "safe", home=everything)  # fmt: skip
    assert only.returncode == 0, only.stdout + only.stderr
    suite = ET.parse(report).getroot()[0]
    assert suite.attrib["skipped"] == "4"


def test_snapshot_then_diff_of_server_everything_is_unchanged(everything: Path) -> None:
    baseline = everything / "everything-tools.json"
    written = run_cli("snapshot", "everything", "-o", str(baseline), home=everything)
    assert written.returncode == 0, written.stderr
    diff = run_cli("diff", str(baseline), home=everything)
    assert diff.returncode == 0, diff.stdout + diff.stderr
    assert diff.stdout == f"everything: no changes since {baseline}\n"
