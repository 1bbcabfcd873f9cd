"""``resources`` and ``prompts`` for a server that declares them but lists none say so on stderr, instead
of printing nothing, and exit 0; ``--json`` stays ``[]`` (real stdio, the real ``mcp-tui``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_harness import run_cli, write_config

SERVER = Path(__file__).resolve().parents[1] / "client" / "servers" / "listing_server.py"
EMPTY = {
    "tools/list": {"tools": []},
    "resources/list": {"resources": []},
    "resources/templates/list": {"resourceTemplates": []},
    "prompts/list": {"prompts": []},
}


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("resources", "time offers no resources or resource templates."),
        ("prompts", "time offers no prompts."),
    ],
)
def test_an_empty_listing_is_said_and_json_stays_an_empty_list(home: Path, command: str, said: str) -> None:
    write_config(
        home,
        f"[servers.time]\ncommand = {json.dumps(sys.executable)}\n"
        f"args = [{json.dumps(str(SERVER))}, {json.dumps(json.dumps(EMPTY))}]\n",
    )
    for words in ((command, "time"), (command,)):
        plain = run_cli(*words, home=home)
        assert (plain.returncode, plain.stdout, plain.stderr) == (0, "", f"mcp-tui: {said}\n")
    as_json = run_cli(command, "time", "--json", home=home)
    assert (as_json.returncode, json.loads(as_json.stdout), as_json.stderr) == (0, [], f"mcp-tui: {said}\n")
