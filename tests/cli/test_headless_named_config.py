"""A config file the person named is used whole or not at all: a headless command never runs on part of it,
and the demo server never stands in for it (the TUI opens with the problems shown, and no demo)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from cli_harness import command, environment, run_cli

from tui.config.startup import load_startup

BROKEN = '[servers.files\ncommand = "echo"\n'


@pytest.mark.parametrize(
    "command", [["servers"], ["tools"], ["call", "add_note", "text=x"], ["auth", "status"]]
)
def test_a_named_file_that_is_missing_stops_the_command_with_2(home: Path, command: list[str]) -> None:
    missing = home / "nonexist.toml"
    result = run_cli("--config", str(missing), *command, home=home)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"{missing} cannot be used; nothing was started" in result.stderr
    assert "nonexist.toml: file not found" in result.stderr
    assert "demo" not in result.stdout
    assert not (home / "demo-sandbox").exists()  # the demo never started
    assert not (home / "audit.jsonl").exists()


def test_a_named_file_with_a_syntax_error_stops_the_command_and_names_the_line(home: Path) -> None:
    config = home / "broken.toml"
    config.write_text(BROKEN, encoding="utf-8")
    result = run_cli("servers", "--config", str(config), home=home)
    assert result.returncode == 2
    assert "broken.toml, line 1: TOML syntax" in result.stderr
    assert result.stdout == ""


def test_mcp_tui_config_names_a_file_as_much_as_the_option(home: Path) -> None:
    config = home / "broken.toml"
    config.write_text(BROKEN, encoding="utf-8")
    env = {**environment(home), "MCP_TUI_CONFIG": str(config)}
    result = subprocess.run(command("servers"), capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2
    assert "broken.toml, line 1" in result.stderr


def test_the_tui_gets_the_problems_and_never_the_demo_for_a_named_file(home: Path) -> None:
    missing = load_startup(config_path=home / "nonexist.toml")
    assert (missing.servers, missing.using_demo, missing.named_file_problems) == ([], False, True)
    assert missing.problems == ["nonexist.toml: file not found"]
    config = home / "broken.toml"
    config.write_text(BROKEN, encoding="utf-8")
    broken = load_startup(config_path=config)
    assert broken.servers == []
    assert broken.problems
    assert broken.problems[0].startswith("broken.toml, line 1: TOML syntax")


def test_with_no_file_named_the_demo_still_stands_in_for_nothing_configured(home: Path) -> None:
    startup = load_startup(config_path=None)  # the default file, not there yet
    assert startup.using_demo
    assert not startup.named_file_problems
    result = run_cli("servers", home=home)
    assert result.returncode == 0, result.stderr
    assert "demo" in result.stdout
