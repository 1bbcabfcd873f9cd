"""Edit the rules with conditions of the file the rules editor writes to (your config.toml, or the
project's ``.mcp-tui/policy.toml``): list them with their file:line, load one back into a ``RuleDraft``,
replace it in place or remove it.

A loaded rule keeps the file's text as it was read (``EditableRule.loaded``): saving writes only if the
file is still that text, so a change made elsewhere since (another instance, a hand edit) is never
written over; the person is told, and chooses the rule again.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from tui.config.atomic import read_text_or_none, without_bom
from tui.config.edit import ConfigWriteError
from tui.config.locate import toml_key_lines
from tui.config.rule_replace import edit_rule_at, rule_index_at
from tui.session.rule_drafts import ConditionDraft, DraftTier, RuleDraft, check_draft
from tui.session.rule_overview import rule_words
from tui.session.rule_saving import RuleFiles, read_rules, tier_file
from tui.session.saved import Saved


@dataclass(frozen=True)
class EditableRule:
    draft: RuleDraft
    file: Path
    line: int
    """The line of its ``[[rules]]`` header."""
    words: str
    """``ask manage_files on demo when path glob "notes/*"``."""
    loaded: str
    """The file's whole text when the rule was read: a save writes only over this."""

    @property
    def location(self) -> str:
        return f"{PurePath(self.file).name}:{self.line}"


def _typed_text(test: str, value: Any) -> str:
    """A ``when`` value as the editor shows it, typed back to the same value (``when_of``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and test not in ("equals", "one_of"):
        return value
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            return value  # reads back as this text
        return json.dumps(value)  # "1" stays a string, not the number 1
    return json.dumps(value)


def conditions_of(when: Mapping[str, Any]) -> tuple[ConditionDraft, ...]:
    conditions: list[ConditionDraft] = []
    for key, value in when.items():
        if key == "provenance":
            names = value if isinstance(value, list) else [value]
            conditions.append(ConditionDraft(key, "is", ", ".join(str(name) for name in names)))
        elif isinstance(value, Mapping):
            conditions.extend(ConditionDraft(key, test, _typed_text(test, v)) for test, v in value.items())
    return tuple(conditions)


def draft_of(tier: DraftTier, table: Mapping[str, Any]) -> RuleDraft:
    return RuleDraft(
        tier=tier,
        server=str(table.get("server", "")),
        tool=str(table.get("tool", "")),
        action=str(table.get("action", "ask")),
        ceiling=str(table.get("ceiling", "critical")),
        conditions=conditions_of(table.get("when") or {}),
    )


def editable_rules(settings: RuleFiles, tier: DraftTier) -> list[EditableRule]:
    """The rules with conditions in ``tier``'s file, each written as its own ``[[rules]]`` table."""
    file = tier_file(settings, tier)
    try:
        text = read_text_or_none(file) if file is not None else None
        data = tomllib.loads(without_bom(text or ""))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []  # the banner says what is wrong with the file; nothing here can be edited safely
    if file is None or text is None or not isinstance(data.get("rules"), list):
        return []
    lines = toml_key_lines(text)
    found = []
    for index, table in enumerate(data["rules"]):
        line = lines.get(("rules", index))
        if not isinstance(table, dict) or not table.get("when") or line is None:
            continue
        if rule_index_at(text, line) != index:
            continue  # not a [[rules]] header of its own (an inline array): edited by hand only
        draft = draft_of(tier, table)
        rule = check_draft(draft, file).rule
        words = rule_words(rule) if rule else f"{draft.action} {draft.tool} on {draft.server} (not valid)"
        found.append(EditableRule(draft, file, line, words, text))
    return found


def edit_rule(settings: RuleFiles, rule: EditableRule, draft: RuleDraft | None) -> Saved:
    """Replace ``rule`` with ``draft`` where it is, or remove it (None)."""
    if draft is not None:
        if draft.tier != rule.draft.tier:
            return Saved(False, "Not saved: a loaded rule is saved to its own file; add it as a new rule")
        checked = check_draft(draft, rule.file)
        if checked.rule is None:
            return Saved(False, "Not saved: " + "; ".join(checked.problems))
    tier, file = rule.draft.tier, rule.file

    def check(old: str, new: str) -> list[str]:
        rules_before, problems_before = read_rules(tier, file, old)
        rules_after, problems_after = read_rules(tier, file, new)
        found = [problem for problem in problems_after if problem not in problems_before]
        expected = len(rules_before) - (draft is None)
        if not found and len(rules_after) != expected:
            found = [f"{file} would not read the rule as written"]
        return found

    table = draft.table() if draft is not None else None
    try:
        if tier == "user":
            settings.config_toml.edit_rule(rule.line, table, rule.loaded, check)
        else:
            edit_rule_at(file, rule.line, table, loaded=rule.loaded, check=check)
            settings.tiers.read()
    except (ConfigWriteError, OSError, ValueError) as error:
        return Saved(False, f"Not saved: {error}")
    settings.saw(file)
    settings.policy_rebuilt("rule")
    if draft is None:
        return Saved(True, f"Removed the rule at {rule.location}")
    return Saved(True, f"Saved the rule in place: {file}, line {rule.line}")
