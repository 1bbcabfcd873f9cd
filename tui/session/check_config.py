"""``mcp-tui --check-config``: read everything the app would read at start, and say what was found.

Beyond the config file's own problems (which :func:`tui.config.startup.load_startup` collects), this
checks the approvals file, the managed and project policy files, and that each stdio server's command can
be found, since any of these would otherwise only show up once the app is open. Reads files only; never
imports Textual or the mcp SDK.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tui.config.model import ServerConfig
from tui.config.paths import choose_config_file
from tui.config.startup import Startup
from tui.store.approvals import load_approvals


@dataclass
class CheckReport:
    """What a check found: ``read`` lists what was read, ``problems`` what is wrong (empty: all is well)."""

    read: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def command_problem(server: ServerConfig) -> str | None:
    """Why ``server``'s stdio command cannot be started, or None when it can be found."""
    if server.transport != "stdio" or server.builtin or not server.command:
        return None
    command = server.command
    search_path = server.env.get("PATH", os.environ.get("PATH", ""))
    if os.sep in command or (os.altsep and os.altsep in command):
        path = Path(command).expanduser()
        if server.cwd is not None and not path.is_absolute():
            path = Path(server.cwd).expanduser() / path
        if path.is_file() and os.access(path, os.X_OK):
            return None
        return f"servers.{server.name}: the command {command!r} does not exist or cannot be run"
    if shutil.which(command, path=search_path) is None:
        return f"servers.{server.name}: the command {command!r} was not found on PATH"
    return None


def describe_server(server: ServerConfig) -> str:
    if server.builtin:
        return f"{server.name} (the bundled demo server)"
    if server.transport == "stdio":
        return f"{server.name} (stdio: {server.command})"
    return f"{server.name} ({server.transport}: {server.url})"


def check_startup(startup: Startup, config_path: Path | None) -> CheckReport:
    """Everything ``startup`` read, plus the approvals file and the stdio commands."""
    report = CheckReport(problems=list(startup.problems))
    choice = choose_config_file(config_path, startup.paths)
    state = "" if choice.path.exists() else " (not there yet: the defaults apply)"
    report.read.append(f"config: {choice.path}{state}")
    names = ", ".join(describe_server(server) for server in startup.servers) or "none"
    report.read.append(f"servers ({len(startup.servers)}): {names}")
    approvals_path = startup.paths.approvals_file
    stored, problem = load_approvals(approvals_path)
    if problem is not None:
        report.problems.append(problem.with_path())
    elif approvals_path.exists():
        count = len(stored.approvals)
        overrides = len(list(stored.overrides.items()))
        report.read.append(f"approvals: {approvals_path} ({count} remembered, {overrides} overrides)")
    else:
        report.read.append(f"approvals: {approvals_path} (not there yet: nothing remembered)")
    report.problems.extend(p for server in startup.servers if (p := command_problem(server)) is not None)
    report.read.extend(telemetry_lines(startup))
    from tui.session.tier_files import TierFiles

    tiers = TierFiles()
    for file in tiers.files:
        rules = f"{len(file.rules)} rule{'s' if len(file.rules) != 1 else ''}"
        report.read.append(f"{file.tier} policy: {file.path} ({rules})")
    report.problems.extend(tiers.problems())
    return report


def telemetry_lines(startup: Startup) -> list[str]:
    """Whether and where telemetry exports, and what the last run that exported could not deliver."""
    from tui.session.telemetry_link import TelemetryLink
    from tui.store.telemetry_state import load_last_run, state_file

    link = TelemetryLink(startup.config.telemetry, startup.forced_telemetry, "cli")
    lines = [link.status().line(), *(f"telemetry: {problem}" for problem in link.config.problems)]
    last = load_last_run(state_file(startup.paths.audit_file))
    if last is not None:
        when, status = last
        lost = status.spans.lost + status.logs.lost
        lines.append(
            f"telemetry, last run that exported ({when}): {status.spans.sent} spans and {status.logs.sent} "
            f"log records sent to {status.endpoint}, {lost} not delivered "
            f"({status.spans.dropped + status.logs.dropped} dropped: queue full)"
        )
    return lines


def run_check(startup: Startup, config_path: Path | None) -> int:
    """Print what was read (stdout) and every problem (stderr); 0 when there are none, else 2."""
    report = check_startup(startup, config_path)
    for line in report.read:
        print(line)
    for problem in report.problems:
        print(problem, file=sys.stderr)
    if not report.problems:
        print("no problems found")
        return 0
    count = len(report.problems)
    print(f"{count} problem{'s' if count != 1 else ''} found", file=sys.stderr)
    return 2
