"""Where files live, MCP_TUI_HOME isolation, and --config > MCP_TUI_CONFIG > default."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.config.paths import AppPaths, choose_config_file


def test_under_puts_everything_in_one_dir(tmp_path: Path) -> None:
    paths = AppPaths.under(tmp_path)
    assert paths.config_file == tmp_path / "config.toml"
    assert paths.approvals_file == tmp_path / "approvals.json"
    assert paths.audit_file == tmp_path / "audit.jsonl"
    assert paths.log_dir == tmp_path / "logs"
    assert paths.demo_sandbox == tmp_path / "demo-sandbox"
    assert paths.cache_dir == tmp_path / "cache"


def test_mcp_tui_home_isolates(tmp_path: Path) -> None:
    assert AppPaths.default({"MCP_TUI_HOME": str(tmp_path)}) == AppPaths.under(tmp_path)


def test_default_follows_platform_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for var, sub in (
        ("XDG_CONFIG_HOME", "c"),
        ("XDG_DATA_HOME", "d"),
        ("XDG_STATE_HOME", "s"),
        ("XDG_CACHE_HOME", "k"),
    ):
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.delenv("MCP_TUI_HOME", raising=False)
    paths = AppPaths.default()
    assert paths.config_file == tmp_path / "c" / "mcp-tui" / "config.toml"
    assert paths.approvals_file == tmp_path / "d" / "mcp-tui" / "approvals.json"
    assert paths.audit_file == tmp_path / "s" / "mcp-tui" / "audit.jsonl"
    assert paths.log_dir.is_relative_to(tmp_path / "s" / "mcp-tui")
    assert paths.demo_sandbox.parent == paths.approvals_file.parent
    assert paths.cache_dir == tmp_path / "k" / "mcp-tui"
    assert not (tmp_path / "c").exists()  # choosing paths creates nothing


def test_precedence(tmp_path: Path) -> None:
    paths = AppPaths.under(tmp_path)
    env = {"MCP_TUI_CONFIG": str(tmp_path / "env.toml")}
    cli = choose_config_file(tmp_path / "cli.json", paths, env)
    assert (cli.path, cli.origin, cli.must_exist) == (tmp_path / "cli.json", "--config", True)
    from_env = choose_config_file(None, paths, env)
    assert (from_env.path, from_env.origin, from_env.must_exist) == (
        tmp_path / "env.toml",
        "MCP_TUI_CONFIG",
        True,
    )
    default = choose_config_file(None, paths, {"MCP_TUI_CONFIG": "  "})
    assert (default.path, default.origin, default.must_exist) == (paths.config_file, "default", False)


def test_precedence_reads_the_real_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCP_TUI_CONFIG", "~/from-env.toml")
    choice = choose_config_file(None, AppPaths.under(tmp_path))
    assert choice.path == Path.home() / "from-env.toml"
