"""Steps 8 and 9 of the order: category preferences, then the ask that says why nothing allowed the call.

Category preferences apply on trusted servers only (a managed pin makes a server untrusted whatever
config.toml says), within the managed ``max_auto_approve``, and never to a tool whose hints contradict
themselves or carry a lint warning. "Always confirm destructive" asks on every server.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.safety.approvals import is_repeatable
from tui.safety.decision_rules import RuleId
from tui.safety.decision_types import Decision, Inputs
from tui.safety.grade import Grade
from tui.safety.lint import LintWarning
from tui.safety.step_helpers import GRADE_WORDS, always_rules, call_words, live_approvals
from tui.safety.tool_hash import DefinitionSnapshot


def _ceiling_notes(i: Inputs) -> list[str]:
    """Approvals and always rules that matched this tool but stop below this call's grade."""
    g = i.grade.grade
    notes = [
        a.describe()
        for a in live_approvals(i)[:1]
        if a.definition_hash == i.definition.hash and a.ceiling < g
    ]
    ceilings = [ceiling for ceiling, _ in always_rules(i)]
    if ceilings and max(ceilings) < g:
        notes.append(f"your rule always allows {call_words(i)} up to {max(ceilings).label}")
    return notes


def _allowance(i: Inputs) -> tuple[RuleId, str] | None:
    g, prefs = i.grade.grade, i.preferences
    top = i.enforced.limits.max_auto_approve
    if top is not None and g > Grade.parse(top):
        return None
    if g is Grade.SAFE and prefs.auto_approve_safe:
        return RuleId.AUTO_SAFE, "safe calls (read-only, closed world)"
    if g is Grade.LOW and prefs.auto_approve_low:
        return RuleId.AUTO_LOW, "low-risk calls (read-only, open world)"
    return None


def _retry(i: Inputs) -> bool:
    return (
        i.preferences.auto_approve_idempotent_retry
        and is_repeatable(i.hints)
        and i.book.is_approved_retry(i.server.identity, i.definition.name, i.definition.hash, i.arguments)
    )


def category_step(i: Inputs) -> Decision | str:
    g, tool, server = i.grade.grade, i.definition.name, i.server.name
    notes = _ceiling_notes(i)
    note = f" ({'; '.join(notes)})" if notes else ""
    if g >= Grade.HIGH and i.preferences.always_confirm_destructive:
        reason = f"Asking: this call is {g.label} and you always confirm destructive calls{note}"
        return Decision("ask", reason, RuleId.CONFIRM_DESTRUCTIVE, source="category")
    if not i.enforced.is_trusted(i.server):
        return f"{server} is untrusted: category preferences only add friction there"
    category = _allowance(i)
    retry = _retry(i)
    if category is None and not retry:
        return f"no category preference auto-approves a {g.label} call"
    if _contradictory(i.definition):
        # The server's own hints disagree, so they cannot be what removes the dialog.
        reason = (
            f"Asking: {tool} says it is both read-only and destructive, so your auto-approve "
            f"preferences do not apply to it"
        )
        return Decision("ask", reason, RuleId.CONTRADICTORY, source="category")
    if i.lint:
        return Decision("ask", _lint_reason(tool, i.lint), RuleId.LINT_WARNING, source="category")
    if category is not None:
        rule, words = category
        return Decision(
            "allow", f"Allowed: {server} is trusted and you auto-approve {words}", rule, source="category"
        )
    reason = (
        f"Allowed: {server} is trusted and this is an identical retry of a call "
        f"you approved this session that can safely run again"
    )
    return Decision("allow", reason, RuleId.IDEMPOTENT_RETRY, source="category")


def otherwise_step(i: Inputs) -> Decision:
    g = i.grade.grade
    notes = _ceiling_notes(i)
    if notes:
        reason = f"Asking: this call is {g.label}, above the ceiling you set: {'; '.join(notes)}"
        return Decision("ask", reason, RuleId.ABOVE_CEILING)
    if not i.enforced.is_trusted(i.server) and (_allowance(i) is not None or _retry(i)):
        category = _allowance(i)
        what = category[1] if category else "identical retries of idempotent calls"
        pinned = " (the managed policy pins it untrusted)" if i.server.name in i.enforced.untrusted else ""
        reason = (
            f"Asking: {i.server.name} is untrusted{pinned}, so your preference to auto-approve {what} "
            f"does not apply there"
        )
        return Decision("ask", reason, RuleId.UNTRUSTED)
    top = i.enforced.limits.max_auto_approve
    if top is not None and g > Grade.parse(top) and g < Grade.HIGH:
        reason = f"Asking: this call is {g.label}; the managed policy auto-approves nothing above {top}"
        return Decision("ask", reason, RuleId.NO_RULE, source="managed")
    # Said the same way to the dialog and to a terminal prompt, which cannot remember a choice.
    reason = f"Asking: this call is {GRADE_WORDS[g]}; no rule or approval covers {call_words(i)} yet"
    return Decision("ask", reason, RuleId.NO_RULE)


def _lint_reason(tool: str, lint: Sequence[LintWarning]) -> str:
    codes = ", ".join(dict.fromkeys(warning.code for warning in lint))
    more = f" (and {len(lint) - 1} more warning{'s' if len(lint) > 2 else ''})" if len(lint) > 1 else ""
    return (
        f"Asking: {tool} has an annotation warning ({codes}), so your auto-approve preferences do not "
        f"apply to it: {lint[0].message}{more}"
    )


def _contradictory(definition: DefinitionSnapshot) -> bool:
    stated = definition.annotations or {}
    return stated.get("readOnlyHint") is True and stated.get("destructiveHint") is True
