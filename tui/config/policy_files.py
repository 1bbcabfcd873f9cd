"""The policy tiers a user cannot loosen: the team's managed files and the project's policy file.

Managed: a fixed system path per OS, plus, additively, the file named in ``MCP_TUI_MANAGED_POLICY`` (it can
add limits, never remove the system file's). ``MCP_TUI_SYSTEM_POLICY_PATH`` replaces the fixed path: it is
for tests and packagers, and is documented as such. A managed file that exists but cannot be read, parsed or
fully understood fails closed: nothing is auto-approved and headless commands exit 2 (the rules it did
hold still apply). A missing system file means there is no managed policy.

Project: ``.mcp-tui/policy.toml`` in the working directory; it can only tighten (``never``, ``ask``, lower
limits) and says so when it tries more.

Both hold ``[[rules]]`` (never/ask; managed rules may match by ``command``/``url`` glob) and
``[preferences]`` limits; managed files also ``[servers.NAME] trust = "untrusted"`` pins and
``allowed_servers``. A managed ``[telemetry]`` turns export on for everyone it reaches, at its endpoint
(``managed_telemetry``); a key it gets wrong is a problem of the file like any other (it fails closed).
A managed ``[gateway] elicitation_up_to`` keeps calls above that grade from being asked through an agent's
host (``tui/config/gateway_table.py``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from tui.config.atomic import without_bom
from tui.config.limits import ManagedLimits, read_limits
from tui.config.loader import NOT_FOUND, read_text
from tui.config.model import TelemetryTable, Tier, ToolRule
from tui.config.problems import ConfigProblem

MANAGED_ENV = "MCP_TUI_MANAGED_POLICY"
SYSTEM_PATH_ENV = "MCP_TUI_SYSTEM_POLICY_PATH"
"""For tests and packagers only: the file read instead of the fixed system path."""
PROJECT_POLICY = Path(".mcp-tui") / "policy.toml"
_MANAGED_KEYS = ("rules", "preferences", "servers", "allowed_servers", "telemetry", "gateway")
_PROJECT_KEYS = ("rules", "preferences")


def system_managed_path(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> Path:
    env = os.environ if environ is None else environ
    if env.get(SYSTEM_PATH_ENV, "").strip():
        return Path(env[SYSTEM_PATH_ENV]).expanduser()
    if platform == "darwin":
        return Path("/Library/Application Support/mcp-tui/managed.toml")
    if platform.startswith("win"):
        return Path(env.get("ProgramData", r"C:\ProgramData")) / "mcp-tui" / "managed.toml"
    return Path("/etc/mcp-tui/managed.toml")


@dataclass(frozen=True)
class PolicyFile:
    """One tier's file as read: what it says, and what was wrong with it."""

    path: Path
    tier: Tier
    rules: tuple[ToolRule, ...] = ()
    limits: ManagedLimits = field(default_factory=ManagedLimits)
    untrusted: frozenset[str] = frozenset()
    """Managed: servers pinned untrusted (``[servers.NAME] trust = "untrusted"``)."""
    allowed_servers: tuple[str, ...] | None = None
    """Managed: command/URL globs outside which no server starts or is called; None: no list."""
    document: Mapping[str, Any] = field(default_factory=dict)
    """The parsed file, as read."""
    telemetry: TelemetryTable | None = None
    """Managed: its ``[telemetry]`` (the keys it got right); None when it has none."""
    problems: tuple[ConfigProblem, ...] = ()
    exists: bool = True
    elicitation_up_to: str | None = None
    """Managed: ``[gateway] elicitation_up_to``, the highest grade the gateway may ask about through an
    agent's host ("none" when the value could not be read); None when the file does not limit it."""

    @property
    def fails_closed(self) -> bool:
        """A managed file that exists and was not fully understood: nothing may be auto-approved."""
        return self.tier == "managed" and self.exists and bool(self.problems)


def managed_paths(environ: Mapping[str, str] | None = None) -> list[tuple[Path, bool]]:
    """(path, must exist): the system file (optional), then the one ``MCP_TUI_MANAGED_POLICY`` names."""
    env = os.environ if environ is None else environ
    paths = [(system_managed_path(env), False)]
    extra = env.get(MANAGED_ENV, "").strip()
    if extra:
        paths.append((Path(extra).expanduser(), True))
    return paths


def read_managed(environ: Mapping[str, str] | None = None) -> list[PolicyFile]:
    files = [read_policy_file(path, "managed", must_exist=must) for path, must in managed_paths(environ)]
    return [file for file in files if file.exists or file.problems]


