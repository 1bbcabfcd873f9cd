"""Where mcp-tui keeps its files, and which config file a run uses.

Defaults follow platformdirs for the app name ``mcp-tui``. ``MCP_TUI_HOME=<dir>`` puts every file under one
directory instead (tests, screenshots and benchmarks need that isolation). The config file is chosen by
``--config PATH``, else ``MCP_TUI_CONFIG``, else the default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    import platformdirs

APP_NAME = "mcp-tui"
HOME_ENV = "MCP_TUI_HOME"
CONFIG_ENV = "MCP_TUI_CONFIG"

ConfigOrigin = Literal["--config", "MCP_TUI_CONFIG", "default"]


@dataclass(frozen=True)
class AppPaths:
    config_file: Path
    """config.toml: servers, timeouts, preferences and rules; the user's file, edited with care."""
    approvals_file: Path
    """Remembered approvals and user annotation overrides (JSON); owned by the app."""
    audit_file: Path
    """The audit log, one JSON record per call attempt (JSON Lines)."""
    log_dir: Path
    """Per-run logs (server stderr and the app's own)."""
    demo_sandbox: Path
    """The directory the bundled demo server's tools act inside."""
    auth_dir: Path
    """Sign-in tokens and client registrations, one file per server (mode 0600); owned by the app."""
    cache_dir: Path
    """Disposable data, such as each server's last tool list (painted at once on the next start)."""
    run_dir: Path
    """Sockets of running gateways, for an mcp-tui to attach to (mode 0700, this user's only)."""

    @classmethod
    def under(cls, root: Path) -> AppPaths:
        """Every file under one directory."""
        return cls(
            config_file=root / "config.toml",
            approvals_file=root / "approvals.json",
            audit_file=root / "audit.jsonl",
            log_dir=root / "logs",
            demo_sandbox=root / "demo-sandbox",
            auth_dir=root / "auth",
            cache_dir=root / "cache",
            run_dir=root / "run",
        )

    @classmethod
    def default(cls, environ: Mapping[str, str] | None = None) -> AppPaths:
        """The platform's user directories, or everything under ``$MCP_TUI_HOME`` when it is set."""
        env = os.environ if environ is None else environ
        home = env.get(HOME_ENV, "").strip()
        if home:
            return cls.under(Path(home).expanduser())
        import platformdirs  # deferred: only needed when no MCP_TUI_HOME is set

        dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
        data = dirs.user_data_path
        return cls(
            config_file=dirs.user_config_path / "config.toml",
            approvals_file=data / "approvals.json",
            audit_file=dirs.user_state_path / "audit.jsonl",
            log_dir=dirs.user_log_path,
            demo_sandbox=data / "demo-sandbox",
            auth_dir=data / "auth",
            cache_dir=dirs.user_cache_path,
            run_dir=_runtime_dir(dirs),
        )


def _runtime_dir(dirs: platformdirs.PlatformDirs) -> Path:
    """$XDG_RUNTIME_DIR/mcp-tui (or the platform's own); platformdirs warns when it falls back to
    /tmp/runtime-UID, which is still this user's own 0700 directory once mcp-tui has made it."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return dirs.user_runtime_path


@dataclass(frozen=True)
class ConfigChoice:
    path: Path
    """The config file this run reads."""
    origin: ConfigOrigin
    """What chose it: the command line, the environment, or the default location."""

    @property
    def must_exist(self) -> bool:
        """A file the user named must exist; the default one may be missing (a fresh machine)."""
        return self.origin != "default"


def choose_config_file(
    cli_path: Path | str | None,
    paths: AppPaths,
    environ: Mapping[str, str] | None = None,
) -> ConfigChoice:
    """``--config PATH`` > ``MCP_TUI_CONFIG`` > ``paths.config_file``."""
    env = os.environ if environ is None else environ
    if cli_path is not None and str(cli_path).strip():
        return ConfigChoice(Path(cli_path).expanduser(), "--config")
    from_env = env.get(CONFIG_ENV, "").strip()
    if from_env:
        return ConfigChoice(Path(from_env).expanduser(), "MCP_TUI_CONFIG")
    return ConfigChoice(paths.config_file, "default")
