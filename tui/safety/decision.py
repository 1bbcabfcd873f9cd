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
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from tui.config.model import Preferences, ServerConfig, ToolRule
from tui.model.hints import Hints
from tui.safety.approvals import ApprovalBook, utc_now
from tui.safety.decision_rules import PERSON_ONLY, Action, RuleId, Source
from tui.safety.enforced import Enforced
from tui.safety.grade import GradeResult, grade_hints
from tui.safety.lint import LintWarning
from tui.safety.tool_hash import DefinitionSnapshot

__all__ = ["Action", "Decision", "Explained", "RuleId", "Source", "decide", "explain"]


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str
    """One readable sentence, starting with Allowed / Asking / Denied, naming the rule that matched."""
    rule: str
    """A ``RuleId`` value: which step decided (for the audit log and for the dialog)."""
    changes: list[str] = field(default_factory=list)
    """For a changed definition: what changed, one line each (``describe_changes``)."""
    source: Source = field(default="default", compare=False)
    """Which tier decided: managed, project, user, approval, category or default."""
    file: str | None = field(default=None, compare=False)
    """The file of the rule that decided, when a rule did."""
    line: int | None = field(default=None, compare=False)
    step: int | None = field(default=None, compare=False)
    """The number of the step of ``ORDER`` that decided. These four are left out of equality: a decision
    is its action, reason and rule; where it came from is told with it."""

    @property
    def location(self) -> dict[str, Any] | None:
        return {"file": self.file, "line": self.line} if self.file else None

    def person_only(self) -> str | None:
        """Why no ``--approve-up-to`` may answer this ask (None: a plain ask it may answer)."""
        if self.action != "ask":
            return None
        return PERSON_ONLY.get(RuleId(self.rule)) if self.rule in RuleId._value2member_map_ else None


@dataclass(frozen=True)
class Inputs:
    """Everything one decision reads, gathered once (``decide``'s keyword arguments)."""

    server: ServerConfig
    definition: DefinitionSnapshot
    hints: Hints
    arguments: Mapping[str, Any]
    book: ApprovalBook
    preferences: Preferences
    rules: Sequence[ToolRule]
    grade: GradeResult
    lint: Sequence[LintWarning]
    enforced: Enforced
    now: datetime
    arguments_rejected: str | None


@dataclass(frozen=True)
class Explained:
    """One step of the order for this call: whether it matched, and what it found."""

    step: int
    summary: str
    matched: bool
    note: str


def _inputs(**kw: Any) -> Inputs:
    prefs: Preferences = kw["preferences"]
    server: ServerConfig = kw["server"]
    if server.preferences:  # [servers.NAME.preferences] over the global categories
        prefs = replace(prefs, **dict(server.preferences))
    return Inputs(
        server=server,
        definition=kw["definition"],
        hints=kw["hints"],
        arguments=kw["arguments"],
        book=kw["book"],
        preferences=prefs,
        rules=kw["rules"],
        grade=kw["grade"] or grade_hints(kw["hints"]),
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
    from tui.safety.decision_steps import ORDER

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
    from tui.safety.decision_steps import ORDER

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
