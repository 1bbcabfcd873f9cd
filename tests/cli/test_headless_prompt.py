"""The confirmation prompt on a real (pseudo-)terminal: y runs, N declines, critical wants the name."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

from cli_harness import audit_records, command, environment, run_cli, sandbox_bytes

from tui.cli.prompt import DECLINED_ELICITATION_AT_PROMPT
from tui.session.questions import UNATTENDED_ELICITATION


class Terminal:
    """``mcp-tui`` with stdin and stderr on a pseudo-terminal (so it may prompt) and stdout on a pipe."""

    def __init__(self, home: Path, *args: str) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            command(*args), stdin=slave, stderr=slave, stdout=subprocess.PIPE, env=environment(home)
        )
        os.close(slave)
        self.screen = ""

    def wait_for(self, text: str, timeout: float = 45) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.screen:
            assert time.monotonic() < deadline, f"no {text!r} on the terminal:\n{self.screen}"
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    self.screen += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:  # the program ended and closed the terminal
                    assert text in self.screen, f"no {text!r} on the terminal:\n{self.screen}"

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def finish(self) -> tuple[int, str]:
        try:
            out, _ = self.process.communicate(timeout=45)
            while select.select([self.master], [], [], 0.1)[0]:  # what is left on the terminal
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.screen += chunk.decode("utf-8", "replace")
        finally:
            self.process.kill()
            os.close(self.master)
        return self.process.returncode, out.decode()


def test_yes_runs_the_call_after_showing_grade_reasons_and_the_exact_arguments(home: Path) -> None:
    terminal = Terminal(home, "call", "add_note", "text=from the terminal")
    terminal.wait_for("[y/N]")
    for shown in ("grade: medium", "may write (the server says", '"text": "from the terminal"'):
        assert shown in terminal.screen
    terminal.type("y")
    code, out = terminal.finish()
    assert code == 0
    assert "from the terminal" in out
    assert (home / "demo-sandbox" / "notes.md").read_text(encoding="utf-8") == "- from the terminal\n"
    assert audit_records(home)[-1]["choice"] == "once"


def test_no_declines_with_6_and_sends_nothing(home: Path) -> None:
    terminal = Terminal(home, "call", "add_note", "text=never written")
    terminal.wait_for("[y/N]")
    terminal.type("N")
    code, _out = terminal.finish()
    assert code == 6
    assert "notes.md" not in sandbox_bytes(home)
    record = audit_records(home)[-1]
    assert (record["choice"], record["outcome"]) == ("cancel", "cancelled")


def test_a_critical_call_runs_only_when_the_tool_name_is_typed(home: Path) -> None:
    terminal = Terminal(home, "call", "launch_confetti", "colour=gold")
    terminal.wait_for("Type the tool's name (launch_confetti)")
    assert "grade: critical" in terminal.screen
    terminal.type("y")  # a plain yes is not enough for critical
    code, _out = terminal.finish()
    assert code == 6
    terminal = Terminal(home, "call", "launch_confetti", "colour=gold")
    terminal.wait_for("Type the tool's name")
    terminal.type("launch_confetti")
    code, _out = terminal.finish()
    assert code == 0
    assert [r["outcome"] for r in audit_records(home)] == ["cancelled", "ok"]


def test_no_input_never_prompts_even_on_a_terminal(home: Path) -> None:
    terminal = Terminal(home, "call", "add_note", "text=x", "--no-input")
    code, _out = terminal.finish()
    assert code == 5
    assert "needs approval and no one could be asked" in terminal.screen
    assert "[y/N]" not in terminal.screen


def test_a_servers_question_is_asked_field_by_field_on_a_terminal(home: Path) -> None:
    terminal = Terminal(home, "call", "ask_user", "--approve-up-to", "safe")
    terminal.wait_for("Your name (required): ")
    assert "demo asks: The demo server would like to greet you." in terminal.screen
    terminal.type("Ada")
    terminal.wait_for("Favourite colour (number, title or value): ")
    terminal.type("green")
    terminal.wait_for("Send these answers? [y/N] ")
    terminal.type("y")
    code, out = terminal.finish()
    assert code == 0
    assert "Nice to meet you, Ada! Green is a fine colour." in out
    (record,) = elicitations(home)
    assert (record["answer"], record["answered_by"], record["interface"]) == ("accepted", "person", "cli")
    assert record["fields"] == ["name", "colour"]  # the names of what was answered, never the answers
    assert "Ada" not in json.dumps(audit_records(home))


def test_no_at_the_end_of_a_servers_question_declines_it_and_says_so(home: Path) -> None:
    terminal = Terminal(home, "call", "ask_user", "--approve-up-to", "safe")
    terminal.wait_for("Your name (required): ")
    terminal.type("Ada")
    terminal.wait_for("Favourite colour (number, title or value): ")
    terminal.type("")
    terminal.wait_for("Send these answers? [y/N] ")
    terminal.type("n")
    code, out = terminal.finish()
    assert code == 0
    assert "You declined to answer." in out
    (record,) = elicitations(home)
    assert (record["answer"], record["answered_by"]) == ("declined", "person")
    assert record["reason"] == DECLINED_ELICITATION_AT_PROMPT
    assert record["fields"] == []


def test_without_a_terminal_a_servers_question_is_declined(home: Path) -> None:
    result = run_cli("call", "ask_user", "--approve-up-to", "safe", home=home)
    assert result.returncode == 0, result.stderr
    assert "You declined to answer." in result.stdout
    (record,) = elicitations(home)
    assert (record["answer"], record["answered_by"], record["interface"]) == ("declined", "mcp-tui", "cli")
    assert record["reason"] == UNATTENDED_ELICITATION


def test_no_input_declines_a_servers_question_on_a_terminal_too(home: Path) -> None:
    terminal = Terminal(home, "call", "ask_user", "--approve-up-to", "safe", "--no-input")
    code, out = terminal.finish()
    assert code == 0
    assert "You declined to answer." in out
    assert "Your name" not in terminal.screen
    (record,) = elicitations(home)
    assert (record["answered_by"], record["reason"]) == ("mcp-tui", UNATTENDED_ELICITATION)


def elicitations(home: Path) -> list[dict[str, Any]]:
    return [r for r in audit_records(home) if r.get("kind") == "elicitation"]


def test_ctrl_c_at_the_prompt_exits_130_and_sends_nothing(home: Path) -> None:
    terminal = Terminal(home, "call", "add_note", "text=never sent")
    terminal.wait_for("[y/N]")
    terminal.process.send_signal(signal.SIGINT)
    code, _out = terminal.finish()
    assert code == 130
    assert "Traceback" not in terminal.screen
    assert "notes.md" not in sandbox_bytes(home)


def test_progress_goes_to_stderr_on_a_terminal_only(home: Path) -> None:
    args = ("call", "slow_count", "steps:=3", "delay_seconds:=0.05", "--approve-up-to", "safe")
    terminal = Terminal(home, *args)
    code, out = terminal.finish()
    assert code == 0
    assert "step 3 of 3" in terminal.screen
    assert "step 3 of 3" not in out
    piped = run_cli(*args, home=home)
    assert piped.returncode == 0, piped.stderr  # it ran to the end, and still printed no progress
    assert "step" not in piped.stderr
