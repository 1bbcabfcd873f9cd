"""The one place where a call's effective hints, grade and "what changed" are put together.

The tool list, the preflight status line, the confirmation dialog, the headless commands and the audit
record all show an ``Assessment`` made here, so they cannot disagree: the person's own override is always
on top of whatever the server stated or resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tui.model.hints import Hints, Provenance
from tui.safety.effective import HintChange, hint_changes
from tui.safety.grade import GradeResult, grade_hints


@dataclass(frozen=True)
class Assessment:
    """What one call (or a tool before any arguments) will do, as far as the hints say."""

    static: Hints
    """The tool's hints from tools/list alone (spec defaults where it says nothing)."""
    hints: Hints
    """The effective hints: static, then the per-call resolution, then the person's override."""
    grade: GradeResult
    changes: tuple[HintChange, ...]
    """Every hint whose value differs from the static definition, with where the new value came from."""


def assess(
    static: Hints,
    *,
    resolved: Hints | None = None,
    override: Mapping[str, Any] | None = None,
) -> Assessment:
    """Layer ``resolved`` (the preflight's effective hints, already checked by it) and ``override``.

    ``resolved`` is None when no per-call answer applies (not resolvable, invalid arguments, a failed
    resolution): the static hints stand.
    """
    hints = (resolved or static).overlay(override, Provenance.OVERRIDE)
    return Assessment(static, hints, grade_hints(hints), hint_changes(static, hints))
