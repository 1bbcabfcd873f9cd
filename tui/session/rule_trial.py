"""The rules editor's "test with the open tool's arguments": for the arguments in the call panel now,
whether each condition of the rule being written holds, and which rule would then decide the call (the
policy in force with the draft added among its tier's rules). Nothing is written or sent."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tui.config.model import ServerConfig, ToolRule
from tui.safety.conditions import holds
from tui.safety.decision import Decision
from tui.safety.enforced import rule_targets
from tui.session.events import ArgumentsEvaluated
from tui.session.rule_drafts import CheckedDraft, ConditionResult, condition_results

PreviewDecision = Callable[[ArgumentsEvaluated, ToolRule], Decision | None]


@dataclass(frozen=True)
class RuleTrial:
    problems: tuple[str, ...] = ()
    """Why it could not be tried (an invalid rule, no tool open, arguments that do not parse)."""
    conditions: tuple[ConditionResult, ...] = ()
    holds: bool = False
    """Whether the rule is about the open tool and its conditions hold (``never``: an unevaluable one
    counts as holding)."""
    about_tool: bool = True
    """False: the rule names another server or tool than the open one."""
    decision: Decision | None = None
    """What the call would get with the rule in force."""


def try_rule(
    checked: CheckedDraft,
    evaluation: ArgumentsEvaluated | None,
    server: Callable[[str], ServerConfig],
    preview: PreviewDecision,
) -> RuleTrial:
    rule = checked.rule
    if rule is None:
        return RuleTrial(checked.problems)
    if evaluation is None:
        return RuleTrial(("open a tool in the Call tab first: its arguments are what the rule is tried on",))
    if evaluation.arguments is None:
        return RuleTrial(("the open tool's arguments do not parse yet: fix them in the Call tab first",))
    tool, arguments = evaluation.tool, evaluation.arguments
    grade, hints = evaluation.assessment.grade.grade, evaluation.assessment.hints
    about = rule_targets(rule, server(tool.server), tool.name)
    results = condition_results(rule, arguments, grade, hints)
    held = about and holds(
        rule.when, arguments=arguments, grade=grade, hints=hints, fail_closed=rule.action == "never"
    )
    return RuleTrial((), results, held, about, preview(evaluation, rule))
