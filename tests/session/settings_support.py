"""A settings service over the config.toml and approvals file in a test's home (it holds no tests)."""

from __future__ import annotations

from pathlib import Path

from tui.config.loader import load_config
from tui.session.settings import SettingsService


def settings_in(home: Path) -> SettingsService:
    """The service as the session builds it from ``home/config.toml`` (which must read cleanly)."""
    config_file = home / "config.toml"
    config, problems = load_config(config_file, must_exist=True)
    assert problems == []
    return SettingsService(
        config=config,
        config_file=config_file,
        servers=list(config.servers),
        approvals_file=home / "approvals.json",
    )