def read_project(cwd: Path | None = None) -> PolicyFile | None:
    path = (cwd or Path.cwd()) / PROJECT_POLICY
    file = read_policy_file(path, "project", must_exist=False)
    return file if file.exists else None


def read_policy_file(path: Path, tier: Tier, *, must_exist: bool) -> PolicyFile:
    exact, problem = read_text(path, must_exist=must_exist)
    if exact is None:
        if problem is None:
            return PolicyFile(path, tier, exists=False)
        exists = problem.message != NOT_FOUND
        return PolicyFile(path, tier, problems=(_closed(problem, tier),), exists=exists or tier == "managed")
    return parse_policy_text(path, without_bom(exact), tier)


def parse_policy_text(path: Path, text: str, tier: Tier) -> PolicyFile:
    from tui.config.locate import toml_locator
    from tui.config.rule_reader import read_tier_rules
    from tui.config.sections import Reporter
    from tui.config.toml_chunks import parse_salvaging

    rep = Reporter(path, toml_locator(text))
    data, syntax = parse_salvaging(text)
    rep.problems.extend(ConfigProblem(path, line, message) for line, message in syntax)
    known = _MANAGED_KEYS if tier == "managed" else _PROJECT_KEYS
    for key in data:
        if key not in known:
            rep.unknown((), key, known)
    rules = read_tier_rules(data["rules"], rep, tier) if "rules" in data else []
    limits = read_limits(data.get("preferences", {}), rep, tier)
    untrusted = _pins(data.get("servers", {}), rep) if tier == "managed" else frozenset()
    allowed = _allowed(data, rep) if tier == "managed" else None
    telemetry = None
    if tier == "managed" and "telemetry" in data:
        from tui.config.telemetry_table import read_telemetry

        telemetry = read_telemetry(data["telemetry"], rep, os.environ)
    elicitation_up_to = None
    if tier == "managed" and "gateway" in data:
        from tui.config.gateway_table import read_managed_gateway

        elicitation_up_to = read_managed_gateway(data["gateway"], rep)
    problems = tuple(_closed(p, tier) for p in sorted(rep.problems, key=lambda p: p.line or 0))
    return PolicyFile(
        path,
        tier,
        tuple(rules),
        limits,
        untrusted,
        allowed,
        data,
        telemetry,
        problems,
        elicitation_up_to=elicitation_up_to,
    )


def managed_telemetry(files: list[PolicyFile]) -> TelemetryTable | None:
    """The ``[telemetry]`` the managed files require, or None when none requires export.

    ``files`` in ``read_managed``'s order, the system file first: where both set a key, the system file's
    value wins (the added file can add to the system file's settings, as to its limits, never undo them).
    An ``exporter = "none"`` that wins requires nothing."""
    tables = [file.telemetry for file in reversed(files) if file.telemetry is not None]
    if not tables:
        return None
    merged: dict[str, Any] = {}
    for table in tables:  # the added file first, then the system file over it
        for item in fields(TelemetryTable):
            value = getattr(table, item.name)
            if isinstance(value, dict):
                merged[item.name] = {**(merged.get(item.name) or {}), **value}
            elif value is not None:
                merged[item.name] = value
    forced = TelemetryTable(**merged)
    return None if forced.exporter == "none" else forced


def _closed(problem: ConfigProblem, tier: Tier) -> ConfigProblem:
    if tier != "managed":
        return problem
    return ConfigProblem(
        problem.file,
        problem.line,
        f"{problem.message} (a managed policy file that is not fully understood fails closed: nothing is "
        "approved without asking, and headless commands exit 2)",
    )


def _pins(data: object, rep: Any) -> frozenset[str]:
    if not isinstance(data, dict):
        rep.add(("servers",), f"must be a table of servers, not {rep.show(data)}")
        return frozenset()
    pinned = set()
    for name, entry in data.items():
        if not isinstance(entry, dict) or set(entry) != {"trust"} or entry["trust"] != "untrusted":
            rep.add(
                ("servers", name), 'a managed file pins a server with trust = "untrusted" and nothing else'
            )
            continue
        pinned.add(name)
    return frozenset(pinned)


def _allowed(data: Mapping[str, Any], rep: Any) -> tuple[str, ...] | None:
    if "allowed_servers" not in data:
        return None
    value = data["allowed_servers"]
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        rep.add(
            (),
            f'"allowed_servers" must be a list of command or URL globs, not {rep.show(value)}',
            "allowed_servers",
        )
        return ()
    return tuple(value)
