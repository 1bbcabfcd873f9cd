"""``mcp-tui auth`` takes the global options where every command does, and claims no sign-in that did not
happen (real subprocesses; a real streamable HTTP server that asks for no sign-in)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from servers.harness import serving

from tui.cli.auth import NO_SIGN_IN_ASKED
from tui.cli.exit_codes import Exit


def mcp_tui(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MCP_TUI_HOME": str(home), "BROWSER": "true"}
    env.pop("MCP_TUI_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "tui", *args], capture_output=True, text=True, env=env, timeout=60
    )


def configure(path: Path, url: str) -> None:
    path.write_text(f'[servers.remote]\nurl = "{url}"\n\n[servers.remote.auth]\ncallback_port = 0\n')


@pytest.mark.parametrize(
    "words",
    [
        ["--config", "{config}", "auth", "status"],
        ["auth", "status", "--config", "{config}"],
        ["auth", "--config", "{config}", "status"],
        ["auth", "status", "--config={config}"],
    ],
)
def test_config_goes_before_or_after_auth_and_its_subcommand(tmp_path: Path, words: list[str]) -> None:
    config = tmp_path / "elsewhere.toml"
    configure(config, "http://127.0.0.1:9/mcp")
    result = mcp_tui(*(word.format(config=config) for word in words), home=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "remote: not signed in\n", "")


def test_the_unknown_command_message_names_auth(tmp_path: Path) -> None:
    result = mcp_tui("auht", "status", home=tmp_path)
    assert result.returncode == Exit.USAGE
    assert "unknown command 'auht'; did you mean auth" in result.stderr
    # the list of commands names auth among them, wherever the other commands put it
    listed = result.stderr.partition("Commands: ")[2].partition(" (see --help)")[0]
    assert "auth" in listed.split(", ")


@pytest.mark.parametrize("no_input", [False, True])
def test_login_to_a_server_that_asks_for_no_sign_in_says_so_and_fails(tmp_path: Path, no_input: bool) -> None:
    config = tmp_path / "c.toml"
    with serving("http_server.py") as port:
        configure(config, f"http://127.0.0.1:{port}/mcp")
        flags = ["--no-input"] if no_input else []
        result = mcp_tui("--config", str(config), "auth", "login", "remote", *flags, home=tmp_path)
    assert result.returncode == Exit.CONNECTION
    assert "Signed in" not in result.stdout
    assert result.stderr.strip() == f"remote: {NO_SIGN_IN_ASKED}"
    status = mcp_tui("auth", "status", "--config", str(config), home=tmp_path)
    assert status.stdout == "remote: not signed in\n"
