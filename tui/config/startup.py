"""Everything the app needs before its first frame: paths, configuration, problems, servers.

Reads files only; never imports Textual or the mcp SDK.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from tui.config.model import AppConfig, ServerConfig, TelemetryTable
from tui.config.paths import AppPaths


@dataclass
class Startup:
    paths: AppPaths
    config: AppConfig
    servers: list[ServerConfig]
    problems: list[str] = field(default_factory=list)
    config_file: Path | None = None
    """The file settings are read from and written to (None for JSON imports, which are never written)."""
    using_demo: bool = False
    """True when nothing was configured and the bundled demo server stands in."""
    named_file_problems: bool = False
    """True when the user named the config file (``--config`` or ``MCP_TUI_CONFIG``) and it could not be
    read in full: the headless commands refuse to run on part of it, and the demo never stands in for it."""
    timeout_overrides: dict[str, float] = field(default_factory=dict)
    """Timeouts set for this run only (the headless ``--timeout``): they hold over ``[timeouts]`` even
    when the file changes, and are never saved."""
    forced_telemetry: TelemetryTable | None = None
    """A ``[telemetry]`` the user cannot loosen (the team's managed policy): export is on, and each key
    it sets wins over config.toml and the environment. Read from the managed files when the app starts."""


def load_startup(
    *,
    config_path: Path | None,
    url: str | None = None,
    sse: bool = False,
    command: list[str] | None = None,
    protocol: str = "legacy",
) -> Startup:
    """Raises ``AdhocServerError`` (a ValueError with a readable message) for unusable --url / -- CMD
    or --protocol."""
    from tui.config.values import protocol_problem

    if (problem := protocol_problem(protocol)) is not None:
        raise ValueError(f"--protocol {problem}")
    from tui.config.cli_servers import adhoc_servers
    from tui.config.defaults import servers_to_use
    from tui.config.loader import load_config
    from tui.config.paths import choose_config_file
    from tui.config.policy_files import managed_telemetry, read_managed

    paths = AppPaths.default()
    choice = choose_config_file(config_path, paths)
    adhoc = [
        replace(s, protocol=protocol) for s in adhoc_servers([url] if url else [], command or [], sse=sse)
    ]
    config, problems = load_config(choice.path, must_exist=choice.must_exist)
    named_file_problems = choice.must_exist and bool(problems)
    # The demo acts in the app's own sandbox directory (it follows MCP_TUI_HOME like every other file).
    # It stands in only for "nothing configured", never for a file the user named that could not be read:
    # a script that named its servers must not end up talking to the demo.
    servers = [
        replace(s, args=(*s.args, "--sandbox", str(paths.demo_sandbox))) if s.builtin else s
        for s in servers_to_use(config, adhoc)
        if not (s.builtin and named_file_problems)
    ]
    using_demo = bool(servers) and all(server.builtin for server in servers)
    # JSON files from other clients are read, never written.
    writable = choice.path if choice.path.suffix.lower() not in (".json", ".jsonc") else None
    return Startup(
        paths=paths,
        config=config,
        servers=servers,
        problems=[str(problem) for problem in problems],
        config_file=writable,
        using_demo=using_demo,
        named_file_problems=named_file_problems,
        # The team's [telemetry]: a mistake in it is the managed file's problem, shown with the others
        # (the banner, --check-config), where the file fails closed.
        forced_telemetry=managed_telemetry(read_managed()),
    )
