"""Every rule in force as the preferences show it: managed and project rules locked, each with its file
and line; a user rule that a tier above overrides, marked with the reason (a ``never`` or ``ask`` of the
team's or the project's for the same tool, or a managed limit below its ceiling).

A tier above only tightens (product.md): a managed or project ``never`` decides before any user rule, an
``ask`` before any ``always``, and ``max_always_grade`` caps every ``always``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import PurePath

from tui.config.limits import ManagedLimits
from tui.config.model import ToolRule
from tui.safety.grade import Grade

WHOSE = {"managed": "the managed policy's", "project": "the project's", "user": "your"}
BEATS = {"never": ("always", "ask"), "ask": ("always",)}
"""Which user actions a higher tier's action overrides."""


@dataclass(frozen=True)
class RuleRow:
    rule: ToolRule
    words: str
    """``ask manage_files on demo when path glob "notes/*"``."""
    location: str
    """``config.toml:12`` (the file's name and the line of its ``[[rules]]``), or "" when unknown."""
    locked: bool
    """From the managed or the project tier: shown, not editable here."""
    overridden: str | None = None
    """For a user rule: why a tier above decides instead (None: it is not overridden)."""


def rule_words(rule: ToolRule) -> str:
    target = rule.server if rule.server != "*" else (rule.command or rule.url or "*")
    words = f"{rule.action} {rule.tool} on {target}"
    if rule.action == "always":
        words += f" up to {rule.ceiling}"
    if rule.when:
        words += " when " + " and ".join(condition.describe() for condition in rule.when)
    return words


def location(rule: ToolRule) -> str:
    if not rule.file:
        return ""
    return PurePath(rule.file).name + (f":{rule.line}" if rule.line else "")


def _covers(above: ToolRule, rule: ToolRule) -> bool:
    """``above`` is about every call ``rule`` is about (same server, or any; same tool, or a glob of it)."""
    if above.server not in ("*", rule.server) or (above.server == "*" and (above.command or above.url)):
        return False
    return above.tool == rule.tool or fnmatchcase(rule.tool, above.tool)


def overridden_by(rule: ToolRule, rules: Sequence[ToolRule], limits: ManagedLimits) -> str | None:
    if rule.tier != "user":
        return None
    for above in rules:
        if above.tier == "user" or rule.action not in BEATS.get(above.action, ()):
            continue
        if not _covers(above, rule):
            continue
        partly = "when " + " and ".join(c.describe() for c in above.when) + ", " if above.when else ""
        where = f" at {location(above)}" if location(above) else ""
        return f"overridden {partly}by {WHOSE[above.tier]} {above.action} rule{where}"
    top = limits.max_always_grade
    if rule.action == "always" and top is not None:
        try:
            ceiling = Grade.parse(rule.ceiling)
        except ValueError:
            return None
        if ceiling > Grade.parse(top):
            cap = "the managed policy's max_always_grade caps its ceiling"
            return f"allows at most {top}: {cap} {ceiling.label}"
    return None


def rule_rows(rules: Sequence[ToolRule], limits: ManagedLimits) -> list[RuleRow]:
    """Every tier's rules in the order they are tried: managed, project, then yours."""
    return [
        RuleRow(
            rule, rule_words(rule), location(rule), rule.tier != "user", overridden_by(rule, rules, limits)
        )
        for rule in rules
    ]
