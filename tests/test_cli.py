"""The mcp-tui command as a person runs it (a real subprocess)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import tui


def run(*args: str, home: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "MCP_TUI_HOME": str(home), **(env or {})}
    environment.pop("MCP_TUI_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "tui", *args], capture_output=True, text=True, env=environment, timeout=60
    )


def test_version_and_help(tmp_path: Path) -> None:
    assert run("--version", home=tmp_path).stdout.strip() == f"mcp-tui {tui.__version__}"
    help_text = run("--help", home=tmp_path).stdout
    for option in ("--config", "--url", "--sse", "demo-server", "MCP_TUI_HOME"):
        assert option in help_text


def test_check_config_names_the_file_line_and_problem(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[servers.x]\ncommand = "ok"\ntrust = "maybe"\n', encoding="utf-8")
    result = run("--check-config", home=tmp_path)
    assert result.returncode == 2
    assert "config.toml, line 3" in result.stderr
    assert "trust" in result.stderr
    assert config.read_text(encoding="utf-8") == '[servers.x]\ncommand = "ok"\ntrust = "maybe"\n'


def test_check_config_says_what_it_read_when_all_is_well(tmp_path: Path) -> None:
    python = json.dumps(sys.executable)
    (tmp_path / "claude.json").write_text(
        f'{{"mcpServers": {{"t": {{"command": {python}, "args": ["x"]}}}}}}'
    )
    result = run("--check-config", "--config", str(tmp_path / "claude.json"), home=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        f"config: {tmp_path / 'claude.json'}",
        f"servers (1): t (stdio: {sys.executable})",
        f"approvals: {tmp_path / 'approvals.json'} (not there yet: nothing remembered)",
        "telemetry: off",
        "no problems found",
    ]


def test_check_config_finds_a_missing_command_and_a_broken_approvals_file(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text('[servers.gone]\ncommand = "no-such-program-mcp-tui"\n')
    (tmp_path / "approvals.json").write_text("{not json")
    result = run("--check-config", home=tmp_path)
    assert result.returncode == 2
    assert "servers.gone: the command 'no-such-program-mcp-tui' was not found on PATH" in result.stderr
    assert str(tmp_path / "approvals.json") in result.stderr
    assert "2 problems found" in result.stderr
    assert "no problems found" not in result.stdout


def test_a_named_config_that_does_not_exist_is_a_problem(tmp_path: Path) -> None:
    result = run("--check-config", "--config", str(tmp_path / "nope.toml"), home=tmp_path)
    assert result.returncode == 2
    assert "nope.toml" in result.stderr


def test_an_unusable_url_exits_with_a_message(tmp_path: Path) -> None:
    result = run("--url", "ftp://example.com", home=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("mcp-tui: --url")
    assert "Traceback" not in result.stderr


def test_sse_needs_a_url(tmp_path: Path) -> None:
    result = run("--sse", home=tmp_path)
    assert result.returncode == 2
    assert "--sse needs --url" in result.stderr


def test_an_unknown_protocol_mode_exits_with_the_choices(tmp_path: Path) -> None:
    result = run("--protocol", "2019", "--url", "http://127.0.0.1:9/mcp", home=tmp_path)
    assert result.returncode == 2
    assert "--protocol must be one of legacy, auto" in result.stderr


def test_ad_hoc_servers_take_the_protocol_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.config.startup import load_startup

    monkeypatch.setenv("MCP_TUI_HOME", str(tmp_path))
    startup = load_startup(config_path=None, command=["node", "server.js"], protocol="auto")
    assert [(s.name, s.protocol) for s in startup.servers] == [("server", "auto")]


BAD_INPUT = {
    "port out of range": ["demo-server", "--http", "99999"],
    "port not a number": ["demo-server", "--http", "eighty"],
    "missing config file": ["--check-config", "--config", "/nonexistent/mcp-tui/config.toml"],
    "unknown protocol": ["--protocol", "bogus", "--url", "http://127.0.0.1:9/mcp"],
    "not a url": ["--url", "not a url"],
}


@pytest.mark.parametrize("args", list(BAD_INPUT.values()), ids=list(BAD_INPUT))
def test_bad_input_is_a_message_and_a_failing_status_never_a_traceback(
    tmp_path: Path, args: list[str]
) -> None:
    result = run(*args, home=tmp_path)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr + result.stdout
    assert result.stderr.strip()  # it says what is wrong


def test_a_busy_port_is_named_before_anything_claims_to_serve(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("demo-server", "--http", str(port), home=tmp_path)
    assert result.returncode == 1
    assert result.stderr == f"mcp-tui demo-server: cannot listen on 127.0.0.1:{port}: already in use\n"
