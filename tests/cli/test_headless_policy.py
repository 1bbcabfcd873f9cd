"""``policy explain``, ``policy check`` and ``approvals list|revoke``, run as a person runs them: real
processes, the demo over real stdio, and the reference filesystem server from npm."""

from __future__ import annotations

import json
from pathlib import Path

from cli_harness import audit_records, run_cli, run_json, sandbox_bytes, write_config

from tests.npm_servers import find_installed, skip_unless_installed
from tui.safety.approvals import Approval
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.store.approvals import ApprovalsStore, grant

SCRATCH_RULE = """\
[[rules]]
server = "demo"
tool = "manage_files"
action = "always"
ceiling = "high"
when.path = { glob = "notes/**" }
"""


def test_explain_names_the_deciding_rule_with_its_line_and_sends_no_call(home: Path) -> None:
    write_config(home, SCRATCH_RULE)
    before = sandbox_bytes(home)
    doc = run_json("policy", "explain", "manage_files", "action=delete", "path=notes/a.txt", home=home)
    assert set(doc) == {"decision", "rule", "reason", "source", "location", "steps"}
    assert (doc["decision"], doc["rule"], doc["source"]) == ("allow", "always-rule", "user")
    assert doc["location"] == {"file": str(home / "config.toml"), "line": 1}
    assert [step["match"] for step in doc["steps"]] == [n == 7 for n in range(10)]
    elsewhere = run_json("policy", "explain", "manage_files", "action=delete", "path=welcome.txt", home=home)
    assert (elsewhere["decision"], elsewhere["rule"]) == ("ask", "confirm-destructive")
    assert elsewhere["steps"][7]["note"] == "no user always rule matches"
    assert sandbox_bytes(home) == before
    assert audit_records(home) == []  # a preflight only: nothing was called

    text = run_cli("policy", "explain", "demo", "manage_files", "action=read", "path=notes/a", home=home)
    assert text.returncode == 0, text.stderr
    assert "7. a user `always` rule within its ceiling and the managed limits: match: Allowed:" in text.stdout
    *_, decision, in_short = text.stdout.rstrip().splitlines()
    assert decision == f"decision: allow (always-rule, user, {home / 'config.toml'} line 1)"
    assert in_short == "in short: allowed: your rule at config.toml:1"  # as the dialog says it


def test_check_lists_every_problem_with_its_line_and_exits_2(home: Path, tmp_path: Path) -> None:
    write_config(
        home, SCRATCH_RULE.replace('glob = "notes/**"', 'regex = "("') + "\n[preferences]\nfoo = 1\n"
    )
    result = run_cli("policy", "check", home=home)
    assert result.returncode == 2
    assert (
        f'{home / "config.toml"}, line 6: rules #1.when: "path": the regex does not compile' in result.stderr
    )
    assert f'{home / "config.toml"}, line 9: preferences: unknown key "foo"' in result.stderr
    managed = tmp_path / "team.toml"
    managed.write_text('[[rules]]\nserver = "demo"\ntool = "add_note"\naction = "always"\n', encoding="utf-8")
    result = run_cli("policy", "check", str(managed), "--json", home=home)
    assert result.returncode == 2
    [report] = json.loads(result.stdout)
    assert report["tier"] == "managed"
    assert report["problems"][0]["line"] == 4
    assert "can only tighten" in report["problems"][0]["message"]
    managed.write_text('[[rules]]\nserver = "demo"\ntool = "add_note"\naction = "never"\n', encoding="utf-8")
    assert run_cli("policy", "check", str(managed), home=home).returncode == 0


def _remember(home: Path, tool: str) -> None:
    definition = DefinitionSnapshot.of(tool, "d", {"type": "object"}, {"readOnlyHint": True})
    approval = Approval("demo|stdio|x", "demo", tool, Grade.SAFE, "always", definition)
    store = ApprovalsStore(home / "approvals.json")
    store.load()
    store.update(grant(approval))


