"""Allow, ask or deny one call, in product.md's order, always with a reason naming the rule that matched.

Order (first match decides):
0. the server rejected these very arguments when asked how the call would behave (the tool-resolution
   extension's -32602) -> deny: the call may not go out with them, whatever else would allow it;
1. a per-tool rule ``never`` -> deny;
2. a remembered approval whose tool definition changed (and none for the current one) -> ask, with changes;
3. a per-tool rule ``ask`` -> ask;
4. a remembered approval (always / this session) whose ceiling is at or above the grade -> allow;
5. a per-tool rule ``always`` whose ceiling is at or above the grade -> allow;
6. category preferences: always confirm destructive (high/critical) -> ask, on every server; on trusted
   servers only, auto-approve safe / low -> allow; identical retry of an approved idempotent call -> allow;
   but never for a tool with contradictory hints or any lint warning: those ask, naming the warning;
7. otherwise -> ask.
An untrusted server never loses friction through hints: step 6 can only ask there. Approvals and the
person's own per-tool rules (steps 1-5) still apply to a tool with lint warnings: they are explicit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.model.hints import Hints
from tui.safety.approvals import ApprovalBook, is_repeatable
from tui.safety.grade import Grade, GradeResult, grade_hints
from tui.safety.lint import LintWarning
from tui.safety.tool_hash import DefinitionSnapshot, describe_changes

Action = Literal["allow", "ask", "deny"]


class RuleId(StrEnum):
    NEVER_RULE = "never-rule"
    DEFINITION_CHANGED = "definition-changed"
    ASK_RULE = "ask-rule"
    APPROVAL_ALWAYS = "approval-always"
    APPROVAL_SESSION = "approval-session"
    ALWAYS_RULE = "always-rule"
    CONFIRM_DESTRUCTIVE = "confirm-destructive"
    AUTO_SAFE = "auto-safe"
    AUTO_LOW = "auto-low"
    IDEMPOTENT_RETRY = "idempotent-retry"
    UNTRUSTED = "untrusted"
    CONTRADICTORY = "contradictory-hints"
    LINT_WARNING = "lint-warning"
    ABOVE_CEILING = "above-ceiling"
    RESOLUTION_BROKEN = "resolution-broken"
    INVALID_ARGUMENTS = "invalid-arguments"
    NO_RULE = "no-rule"


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str
    """One readable sentence, starting with Allowed / Asking / Denied, naming the rule that matched."""
    rule: str
    """A ``RuleId`` value: which step decided (for the audit log and for the dialog)."""
    changes: list[str] = field(default_factory=list)
    """For a changed definition: what changed, one line each (``describe_changes``)."""


_GRADE_WORDS: Mapping[Grade, str] = {
    Grade.SAFE: "safe (read-only, closed world)",
    Grade.LOW: "low (read-only, open world)",
    Grade.MEDIUM: "medium (writes, not destructive)",
    Grade.HIGH: "high (destructive)",
    Grade.CRITICAL: "critical (destructive, open world)",
}


def _always_ceiling(rules: Sequence[ToolRule]) -> Grade | None:
    """The highest ceiling among ``always`` rules; a rule with an unreadable ceiling allows nothing."""
    ceilings: list[Grade] = []
    for rule in rules:
        if rule.action == "always":
            try:
                ceilings.append(Grade.parse(rule.ceiling))
            except ValueError:
                continue
    return max(ceilings) if ceilings else None


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
) -> Decision:
    """Decide one call of ``definition`` (the tool as now listed) on ``server`` with these effective hints.

    ``grade`` defaults to ``grade_hints(hints)``; pass it when it is already computed. ``lint`` is what
    ``lint_tool`` found for this tool and call: any warning keeps category preferences from allowing it.
    ``resolution_broken``: why the server's per-call resolution broke its rules (a malformed extension
    answer, a name or schema mismatch, a broken bound); such a call is never allowed without asking.
    ``arguments_rejected``: why the server refused these arguments (extension -32602); the call is denied.
    """
    if arguments_rejected is not None:
        return Decision("deny", f"Denied: {arguments_rejected}", RuleId.INVALID_ARGUMENTS)
    decision = _decide(server, definition, hints, arguments, book, preferences, rules, grade, lint)
    # An ask for another reason becomes this one too: it is a rule that says only a person may answer
    # (the headless --approve-up-to answers other asks of a low enough grade). A changed definition is
    # such a rule already, and keeps its list of what changed.
    stands = decision.action == "deny" or decision.rule == RuleId.DEFINITION_CHANGED
    if resolution_broken is not None and not stands:
        reason = (
            f"Asking: the server's answer about this call broke the rules of per-call resolution "
            f"({resolution_broken}), so nothing approves it without you"
        )
        return Decision("ask", reason, RuleId.RESOLUTION_BROKEN)
    return decision


def _decide(
    server: ServerConfig,
    definition: DefinitionSnapshot,
    hints: Hints,
    arguments: Mapping[str, Any],
    book: ApprovalBook,
    preferences: Preferences,
    rules: Sequence[ToolRule],
    grade: GradeResult | None,
    lint: Sequence[LintWarning],
) -> Decision:
    g = (grade or grade_hints(hints)).grade
    tool = definition.name
    where = f"{tool} on {server.name}"
    is_what = f"this call is {g.label}"
    mine = [r for r in rules if r.server == server.name and r.tool == tool]

    if any(r.action == "never" for r in mine):
        return Decision("deny", f"Denied: your rule says never run {where}", RuleId.NEVER_RULE)

    approvals = book.find(server.identity, tool)
    current = [a for a in approvals if a.definition_hash == definition.hash]
    stale = [a for a in approvals if a.definition_hash != definition.hash]
    if stale and not current:
        old = stale[0]
        changes = describe_changes(old.definition, definition) or ["the tool definition changed"]
        return Decision(
            "ask",
            f"Asking: {tool} changed on {server.name} since {old.describe()}; review what changed",
            RuleId.DEFINITION_CHANGED,
            changes,
        )

    if any(r.action == "ask" for r in mine):
        return Decision("ask", f"Asking: your rule says always ask before running {where}", RuleId.ASK_RULE)

    notes: list[str] = []
    if current:
        best = current[0]
        if best.ceiling >= g:
            rule = RuleId.APPROVAL_ALWAYS if best.scope == "always" else RuleId.APPROVAL_SESSION
            return Decision("allow", f"Allowed: {best.describe()}; {is_what}", rule)
        notes.append(best.describe())

    ceiling = _always_ceiling(mine)
    if ceiling is not None:
        if ceiling >= g:
            reason = f"Allowed: your rule always allows {where} up to {ceiling.label}; {is_what}"
            return Decision("allow", reason, RuleId.ALWAYS_RULE)
        notes.append(f"your rule always allows {where} up to {ceiling.label}")

    note = f" ({'; '.join(notes)})" if notes else ""
    trusted = server.trust is Trust.TRUSTED
    if g >= Grade.HIGH and preferences.always_confirm_destructive:
        reason = f"Asking: {is_what} and you always confirm destructive calls{note}"
        return Decision("ask", reason, RuleId.CONFIRM_DESTRUCTIVE)

    category = _category_allowance(g, preferences)
    retry = (
        preferences.auto_approve_idempotent_retry
        and is_repeatable(hints)
        and book.is_approved_retry(server.identity, tool, definition.hash, arguments)
    )
    if trusted and (category is not None or retry) and _contradictory(definition):
        # The server's own hints disagree, so they cannot be what removes the dialog.
        reason = (
            f"Asking: {tool} says it is both read-only and destructive, so your auto-approve "
            f"preferences do not apply to it"
        )
        return Decision("ask", reason, RuleId.CONTRADICTORY)
    if trusted and (category is not None or retry) and lint:
        # The app's own doubt about the hints: they cannot be what removes the dialog either.
        return Decision("ask", _lint_reason(tool, lint), RuleId.LINT_WARNING)
    if trusted and category is not None:
        rule, words = category
        return Decision("allow", f"Allowed: {server.name} is trusted and you auto-approve {words}", rule)
    if trusted and retry:
        reason = (
            f"Allowed: {server.name} is trusted and this is an identical retry of a call "
            f"you approved this session that can safely run again"
        )
        return Decision("allow", reason, RuleId.IDEMPOTENT_RETRY)

    if notes:
        reason = f"Asking: {is_what}, above the ceiling you set: {'; '.join(notes)}"
        return Decision("ask", reason, RuleId.ABOVE_CEILING)
    if not trusted and (category is not None or retry):
        what = category[1] if category else "identical retries of idempotent calls"
        reason = (
            f"Asking: {server.name} is untrusted, so your preference to auto-approve {what} "
            f"does not apply there"
        )
        return Decision("ask", reason, RuleId.UNTRUSTED)
    # Said the same way to the dialog and to a terminal prompt, which cannot remember a choice.
    reason = f"Asking: this call is {_GRADE_WORDS[g]}; no rule or approval covers {where} yet"
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


def _category_allowance(g: Grade, preferences: Preferences) -> tuple[RuleId, str] | None:
    if g is Grade.SAFE and preferences.auto_approve_safe:
        return RuleId.AUTO_SAFE, "safe calls (read-only, closed world)"
    if g is Grade.LOW and preferences.auto_approve_low:
        return RuleId.AUTO_LOW, "low-risk calls (read-only, open world)"
    return None
