"""The words of the confirmation dialog, built from a ``ConfirmRequest`` (apart, so the screen stays small).

Everything here is a plain str; the screen passes each one through ``literal`` because tool names, titles,
arguments and reasons come from the server.
"""

from __future__ import annotations

from tui.safety.confirm import ConfirmRequest
from tui.safety.decision_rules import RuleId
from tui.safety.decision_words import decision_line
from tui.safety.grade import Grade
from tui.session.settings_types import Trust
from tui.ui.safe_text import one_line

GRADE_MEANING: dict[Grade, str] = {
    Grade.SAFE: "read-only, closed world",
    Grade.LOW: "read-only, reads the outside world",
    Grade.MEDIUM: "writes, not destructive",
    Grade.HIGH: "destructive",
    Grade.CRITICAL: "destructive and reaches the outside world",
}

TRUST_TEXT: dict[Trust, str] = {
    Trust.UNTRUSTED: "untrusted server: hints can add friction, never remove it",
    Trust.TRUSTED: "trusted server: your category preferences apply to it",
}


def title_text(request: ConfirmRequest) -> str:
    """``Run "Delete a file" (delete_file) on demo?``; the title only when it differs from the name."""
    title, name = one_line(request.tool_title.strip()), one_line(request.tool_name)
    shown = f'"{title}" ({name})' if title and title != name else name
    return f"Run {shown} on {one_line(request.server)}?"


def rule_line(request: ConfirmRequest) -> str | None:
    """The rule that decided to ask, by tier, file and line (``asking: your rule at config.toml:42``);
    None when no rule from a file decided (the reason line says what did)."""
    return decision_line(request.decision) if request.decision.file else None


def grade_text(request: ConfirmRequest) -> str:
    grade = request.grade.grade
    return f"Risk: {grade.label.upper()} ({GRADE_MEANING[grade]})"


def reason_lines(request: ConfirmRequest) -> list[str]:
    """One line per grade reason, each naming where the hint behind it came from."""
    lines = []
    for reason in request.grade.reasons:
        source = f"  [{reason.provenance.value}]" if reason.provenance is not None else ""
        lines.append(f"• {reason.text}{source}")
    return lines


def change_lines(request: ConfirmRequest) -> list[str]:
    """What resolution (or the person's override) changed from the tool's static definition."""
    lines = [f"• {change.describe()}" for change in request.resolution_changes]
    if request.resolution_note:
        lines.append(request.resolution_note)
    return lines


def definition_lines(request: ConfirmRequest) -> list[str]:
    """For a suspended approval: what changed in the tool since the person approved it."""
    if request.decision.rule != "definition-changed":
        return []
    changes = request.definition_changes or tuple(request.decision.changes)
    return [f"• {change}" for change in changes] or ["• the tool definition changed"]


def lint_lines(request: ConfirmRequest) -> list[str]:
    """Annotation lint, then every preflight warning (non-deterministic server, riskier or broken answer)."""
    lines = [f"⚠ {warning.message}" for warning in request.lint]
    lines += [f"⚠ {warning}" for warning in request.warnings if f"⚠ {warning}" not in lines]
    return lines


def claimed_lines(request: ConfirmRequest) -> list[str]:
    """A bound-breaking resolution: the static and the claimed hints side by side, one hint a line."""
    if request.static is None or request.claimed is None:
        return []
    lines = [f"{'hint':<16}{'tools/list':<12}claimed for this call"]
    for name, hint in request.static.items():
        claimed = request.claimed.get(name)
        mark = "   ← differs" if claimed.value != hint.value else ""
        lines.append(f"{name:<16}{_yes(hint.value):<12}{_yes(claimed.value)}{mark}")
    return [*lines, "The riskier of the two is used."]


def _yes(value: bool) -> str:
    return "yes" if value else "no"


def gate_text(request: ConfirmRequest) -> str:
    return f"Type the tool's name, {one_line(request.tool_name)}, to enable Allow:"


def wrong_name_text(request: ConfirmRequest) -> str:
    return f"That is not the tool's name: type {one_line(request.tool_name)} exactly, to enable Allow:"


def always_label(request: ConfirmRequest) -> str:
    return f"Always allow up to {request.grade.grade.label} (a)"


def always_meaning(request: ConfirmRequest) -> str | None:
    """What "Always allow" will do, said beside the reason it would override (None when it is not offered).

    A remembered approval decides before the category preferences (product.md, steps 6 and 8) and on any
    server, trusted or not: next to "you always confirm destructive calls" the choice has to say so.
    """
    if not request.offers_always:
        return None
    grade = request.grade.grade.label
    tool, server = one_line(request.tool_name), one_line(request.server)
    meaning = f"Always allow (a): from now on {tool} on {server} runs without asking, with any arguments"
    meaning += f", up to {grade}"
    if request.decision.rule == RuleId.CONFIRM_DESTRUCTIVE:
        meaning += ", even though you always confirm destructive calls"
    if request.trust is Trust.UNTRUSTED:
        meaning += ", on this untrusted server too"
    return meaning + ". F4 revokes it."
