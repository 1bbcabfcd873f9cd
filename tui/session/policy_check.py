"""``mcp-tui policy check [FILE]``: read a policy file of any tier as the app would, and list its problems.

Without FILE: every file the app would read: config.toml, the approvals file, the managed files and the
project's ``.mcp-tui/policy.toml``. A FILE's tier is told by its place: ``config.toml`` (or a JSON file)
is the user's, one inside ``.mcp-tui/`` the project's, any other TOML file a managed one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.config.model import Tier
from tui.config.paths import AppPaths, choose_config_file
from tui.config.policy_files import read_policy_file
from tui.config.problems import ConfigProblem
from tui.session.tier_files import TierFiles


def tier_of(path: Path) -> Tier:
    if path.name == "config.toml" or path.suffix.lower() in (".json", ".jsonc"):
        return "user"
    return "project" if path.parent.name == ".mcp-tui" else "managed"


def _report(path: Path, tier: str, problems: list[ConfigProblem]) -> dict[str, Any]:
    return {
        "file": str(path),
        "tier": tier,
        "problems": [{"line": p.line, "message": p.message} for p in problems],
    }


def check_file(path: Path, tier: Tier | None = None, *, must_exist: bool = True) -> dict[str, Any]:
    tier = tier or tier_of(path)
    if tier == "user":
        from tui.config.loader import load_config

        _, problems = load_config(path, must_exist=must_exist)
        return _report(path, tier, problems)
    return _report(path, tier, list(read_policy_file(path, tier, must_exist=must_exist).problems))


def check_files(named: Path | None, config: Path | None) -> list[dict[str, Any]]:
    if named is not None:
        return [check_file(named)]
    paths = AppPaths.default()
    choice = choose_config_file(config, paths)
    reports = [check_file(choice.path, "user", must_exist=choice.must_exist)]
    from tui.store.approvals import load_approvals

    _, problem = load_approvals(paths.approvals_file)
    reports.append(_report(paths.approvals_file, "approvals", [problem] if problem else []))
    tiers = TierFiles()
    reports += [_report(file.path, file.tier, list(file.problems)) for file in tiers.files]
    return reports
