"""``prompt --json`` prints each message's content as the MCP content block the server sent, as
``call --json`` prints a result's content; the text output stays as it was. A real stdio server."""

from __future__ import annotations

import sys
from pathlib import Path

from cli_harness import run_cli, run_json, write_config
from prompt_blocks_server import MESSAGES

SERVER = Path(__file__).resolve().parent / "prompt_blocks_server.py"
CONFIG = f'[servers.p]\ncommand = "{sys.executable}"\nargs = ["{SERVER}"]\n'


def test_prompt_json_prints_the_content_blocks_as_sent(home: Path) -> None:
    write_config(home, CONFIG)
    document = run_json("prompt", "blocks", home=home)
    assert [m["role"] for m in document["messages"]] == [m["role"] for m in MESSAGES]
    text, image, audio, resource = (m["content"] for m in document["messages"])
    assert text == {"type": "text", "text": "[b]Look[/b] at these", "annotations": {"priority": 1}}
    assert image == MESSAGES[1]["content"]
    assert audio == MESSAGES[2]["content"]
    assert resource == MESSAGES[3]["content"]


def test_prompt_text_output_shows_each_block(home: Path) -> None:
    write_config(home, CONFIG)
    result = run_cli("prompt", "blocks", home=home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "  One message of each kind",
        "── user ──",
        "  [b]Look[/b] at these",
        "── user ──",
        "[image image/png, 10 B]",
        "── assistant ──",
        "[audio audio/wav, 10 B]",
        "── user ──",
        "[resource notes://one text/plain]",
        "  the note",
    ]
