"""One short line naming what decided a call: the action, then the deciding rule's tier, file and line.

``allowed: the server resolved this call to read-only, your rule at config.toml:42``. The dialog, the call
panel's decision line and ``mcp-tui policy explain`` all say it with ``decision_line``, so the three never
word the same decision differently. A rule whose ``when`` looks at the call's assessment (grade, resolved
hints, provenance) says what the assessment was (``assessment_basis``): a reader then knows the rule held
because of what the server said about this very call.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from tui.config.condition_model import Condition
from tui.model.hints import Hints, Provenance
from tui.safety.decision_types import Decision
from tui.safety.grade import Grade

ACTION_WORDS = {"allow": "allowed", "ask": "asking", "deny": "denied"}

WHOSE_RULE = {
    "managed": "the managed policy's rule",
    "project": "the project's rule",
    "user": "your rule",
}

ASSESSMENT_SUBJECTS = ("grade", "resolved", "provenance")


def decision_line(decision: Decision, *, short: bool = False) -> str:
    """The action and what decided it; a decision by a rule from a file names it as ``file:line``.
    ``short``: without the assessment's basis, for a row too narrow for all of it (the rule stays)."""
    action = ACTION_WORDS.get(decision.action, decision.action)
    if decision.file is not None and decision.source in WHOSE_RULE:
        where = PurePath(decision.file).name + (f":{decision.line}" if decision.line else "")
        rule = f"{WHOSE_RULE[decision.source]} at {where}"
        if decision.basis and not short:
            return f"{action}: {decision.basis}, {rule}"
        return f"{action}: {rule}"
    # No rule from a file decided (an approval, a preference, the default): the reason says which.
    reason = decision.reason.split(": ", 1)[-1]
    return f"{action}: {reason}"


def assessment_basis(when: Sequence[Condition], hints: Hints, grade: Grade) -> str | None:
    """What this call's assessment was, when a rule's conditions looked at it; None when they did not."""
    if not any(condition.subject in ASSESSMENT_SUBJECTS for condition in when):
        return None
    resolved = {name for name, hint in hints.items() if hint.provenance is Provenance.RESOLVED}
    if resolved:
        return f"the server resolved this call to {_hint_words(hints)}"
    return f"this call is {grade.label}"


def _hint_words(hints: Hints) -> str:
    if hints.read_only.value:
        return "read-only"
    return "destructive" if hints.destructive.value else "a write that is not destructive"
