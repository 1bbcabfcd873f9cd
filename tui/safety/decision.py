"""Allow, ask or deny one call, in product.md's order, always with a reason naming the rule that matched.

The order is ``ORDER`` (``decision_steps``): the first step that matches decides. The README's decision
table is checked against it by a test, so the two cannot drift. Each decision names its rule id (for the
audit log), its source tier and, for a rule from a file, the file and line. ``explain`` runs every step and
says which matched, for ``mcp-tui policy explain``.

An untrusted server never loses friction through hints. A server's answer that broke the rules of per-call
resolution turns any allow into an ask (only a person may answer it); a deny, a changed definition and a
managed ask stand as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from tui.config.model import Preferences, ServerConfig, ToolRule
from tui.model.hints import Hints
from tui.safety.approvals import ApprovalBook, utc_now
from tui.safety.decision_rules import Action, RuleId, Source
from tui.safety.decision_steps import ORDER
from tui.safety.decision_types import Decision, Explained, Inputs
from tui.safety.enforced import Enforced
from tui.safety.grade import GradeResult, grade_hints
from tui.safety.lint import LintWarning
from tui.safety.step_helpers import rules_that_hold
from tui.safety.tool_hash import DefinitionSnapshot

__all__ = ["Action", "Decision", "Explained", "RuleId", "Source", "decide", "explain"]


def _inputs(**kw: Any) -> Inputs:
    prefs: Preferences = kw["preferences"]
    server: ServerConfig = kw["server"]
    if server.preferences:  # [servers.NAME.preferences] over the global categories
        prefs = replace(prefs, **dict(server.preferences))
    grade: GradeResult = kw["grade"] or grade_hints(kw["hints"])
    definition: DefinitionSnapshot = kw["definition"]
    holding = rules_that_hold(
        kw["rules"],
        server=server,
        tool=definition.name,
        arguments=kw["arguments"],
        grade=grade.grade,
        hints=kw["hints"],
    )
    return Inputs(
        server=server,
        definition=definition,
        hints=kw["hints"],
        arguments=kw["arguments"],
        book=kw["book"],
        preferences=prefs,
        rules=holding,
        grade=grade,
        lint=kw["lint"],
        enforced=kw["enforced"],
        now=kw["now"] or utc_now(),
        arguments_rejected=kw["arguments_rejected"],
    )


def decide(
    *,
    server: ServerConfig,
    definition: DefinitionSnapshot,
    hints: Hints,
    arguments: Mapping[str, Any],
    book: ApprovalBook,
    preferences: Preferences,
    rules: Sequence[ToolRule] = (),
    grade: GradeResult | None = None,
    lint: Sequence[LintWarning] = (),
    resolution_broken: str | None = None,
    arguments_rejected: str | None = None,
    enforced: Enforced | None = None,
    now: datetime | None = None,
) -> Decision:
    """Decide one call of ``definition`` (the tool as now listed) on ``server`` with these effective hints.

    ``rules``: every tier's rules (each carries its tier). ``enforced``: the managed and project limits,
    pins and allow-list. ``lint``: what ``lint_tool`` found; any warning keeps category preferences from
    allowing it. ``resolution_broken``: why the server's per-call answer broke the rules of resolution.
    ``arguments_rejected``: why the server refused these arguments (-32602): denied. ``now``: the time
    approvals are judged at (their expiry and the managed maximum age).
    """
    inputs = _inputs(
        server=server, definition=definition, hints=hints, arguments=arguments, book=book,
        preferences=preferences, rules=rules, grade=grade, lint=lint,
        enforced=enforced or Enforced(), now=now, arguments_rejected=arguments_rejected,
    )  # fmt: skip
    for number, step in enumerate(ORDER):
        found = step.run(inputs)
        if isinstance(found, Decision):
            return _after_resolution(replace(found, step=number), resolution_broken)
    raise AssertionError("the last step always decides")


def explain(**kw: Any) -> tuple[Decision, list[Explained]]:
    """``decide`` with the same keyword arguments, plus every step: matched or not, and why."""
    broken = kw.pop("resolution_broken", None)
    kw.setdefault("rules", ())
    kw.setdefault("grade", None)
    kw.setdefault("lint", ())
    kw.setdefault("arguments_rejected", None)
    kw["enforced"] = kw.get("enforced") or Enforced()
    kw.setdefault("now", None)
    inputs = _inputs(**kw)
    steps: list[Explained] = []
    decided: Decision | None = None
    for number, step in enumerate(ORDER):
        found = step.run(inputs)
        note = found.reason if isinstance(found, Decision) else found
        steps.append(Explained(number, step.summary, isinstance(found, Decision) and decided is None, note))
        if isinstance(found, Decision) and decided is None:
            decided = _after_resolution(replace(found, step=number), broken)
    assert decided is not None
    return decided, steps


def _after_resolution(decision: Decision, broken: str | None) -> Decision:
    stands = decision.action == "deny" or decision.rule in (
        RuleId.DEFINITION_CHANGED,
        RuleId.MANAGED_ASK,
        RuleId.MANAGED_FAILED,
    )
    if broken is None or stands:
        return decision
    reason = (
        f"Asking: the server's answer about this call broke the rules of per-call resolution "
        f"({broken}), so nothing approves it without you"
    )
    return Decision("ask", reason, RuleId.RESOLUTION_BROKEN, step=decision.step)
