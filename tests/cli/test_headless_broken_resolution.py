"""A call whose per-call resolution broke the extension's rules exits 5 with a hint that can help: no
option allows it (so none is suggested), a person can (on a terminal, or in the TUI). Real stdio."""

from __future__ import annotations

import sys
from pathlib import Path

from cli_harness import run_cli
from test_headless_prompt import Terminal

from tui.cli.calls import BROKEN_RESOLUTION_HINT

SERVER = ("--", sys.executable, str(Path(__file__).resolve().parent / "broken_resolution_server.py"))


def test_no_option_is_suggested_for_a_broken_resolution(home: Path) -> None:
    result = run_cli("call", "peek", "path=a", "--approve-up-to", "critical", *SERVER, home=home)
    assert result.returncode == 5
    assert "broke the rules of per-call resolution" in result.stderr
    assert f"mcp-tui: {BROKEN_RESOLUTION_HINT}\n" in result.stderr
    assert "add --approve-up-to" not in result.stderr
    assert "peeked" not in result.stdout


def test_a_resolution_within_the_rules_still_gets_the_option_that_allows_it(home: Path) -> None:
    refused = run_cli("call", "peek", "path=b", "--no-input", *SERVER, home=home)
    assert refused.returncode == 5
    assert "add --approve-up-to safe (this call is safe)" in refused.stderr
    allowed = run_cli("call", "peek", "path=b", "--approve-up-to", "safe", *SERVER, home=home)
    assert (allowed.returncode, allowed.stdout) == (0, "  peeked\n")


def test_what_the_hint_offers_works_a_person_on_a_terminal_may_approve_it(home: Path) -> None:
    terminal = Terminal(home, "call", "peek", "path=a", *SERVER)
    terminal.wait_for("Type the tool's name (peek) to run it: ")
    terminal.type("peek")
    code, out = terminal.finish()
    assert (code, out) == (0, "  peeked\n")
