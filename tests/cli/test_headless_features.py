"""resources, read, prompts and prompt as commands, against the feature server over real stdio; sampling
is typed on a terminal and declined without one."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path

from cli_harness import run_cli, run_json, write_config
from test_headless_prompt import Terminal

SERVER = Path(__file__).resolve().parents[1] / "features" / "feature_stdio.py"
sys.path.insert(0, str(SERVER.parent))
from feature_server import PNG  # noqa: E402

CONFIG = f'[servers.f]\ncommand = "{sys.executable}"\nargs = ["{SERVER}"]\n'


def test_resources_lists_resources_and_templates(home: Path) -> None:
    write_config(home, CONFIG)
    listed = run_json("resources", home=home)
    assert [(d["kind"], d.get("uri") or d.get("uri_template")) for d in listed] == [
        ("resource", "notes://plain"),
        ("resource", "notes://data.json"),
        ("resource", "notes://logo.png"),
        ("template", "notes://greeting/{name}"),
    ]
    assert listed[3]["variables"] == ["name"]
    text = run_cli("resources", "f", home=home)
    assert text.returncode == 0, text.stderr
    assert "f  template notes://greeting/{name}  greeting  (text/plain)" in text.stdout


def test_read_prints_text_literally_json_pretty_and_binary_by_size(home: Path) -> None:
    write_config(home, CONFIG)
    plain = run_cli("read", "notes://plain", home=home)
    assert plain.stdout.splitlines()[1] == "  [b]not markup[/b]"  # server text is indented under its head
    pretty = run_cli("read", "f", "notes://data.json", home=home)
    assert '  {\n    "b": 1,\n    "a": [\n      1,\n      2\n    ]\n  }' in pretty.stdout
    binary = run_cli("read", "notes://logo.png", "--save-dir", str(home / "out"), home=home)
    assert f"[binary, {len(PNG)} B, saved to {home / 'out' / 'logo.png'}]" in binary.stdout
    assert (home / "out" / "logo.png").read_bytes() == PNG
    (document,) = run_json("read", "notes://logo.png", home=home)
    assert base64.b64decode(document["blob"]) == PNG
    missing = run_cli("read", "notes://missing", home=home)
    assert missing.returncode == 1
    assert "reading notes://missing" in missing.stderr


def test_prompts_and_a_prompt_with_arguments(home: Path) -> None:
    write_config(home, CONFIG)
    (listed,) = run_json("prompts", home=home)
    assert [(a["name"], a["required"]) for a in listed["arguments"]] == [("code", True), ("language", False)]
    result = run_cli("prompt", "review", "code=x = 1", "language=perl", home=home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1:5] == [
        "── user ──",
        "  Review this perl: x = 1",
        "── assistant ──",
        "  [red]literal[/red]",
    ]
    document = run_json("prompt", "f", "review", "code=y", home=home)
    assert document["messages"][0]["content"]["text"] == "Review this python: y"


def test_a_prompt_without_its_required_argument_exits_2_and_sends_nothing(home: Path) -> None:
    # As a tool's arguments are checked against its schema: the listing says ``code`` is required.
    write_config(home, CONFIG)
    result = run_cli("prompt", "review", "language=perl", home=home)
    assert result.returncode == 2, result.stderr
    assert "review needs code (required): nothing was sent" in result.stderr


def test_without_a_terminal_sampling_is_declined(home: Path) -> None:
    write_config(home, CONFIG)
    result = run_cli("call", "ask_model", "question=hi", "--approve-up-to", "critical", home=home)
    assert "never answers a sampling request by itself" in result.stdout + result.stderr
    assert result.returncode == 1, result.stderr  # the tool reports the refusal as its error
    sampling = [r for r in audit_lines(home) if r.get("kind") == "sampling"]
    assert [r["answer"] for r in sampling] == ["declined"]


def test_on_a_terminal_the_person_writes_the_sampling_reply(home: Path) -> None:
    write_config(home, CONFIG)
    terminal = Terminal(home, "call", "ask_model", "question=hi", "--approve-up-to", "critical")
    terminal.wait_for("Your reply (an empty line declines): ")
    assert "system prompt: Answer briefly." in terminal.screen
    assert "max tokens: 50" in terminal.screen
    terminal.type("Forty-two.")
    code, out = terminal.finish()
    assert code == 0, terminal.screen
    assert "model human (mcp-tui) said: Forty-two." in out


def audit_lines(home: Path) -> list[dict[str, object]]:
    """Every record of the audit log, calls and sampling alike."""
    path = home / "audit.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
