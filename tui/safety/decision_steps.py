"""The decision order, one step each: a ``Decision`` when the step matches, else a note saying why not.

``ORDER`` is the one source of truth: ``decide`` runs it, ``explain`` shows it, the README's table is
checked against ``summary`` and ``outcome``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tui.config.model import ToolRule
from tui.safety.category_step import category_step, otherwise_step
from tui.safety.decision_rules import Action, RuleId
from tui.safety.decision_types import Decision, Inputs
from tui.safety.decision_words import assessment_basis
from tui.safety.grade import Grade
from tui.safety.step_helpers import always_rules, call_words, live_approvals, matching_rule
from tui.safety.tool_hash import describe_changes

StepResult = Decision | str


@dataclass(frozen=True)
class Step:
    summary: str
    """As the README's table says it."""
    outcome: str
    run: Callable[[Inputs], StepResult]


def _by_rule(action: Action, reason: str, rule_id: RuleId, rule: ToolRule, i: Inputs) -> Decision:
    if rule.when:
        reason += " when " + " and ".join(c.describe() for c in rule.when)
    at = f" ({rule.file}, line {rule.line})" if rule.file and rule.line else ""
    basis = assessment_basis(rule.when, i.hints, i.grade.grade)
    return Decision(
        action,
        reason + at,
        rule_id,
        source=rule.tier,
        file=rule.file,
        line=rule.line,
        basis=basis,
    )


def _rejected(i: Inputs) -> StepResult:
    if i.arguments_rejected is None:
        return "the server did not reject these arguments"
    return Decision("deny", f"Denied: {i.arguments_rejected}", RuleId.INVALID_ARGUMENTS)


def _managed_never(i: Inputs) -> StepResult:
    if not i.enforced.server_allowed(i.server):
        reason = f"Denied: {i.server.name} is not among the servers the managed policy allows"
        return Decision("deny", reason, RuleId.SERVER_NOT_ALLOWED, source="managed")
    rule = matching_rule(i, "never", ("managed",))
    if rule is None:
        return "no managed never rule matches"
    return _by_rule(
        "deny", f"Denied: the managed policy says never run {call_words(i)}", RuleId.MANAGED_NEVER, rule, i
    )


def _never(i: Inputs) -> StepResult:
    rule = matching_rule(i, "never", ("project", "user"))
    if rule is None:
        return "no project or user never rule matches"
    whose = "your rule" if rule.tier == "user" else "the project's policy"
    return _by_rule("deny", f"Denied: {whose} says never run {call_words(i)}", RuleId.NEVER_RULE, rule, i)


def _changed(i: Inputs) -> StepResult:
    approvals = live_approvals(i)
    current = [a for a in approvals if a.definition_hash == i.definition.hash]
    stale = [a for a in approvals if a.definition_hash != i.definition.hash]
    if not stale or current:
        return "no remembered approval is for an older definition"
    old = stale[0]
    changes = describe_changes(old.definition, i.definition) or ["the tool definition changed"]
    reason = (
        f"Asking: {i.definition.name} changed on {i.server.name} since {old.describe()}; review what changed"
    )
    return Decision("ask", reason, RuleId.DEFINITION_CHANGED, changes, source="approval")


def _managed_ask(i: Inputs) -> StepResult:
    rule = matching_rule(i, "ask", ("managed",))
    if rule is None:
        return "no managed ask rule matches"
    reason = f"Asking: the managed policy says always ask before running {call_words(i)}"
    return _by_rule("ask", reason, RuleId.MANAGED_ASK, rule, i)


def _ask(i: Inputs) -> StepResult:
    rule = matching_rule(i, "ask", ("project", "user"))
    if rule is None:
        return "no project or user ask rule matches"
    whose = "your rule" if rule.tier == "user" else "the project's policy"
    return _by_rule(
        "ask", f"Asking: {whose} says always ask before running {call_words(i)}", RuleId.ASK_RULE, rule, i
    )


def _within_always_limit(i: Inputs) -> bool:
    top = i.enforced.limits.max_always_grade
    return top is None or i.grade.grade <= Grade.parse(top)


def _approval(i: Inputs) -> StepResult:
    if i.enforced.failed is not None:
        reason = (
            f"Asking: the managed policy could not be read ({i.enforced.failed}), so nothing is "
            "approved without you"
        )
        return Decision("ask", reason, RuleId.MANAGED_FAILED, source="managed")
    current = [a for a in live_approvals(i) if a.definition_hash == i.definition.hash]
    if not current:
        return "no remembered approval for this definition holds now"
    best = current[0]
    if best.ceiling < i.grade.grade:
        return f"{best.describe()}, but this call is {i.grade.grade.label}"
    if not _within_always_limit(i):
        return _managed_limit(i, best.describe())
    rule = RuleId.APPROVAL_ALWAYS if best.scope == "always" else RuleId.APPROVAL_SESSION
    return Decision(
        "allow", f"Allowed: {best.describe()}; this call is {i.grade.grade.label}", rule, source="approval"
    )


def _managed_limit(i: Inputs, what: str) -> Decision:
    top = i.enforced.limits.max_always_grade
    reason = (
        f"Asking: {what}, but the managed policy allows nothing above {top} without asking; "
        f"this call is {i.grade.grade.label}"
    )
    return Decision("ask", reason, RuleId.MANAGED_LIMIT, source="managed")


def _always(i: Inputs) -> StepResult:
    found = always_rules(i)
    if not found:
        return "no user always rule matches"
    ceiling, best = found[0]
    what = f"your rule always allows {call_words(i)} up to {ceiling.label}"
    if ceiling < i.grade.grade:
        return f"{what}, but this call is {i.grade.grade.label}"
    if not _within_always_limit(i):
        return _managed_limit(i, what)
    return _by_rule(
        "allow", f"Allowed: {what}; this call is {i.grade.grade.label}", RuleId.ALWAYS_RULE, best, i
    )


def _category(i: Inputs) -> StepResult:
    return category_step(i)


def _otherwise(i: Inputs) -> StepResult:
    return otherwise_step(i)


ORDER: Sequence[Step] = (
    Step("the server rejected these arguments (-32602)", "deny", _rejected),
    Step("a managed `never` rule, or a server outside `allowed_servers`", "deny", _managed_never),
    Step("a project or user `never` rule", "deny", _never),
    Step("a remembered approval whose tool definition changed", "ask", _changed),
    Step("a managed `ask` rule", "ask", _managed_ask),
    Step("a project or user `ask` rule", "ask", _ask),
    Step(
        "a remembered approval within its ceiling, not expired, within the managed limits", "allow", _approval
    ),
    Step("a user `always` rule within its ceiling and the managed limits", "allow", _always),
    Step(
        "category preferences (trusted servers only, within `max_auto_approve`)", "allow, or ask", _category
    ),
    Step("otherwise", "ask", _otherwise),
)
