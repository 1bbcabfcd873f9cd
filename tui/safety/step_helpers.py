"""What several steps of the decision order look up: the rules about this call whose ``when`` holds,
the approvals that hold now, the user's ``always`` rules by ceiling."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tui.config.model import ServerConfig, ToolRule
from tui.model.hints import Hints
from tui.safety.approvals import Approval
from tui.safety.conditions import holds
from tui.safety.decision_types import Inputs
from tui.safety.enforced import rule_targets
from tui.safety.grade import Grade

GRADE_WORDS: Mapping[Grade, str] = {
    Grade.SAFE: "safe (read-only, closed world)",
    Grade.LOW: "low (read-only, open world)",
    Grade.MEDIUM: "medium (writes, not destructive)",
    Grade.HIGH: "high (destructive)",
    Grade.CRITICAL: "critical (destructive, open world)",
}


def call_words(i: Inputs) -> str:
    return f"{i.definition.name} on {i.server.name}"


def rules_that_hold(
    rules: Sequence[ToolRule],
    *,
    server: ServerConfig,
    tool: str,
    arguments: Mapping[str, Any],
    grade: Grade,
    hints: Hints,
) -> tuple[ToolRule, ...]:
    """The rules about this call whose ``when`` holds, in order: each rule's conditions are evaluated once
    per decision, whichever steps then look at it (``never`` failing closed)."""
    return tuple(
        rule
        for rule in rules
        if rule_targets(rule, server, tool)
        and (
            not rule.when
            or holds(
                rule.when, arguments=arguments, grade=grade, hints=hints, fail_closed=rule.action == "never"
            )
        )
    )


def matching_rule(i: Inputs, action: str, tiers: tuple[str, ...]) -> ToolRule | None:
    """The first rule of these tiers with this action whose ``when`` holds for this call."""
    for rule in i.rules:
        if rule.action == action and rule.tier in tiers:
            return rule
    return None


def live_approvals(i: Inputs) -> list[Approval]:
    limits = i.enforced.limits
    found = i.book.find(i.server.identity, i.definition.name)
    return [
        a
        for a in found
        if a.live(i.now, limits.approval_max_age)
        and (limits.allow_always_approvals or a.scope != "always")
        and a.covers(i.arguments)
    ]


def rule_ceiling(rule: ToolRule) -> Grade | None:
    """An ``always`` rule's ceiling; a rule with an unreadable one allows nothing."""
    try:
        return Grade.parse(rule.ceiling)
    except ValueError:
        return None


def always_rules(i: Inputs) -> list[tuple[Grade, ToolRule]]:
    """The user's ``always`` rules whose ``when`` holds for this call, highest ceiling first."""
    found = []
    for rule in i.rules:
        if rule.action != "always" or rule.tier != "user":
            continue
        ceiling = rule_ceiling(rule)
        if ceiling is not None:
            found.append((ceiling, rule))
    return sorted(found, key=lambda pair: -pair[0])
