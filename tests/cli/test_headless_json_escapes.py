"""``--json`` writes every character that hides or reorders text as a ``\\uXXXX`` escape, never raw: the
same JSON value, and nothing invisible on a terminal or in a file (tools, show, resolve, audit, over real
stdio)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cli_harness import run_cli

SERVER = Path(__file__).resolve().parents[1] / "client" / "servers" / "listing_server.py"
NAME = "peek\u202etxt.exe"
DESCRIPTION = "Reads\u200b a file.\U000e0049\U000e0047\U000e004e Also\u2066 \u00a0 \u0085 \ufeff"
HIDDEN = ("\u202e", "\u200b", "\U000e0049", "\u2066", "\u00a0", "\u0085", "\ufeff")
TOOL = {
    "name": NAME,
    "description": DESCRIPTION,
    "inputSchema": {"type": "object", "properties": {"p\u200bath": {"type": "string"}}},
    "annotations": {"readOnlyHint": True, "openWorldHint": False, "title": "Peek\u202e"},
}
CALLED = ("call", NAME, "--approve-up-to", "safe")


def serve() -> list[str]:
    return ["--", sys.executable, str(SERVER), json.dumps({"tools/list": {"tools": [TOOL]}})]


def test_every_json_document_escapes_hidden_characters(home: Path) -> None:
    assert run_cli(*CALLED, *serve(), home=home).returncode == 0  # an audit record with the name in it
    documents = {
        "tools": ("tools", "--json", *serve()),
        "show": ("show", NAME, "--json", *serve()),
        "resolve": ("resolve", NAME, "--json", *serve()),
        "audit": ("audit", "--json"),
    }
    for command, words in documents.items():
        result = run_cli(*words, home=home)
        assert result.returncode == 0, (command, result.stderr)
        for char in HIDDEN:
            assert char not in result.stdout, (command, f"U+{ord(char):04X} written raw")
        assert "\\u202e" in result.stdout, command
        assert NAME in json.dumps(json.loads(result.stdout), ensure_ascii=False), command  # the same value
    show = run_cli(*documents["show"], home=home).stdout
    assert "\\udb40\\udc49" in show  # a tag character, as JSON writes it: a surrogate pair
    assert json.loads(show)["description"] == DESCRIPTION


def test_letters_of_every_script_stay_as_they_are(home: Path) -> None:
    tool = {**TOOL, "name": "lire_été_日本", "description": "Größe ½ — ok"}
    server = ["--", sys.executable, str(SERVER), json.dumps({"tools/list": {"tools": [tool]}})]
    result = run_cli("tools", "--json", *server, home=home)
    assert result.returncode == 0, result.stderr
    assert "lire_été_日本" in result.stdout
