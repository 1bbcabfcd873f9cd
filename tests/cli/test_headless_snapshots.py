"""``mcp-tui snapshot`` then ``mcp-tui diff`` over real stdio: the demo unchanged exits 0; the drifting test
server's next release exits 9 with its riskier changes first."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_harness import run_cli, write_config

DRIFTING = Path(__file__).resolve().parents[1] / "client" / "servers" / "drifting_server.py"


def drifting_config(home: Path, release: str) -> None:
    args = json.dumps([str(DRIFTING), release])
    write_config(home, f"[servers.drift]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n")


@pytest.mark.slow
def test_snapshot_then_diff_of_the_demo_is_unchanged_and_the_file_is_stable(home: Path) -> None:
    baseline = home / "ci" / "demo-tools.json"
    first = run_cli("snapshot", "-o", str(baseline), home=home)
    assert first.returncode == 0, first.stderr
    assert first.stdout == f"wrote {baseline} (13 tools of demo)\n"
    text = baseline.read_text(encoding="utf-8")
    document = json.loads(text)
    names = [tool["name"] for tool in document["tools"]]
    assert names == sorted(names)
    manage = next(tool for tool in document["tools"] if tool["name"] == "manage_files")
    assert manage["resolvable"] == "io.modelcontextprotocol/tool-resolution"
    assert manage["definition"].startswith("sha256:")
    assert set(manage) == {
        "name", "title", "description", "inputSchema", "outputSchema", "annotations", "resolvable",
        "displayTemplates", "definition",
    }  # fmt: skip
    again = run_cli("snapshot", "demo", "-o", str(baseline), home=home)
    assert again.stdout == f"unchanged: {baseline} (13 tools of demo)\n"
    assert baseline.read_text(encoding="utf-8") == text
    same = run_cli("diff", str(baseline), home=home)
    assert same.returncode == 0, same.stderr
    assert same.stdout == f"demo: no changes since {baseline}\n"
    as_json = run_cli("diff", str(baseline), "demo", "--json", home=home)
    assert as_json.returncode == 0
    assert json.loads(as_json.stdout)["changes"] == []


def test_diff_after_the_hints_change_exits_9_with_the_riskier_changes_first(home: Path) -> None:
    drifting_config(home, "v1")
    baseline = home / "drift.json"
    assert run_cli("snapshot", "drift", "-o", str(baseline), home=home).returncode == 0
    [read_file] = [tool for tool in json.loads(baseline.read_text())["tools"] if tool["name"] == "read_file"]
    assert read_file["displayTemplates"] == {"result": "{{content}}"}
    drifting_config(home, "v2")
    result = run_cli("diff", str(baseline), home=home)
    assert result.returncode == 9, result.stderr
    lines = result.stdout.splitlines()
    risky = [line for line in lines if line.startswith("risk ")]
    assert lines[: len(risky)] == risky  # every risk change comes before any other
    assert "risk     read_file: readOnlyHint true -> false (riskier)" in risky
    assert "risk     delete_file: lost its annotations: now assumed destructive and open-world" in risky
    assert "risk     search: inputSchema gained property 'scope'" in risky
    assert "risk     read_file: grade safe -> medium" in risky
    others = lines[len(risky) : -1]
    assert others[:2] == ["added    export: new tool", "removed  stats: no longer listed"]
    assert "changed  rename: description changed" in others
    assert "changed  read_file: displayTemplates changed" in others
    assert lines[-1] == f"{len(lines) - 1} changes since {baseline} ({len(risky)} riskier)"
    document = json.loads(run_cli("diff", str(baseline), "--json", home=home).stdout)
    assert document["changes"][0] == {
        "tool": "delete_file",
        "kind": "changed",
        "risk": True,
        "change": "lost its annotations: now assumed destructive and open-world",
    }


def test_diff_of_a_file_that_is_not_a_snapshot_exits_2_naming_it(home: Path) -> None:
    broken = home / "broken.json"
    broken.write_text('{"format": "mcp-tui tool snapshot 1",\n "tools": [\n', encoding="utf-8")
    result = run_cli("diff", str(broken), home=home)
    assert result.returncode == 2
    assert f"{broken}, line 3: not valid JSON" in result.stderr
    other = home / "other.json"
    other.write_text("[]", encoding="utf-8")
    assert "not a tool snapshot" in run_cli("diff", str(other), home=home).stderr
