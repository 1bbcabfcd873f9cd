"""Checking and adding a rule written in the rules editor (``RuleDraft``) to its tier file: config.toml
(through ``ConfigSettings``, as every other edit of it) or the project's ``.mcp-tui/policy.toml``.

The file's new text must read with one rule more and no problem it did not have, else nothing is written.
After the write, the session runs with what the file holds, and the file's stamp is taken as seen: the
change is this instance's own, not one "made elsewhere".
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Protocol

from tui.config.edit import ConfigWriteError
from tui.config.loader import load_toml_config
from tui.config.model import ToolRule
from tui.config.policy_files import parse_policy_text
from tui.config.rule_append import append_rule
from tui.session.config_settings import ConfigSettings
from tui.session.rule_drafts import CheckedDraft, DraftTier, RuleDraft, check_draft
from tui.session.saved import ChangeKind, Saved
from tui.session.tier_files import TierFiles


class RuleFiles(Protocol):
    """What of the settings service adding a rule uses (the service itself imports this module)."""

    @property
    def config_toml(self) -> ConfigSettings: ...

    @property
    def tiers(self) -> TierFiles: ...

    def saw(self, path: Path) -> None: ...

    def policy_rebuilt(self, kind: ChangeKind) -> None: ...


def tier_file(settings: RuleFiles, tier: DraftTier) -> Path | None:
    return settings.config_toml.config_file if tier == "user" else settings.tiers.project


def read_rules(tier: DraftTier, file: Path, text: str) -> tuple[list[ToolRule], list[str]]:
    if tier == "user":
        config, problems = load_toml_config(file, text, os.environ)
        return config.rules, [problem.message for problem in problems]
    policy = parse_policy_text(file, text, "project")
    return list(policy.rules), [problem.message for problem in policy.problems]


def checked(settings: RuleFiles, draft: RuleDraft, at_line: int | None = None) -> CheckedDraft:
    """The draft as its tier's reader reads it, with the file and line it would get: at the file's end,
    or ``at_line`` (a loaded rule it would replace)."""
    file = tier_file(settings, draft.tier)
    if file is None:
        return CheckedDraft(None, ("there is no config.toml to write (mcp-tui runs without one)",))
    result = check_draft(draft, file)
    if result.rule is None:
        return result
    if at_line is not None:
        return CheckedDraft(dataclasses.replace(result.rule, file=str(file), line=at_line))
    try:
        old = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        old = ""
    line = len(old.splitlines()) + 2 if old else 1  # after a blank line, as ``append_rule`` writes it
    return CheckedDraft(dataclasses.replace(result.rule, file=str(file), line=line))


def add_rule(settings: RuleFiles, draft: RuleDraft) -> Saved:
    result = checked(settings, draft)
    file = tier_file(settings, draft.tier)
    if result.rule is None or file is None:
        return Saved(False, "Not saved: " + "; ".join(result.problems))

    def check(old: str, new: str) -> list[str]:
        rules_before, problems_before = read_rules(draft.tier, file, old)
        rules_after, problems_after = read_rules(draft.tier, file, new)
        found = [problem for problem in problems_after if problem not in problems_before]
        if not found and len(rules_after) != len(rules_before) + 1:
            found = [f"{file} would not read the new rule"]
        return found

    try:
        if draft.tier == "user":
            settings.config_toml.append_rule(draft.table(), check)
        else:
            append_rule(file, draft.table(), check=check)
            settings.tiers.read()
    except (ConfigWriteError, OSError, ValueError) as error:
        return Saved(False, f"Not saved: {error}")
    settings.saw(file)
    settings.policy_rebuilt("rule")
    where = "your config.toml" if draft.tier == "user" else "the project's policy"
    return Saved(True, f"Saved the rule to {where}: {file}, line {result.rule.line}")
