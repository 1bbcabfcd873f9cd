"""Each headless command against a real stdio server that fails one way: the exit status follows the
table in docs/headless.md (3 connection, 1 refused, 7 timed out), and is the same whether the server is
given with ``-- CMD`` or named from the configuration."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from cli_harness import command, environment, run_cli, write_config
from servers.oauth_server import serving

SERVER = Path(__file__).resolve().parent / "scripted_server.py"
TIMEOUTS = "[timeouts]\nconnect = 5\nrequest = 1\ncall = 1\n"

NO_START = {"start": "exit"}
HANDSHAKE_CRASH = {"initialize": "exit"}
LISTING_ERROR = {"tools/list": "error", "resources/list": "error", "prompts/list": "error"}
REFUSES = {"tools/call": "error", "resources/read": "error", "prompts/get": "error"}
LISTING_SILENT = {"tools/list": "silent", "resources/list": "silent", "prompts/list": "silent"}
REQUEST_SILENT = {"tools/call": "silent", "resources/read": "silent", "prompts/get": "silent"}
CRASH_ON_REQUEST = {"tools/call": "exit", "resources/read": "exit", "prompts/get": "exit",
                    "resources/list": "exit", "prompts/list": "exit"}  # fmt: skip

# command and what it acts on (a server name goes first when the server is named)
COMMANDS = {
    "servers": (),
    "tools": (),
    "show": ("probe",),
    "resolve": ("probe",),
    "call": ("probe", "--approve-up-to", "safe"),
    "resources": (),
    "read": ("note://one",),
    "prompts": (),
    "prompt": ("greet",),
}

TABLE = [
    *[(NO_START, name, 3) for name in COMMANDS],
    *[(HANDSHAKE_CRASH, name, 3) for name in ("servers", "show", "resources", "prompt")],
    *[(LISTING_ERROR, name, 1) for name in ("servers", "tools", "show", "call", "resources", "prompts")],
    (LISTING_ERROR, "read", 0),  # read and prompt need no tools: a failed tools/list is only said
    *[(REFUSES, name, 1) for name in ("call", "read", "prompt")],
    *[(LISTING_SILENT, name, 7) for name in ("tools", "resolve", "resources", "prompts")],
    *[(REQUEST_SILENT, name, 7) for name in ("call", "read", "prompt")],
    *[(CRASH_ON_REQUEST, name, 3) for name in ("call", "resources", "read", "prompts", "prompt")],
]


def both_ways(script: dict[str, str], name: str, tmp_path: Path) -> tuple[int, int, str]:
    """(status with ``-- CMD``, status with the server named ``s`` in the configuration, stderr)."""
    server = [sys.executable, str(SERVER), json.dumps(script)]
    ad_hoc, named = tmp_path / "ad-hoc", tmp_path / "named"
    ad_hoc.mkdir()
    named.mkdir()
    write_config(ad_hoc, TIMEOUTS)
    write_config(named, TIMEOUTS + f"[servers.s]\ncommand = {json.dumps(server[0])}\n"
                 f"args = {json.dumps(server[1:])}\n")  # fmt: skip
    first = run_cli(name, *COMMANDS[name], "--", *server, home=ad_hoc)
    names = () if name == "servers" else ("s",)
    second = run_cli(name, *names, *COMMANDS[name], home=named)
    return first.returncode, second.returncode, first.stderr + second.stderr


KINDS = {
    id(NO_START): "no-start",
    id(HANDSHAKE_CRASH): "handshake-crash",
    id(LISTING_ERROR): "listing-error",
    id(REFUSES): "refuses",
    id(LISTING_SILENT): "listing-timeout",
    id(REQUEST_SILENT): "request-timeout",
    id(CRASH_ON_REQUEST): "crash-on-request",
}


@pytest.mark.parametrize(
    ("script", "name", "expected"),
    TABLE,
    ids=[f"{KINDS[id(script)]}-{name}-{expected}" for script, name, expected in TABLE],
)
def test_the_status_follows_the_failure_however_the_server_is_named(
    script: dict[str, str], name: str, expected: int, tmp_path: Path
) -> None:
    ad_hoc, named, stderr = both_ways(script, name, tmp_path)
    assert (ad_hoc, named) == (expected, expected), stderr
    assert "Traceback" not in stderr


def test_a_failed_listing_says_why_and_not_that_the_tool_is_unknown(tmp_path: Path) -> None:
    _, _, stderr = both_ways(LISTING_ERROR, "call", tmp_path)
    assert "listing the tools failed: the server answered with an error: scripted failure" in stderr
    assert "has no tool named" not in stderr


def test_with_several_servers_the_others_are_listed_and_the_failure_sets_the_status(home: Path) -> None:
    server = [sys.executable, str(SERVER), json.dumps(REQUEST_SILENT | LISTING_SILENT)]
    late = f"[servers.late]\ncommand = {json.dumps(server[0])}\nargs = {json.dumps(server[1:])}\n"
    fine = f"[servers.fine]\ncommand = {json.dumps(server[0])}\nargs = [{json.dumps(server[1])}]\n"
    write_config(home, TIMEOUTS + late + fine)
    result = run_cli("resources", "--json", home=home)
    assert result.returncode == 7, result.stderr
    assert [(r["server"], r["uri"]) for r in json.loads(result.stdout)] == [("fine", "note://one")]
    assert "mcp-tui: resources/list: no answer within 1 s" in result.stderr


async def cli(*args: str, home: Path) -> int:
    process = await asyncio.create_subprocess_exec(
        *command(*args), env=environment(home), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await asyncio.wait_for(process.communicate(), 30)
    assert b"Traceback" not in err, err.decode()
    assert process.returncode is not None
    return process.returncode


@pytest.mark.slow
async def test_a_server_that_needs_sign_in_exits_3_by_url_or_by_name(tmp_path: Path) -> None:
    async with serving() as (url, provider):
        write_config(tmp_path, f'[servers.remote]\nurl = "{url}"\n')
        for name in ("servers", "tools", "resources", "prompts"):
            assert await cli(name, "--url", url, home=tmp_path) == 3, name
            assert await cli(name, *(() if name == "servers" else ("remote",)), home=tmp_path) == 3, name
        assert await cli("call", "remote", "anything", home=tmp_path) == 3
        assert provider.authorizations == 0