def test_approvals_list_and_revoke(home: Path) -> None:
    assert run_json("approvals", "list", home=home) == []
    _remember(home, "add_note")
    _remember(home, "world_clock")
    rows = run_json("approvals", "list", home=home)
    assert [(row["server"], row["tool"], row["ceiling"]) for row in rows] == [
        ("demo", "add_note", "safe"),
        ("demo", "world_clock", "safe"),
    ]
    revoked = run_cli("approvals", "revoke", "demo", "add_note", home=home)
    assert revoked.returncode == 0
    assert "revoked 1 approval for add_note on demo" in revoked.stderr
    assert [row["tool"] for row in run_json("approvals", "list", home=home)] == ["world_clock"]
    assert "world_clock" in run_cli("approvals", "list", home=home).stdout
    assert run_cli("approvals", "revoke", "demo", home=home).returncode == 2


def test_a_managed_file_that_cannot_be_read_exits_2_whatever_approve_up_to_says(
    home: Path, tmp_path: Path
) -> None:
    import os

    broken = tmp_path / "managed.toml"
    broken.write_text('[[rules]\nserver = "demo"\n', encoding="utf-8")
    os.environ["MCP_TUI_MANAGED_POLICY"] = str(broken)
    try:
        result = run_cli("call", "add_note", "text=hi", "--approve-up-to", "critical", home=home)
        assert result.returncode == 2
        assert "not calling: the managed policy cannot be read" in result.stderr
        check = run_cli("--check-config", home=home)
        assert check.returncode == 2
        assert "fails closed" in check.stderr
        broken.write_text('[[rules]]\nserver = "demo"\ntool = "add_note"\naction = "ask"\n', encoding="utf-8")
        asked = run_cli("call", "add_note", "text=hi", "--approve-up-to", "critical", home=home)
        assert asked.returncode == 5
        assert "not --approve-up-to: a managed rule says ask (step 4)" in asked.stderr
    finally:
        del os.environ["MCP_TUI_MANAGED_POLICY"]
    assert audit_records(home)[-1]["rule"] == "managed-ask"


def test_a_server_outside_the_managed_allow_list_is_not_started(home: Path, tmp_path: Path) -> None:
    import os

    managed = tmp_path / "managed.toml"
    managed.write_text('allowed_servers = ["npx *"]\n', encoding="utf-8")
    os.environ["MCP_TUI_MANAGED_POLICY"] = str(managed)
    try:
        result = run_cli("servers", home=home)
        managed.write_text('allowed_servers = ["* -m tui.demo*", "*tui*demo*"]\n', encoding="utf-8")
        allowed = run_cli("servers", home=home)
    finally:
        del os.environ["MCP_TUI_MANAGED_POLICY"]
    assert result.returncode == 3
    assert "not started: the managed policy allows no server like demo (allowed_servers)" in result.stdout
    assert not (home / "demo-sandbox").exists(), "the demo never ran"
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr


@skip_unless_installed()
def test_explain_and_check_against_the_reference_filesystem_server(home: Path, tmp_path: Path) -> None:
    root = tmp_path / "files"
    (root / "scratch").mkdir(parents=True)
    found = find_installed()
    assert not isinstance(found, str), found
    entry = found.entries["@modelcontextprotocol/server-filesystem"]
    scratch = json.dumps(str(root / "scratch") + "/**")
    write_config(
        home,
        f"""\
[servers.files]
command = {json.dumps(str(found.node))}
args = [{json.dumps(str(entry))}, {json.dumps(str(root))}]

[[rules]]
server = "files"
tool = "write_file"
action = "always"
when.path = {{ glob = {scratch} }}
""",
    )
    assert run_cli("policy", "check", home=home).returncode == 0
    inside = str(root / "scratch" / "a.txt")
    outside = str(root / "scratch" / ".." / "a.txt")
    doc = run_json("policy", "explain", "files", "write_file", f"path={inside}", "content=x", home=home)
    assert (doc["decision"], doc["rule"]) == ("allow", "always-rule")
    doc = run_json("policy", "explain", "files", "write_file", f"path={outside}", "content=x", home=home)
    assert doc["decision"] == "ask"
    assert not (root / "scratch" / "a.txt").exists()
