"""Effective hints of one call: static < resolved < the user's override, each hint with its provenance.

Resolved hints replace static ones whether they are riskier or safer: they come from the same server, for
these exact arguments (product.md, preflight rule 7). The user's override beats both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tui.model.hints import SHORT_LABELS, Hint, Hints, Provenance
from tui.safety.grade import Grade, GradeResult, grade_hints


def effective_hints(
    tool_annotations: Mapping[str, Any] | None,
    resolved: Mapping[str, Any] | None = None,
    override: Mapping[str, Any] | None = None,
) -> Hints:
    """Layer the tool's static annotations, a resolve result and the user's override, in that order."""
    hints = Hints.from_annotations(tool_annotations, Provenance.EXPLICIT)
    hints = hints.overlay(resolved, Provenance.RESOLVED)
    return hints.overlay(override, Provenance.OVERRIDE)


@dataclass(frozen=True)
class HintChange:
    """One hint whose value for this call differs from the static definition (the only such type)."""

    name: str
    """The wire name, e.g. ``destructiveHint``."""
    before: Hint
    after: Hint
    """The new value and where it came from (resolved or override)."""

    @property
    def label(self) -> str:
        return SHORT_LABELS.get(self.name, self.name)

    @property
    def provenance(self) -> Provenance:
        return self.after.provenance

    def describe(self) -> str:
        """E.g. ``destructive: yes → no (resolved)``: the words and arrow of the Call tab's status line."""
        return (
            f"{self.label}: {_word(self.before.value)} → {_word(self.after.value)} ({self.provenance.value})"
        )


def _word(value: bool) -> str:
    return "yes" if value else "no"


def hint_changes(static: Hints, effective: Hints) -> tuple[HintChange, ...]:
    """What resolution (or an override) changed from the static definition; unchanged values are left out."""
    return tuple(
        HintChange(name, before, effective.get(name))
        for name, before in static.items()
        if effective.get(name).value != before.value
    )


def _grade_of(item: GradeResult | Hints | Grade) -> Grade:
    if isinstance(item, Grade):
        return item
    if isinstance(item, GradeResult):
        return item.grade
    return grade_hints(item).grade


def is_riskier(a: GradeResult | Hints | Grade, b: GradeResult | Hints | Grade) -> bool:
    """True when ``a`` grades strictly higher than ``b``. Only the grade counts, so the answer is the one
    a person sees in the badges."""
    return _grade_of(a) > _grade_of(b)
