"""Another client that is not ours: the MCP Inspector's CLI (``mcp-inspector --cli``, pinned in
tests/npm-servers and installed by scripts/test-servers; skipped, saying how, when it is not) starts
``mcp-tui gateway`` over stdio and calls a tool through it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from gateway_harness import demo_rule, seed_sandbox, write_config

from tests import npm_servers

pytestmark = [npm_servers.skip_unless_installed(), pytest.mark.timeout(120)]
INSPECTOR = "@modelcontextprotocol/inspector"
NOTES = "Buy milk.\n"


def inspector_call(
    home: Path, tool: str, *pairs: str
) -> tuple[dict[str, Any], subprocess.CompletedProcess[str]]:
    found = npm_servers.find_installed()
    assert not isinstance(found, str), found
    command = [str(found.node), str(found.entries[INSPECTOR]), "--cli"]
    command += ["-e", f"MCP_TUI_HOME={home}", sys.executable, "-m", "tui", "gateway"]
    command += ["--method", "tools/call", "--tool-name", tool, "--tool-arg", *pairs]
    # HOME: the Inspector keeps a catalog of servers there; the test's own, not the user's.
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=home, timeout=90, check=False)
    start = done.stdout.index("{")
    result, _end = json.JSONDecoder().raw_decode(done.stdout[start:])
    return result, done


def test_the_inspector_calls_through_the_gateway_and_gets_the_decision(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"notes.txt": NOTES})
    write_config(home, demo_rule("manage_files", "always", "safe"))

    read, done = inspector_call(home, "manage_files", "action=read", "path=notes.txt")
    assert done.returncode == 0, done.stderr
    assert read["content"][0]["text"] == NOTES
    assert not read.get("isError")

    delete, _ = inspector_call(home, "manage_files", "action=delete", "path=notes.txt")
    assert delete["isError"] is True
    assert "Approval needed (rule confirm-destructive)" in delete["content"][0]["text"]
    assert (sandbox / "notes.txt").read_text(encoding="utf-8") == NOTES

    records = [json.loads(line) for line in (home / "audit.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(r["decision"], r["outcome"], r["interface"]) for r in records] == [
        ("allow", "ok", "gateway"),
        ("ask", "unanswered", "gateway"),
    ]
    assert records[0]["agent"]["name"]  # the Inspector's own clientInfo
