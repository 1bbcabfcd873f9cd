"""Risk grade of one call, derived from its effective hints, with reasons that carry provenance."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from tui.model.hints import Hint, Hints, Provenance


class Grade(IntEnum):
    SAFE = 0  # read-only, closed world
    LOW = 1  # read-only, open world
    MEDIUM = 2  # writes, not destructive
    HIGH = 3  # destructive, closed world
    CRITICAL = 4  # destructive and open world

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Grade:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            expected = "safe, low, medium, high, critical"
            raise ValueError(f"unknown risk grade {text!r}; expected one of {expected}") from None


@dataclass(frozen=True)
class Reason:
    text: str
    provenance: Provenance | None
    """Where the hint behind this reason came from; None for reasons not tied to one hint."""


@dataclass(frozen=True)
class GradeResult:
    grade: Grade
    reasons: tuple[Reason, ...]


def _said(hint: Hint) -> str:
    return {
        Provenance.EXPLICIT: "the server says",
        Provenance.DEFAULT: "not stated, spec default",
        Provenance.RESOLVED: "the server says for these arguments",
        Provenance.OVERRIDE: "your override says",
    }[hint.provenance]


def grade_hints(hints: Hints) -> GradeResult:
    if hints.unannotated:
        return GradeResult(
            Grade.CRITICAL,
            (
                Reason("unannotated: assumed destructive and open-world", Provenance.DEFAULT),
                Reason("running it twice may have twice the effect (assumed)", Provenance.DEFAULT),
            ),
        )
    reasons: list[Reason] = []
    ro, de, idem, ow = hints.read_only, hints.destructive, hints.idempotent, hints.open_world
    if ro.value:
        reasons.append(Reason(f"read-only ({_said(ro)})", ro.provenance))
        world = "reads the outside world" if ow.value else "closed world"
        reasons.append(Reason(f"{world} ({_said(ow)})", ow.provenance))
        return GradeResult(Grade.LOW if ow.value else Grade.SAFE, tuple(reasons))

    reasons.append(Reason(f"may write ({_said(ro)}: not read-only)", ro.provenance))
    if de.value:
        reasons.append(Reason(f"destructive: may delete or overwrite ({_said(de)})", de.provenance))
        grade = Grade.CRITICAL if ow.value else Grade.HIGH
    else:
        reasons.append(Reason(f"additive: does not destroy ({_said(de)})", de.provenance))
        grade = Grade.MEDIUM
    if ow.value:
        reasons.append(Reason(f"reaches the outside world ({_said(ow)})", ow.provenance))
    else:
        reasons.append(Reason(f"closed world ({_said(ow)})", ow.provenance))
    if not idem.value:
        reasons.append(Reason(f"running it twice has twice the effect ({_said(idem)})", idem.provenance))
    return GradeResult(grade, tuple(reasons))
