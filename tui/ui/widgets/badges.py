"""Annotation badges and the risk-grade chip, as Content.

Each of the four hints owns a fixed-width slot so rows in a list line up:

    RO  DEST  IDEM  OPEN

A true hint shows its label in its own colour; a false one shows the same label in lower case and muted
(so it still reads without colour). destructive and idempotent mean nothing on a read-only tool (spec):
their slots stay blank there. The provenance of each hint is a one-character marker after the label:
none when the server stated it, ``?`` (and dimmed) for a spec default, ``*`` when it was resolved for
these arguments, ``u`` for the user's own override. A tool with no annotations at all shows
``unannotated`` across the slots instead, because every value there would be an assumption.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.content import Content
from textual.widget import Widget

from tui.model.hints import Hint, Hints, Provenance
from tui.safety.grade import Grade

# label shown when true, colour; the false form is the lower-case label, muted.
BADGES: Mapping[str, tuple[str, str]] = {
    "readOnlyHint": ("RO", "#4caf50"),
    "destructiveHint": ("DEST", "#ef5350"),
    "idempotentHint": ("IDEM", "#42a5f5"),
    "openWorldHint": ("OPEN", "#ce93d8"),
}

MARKERS: Mapping[Provenance, str] = {
    Provenance.EXPLICIT: " ",
    Provenance.DEFAULT: "?",
    Provenance.RESOLVED: "*",
    Provenance.OVERRIDE: "u",
}

MUTED = "#808080"
RESOLVABLE_MARK = "⟳"
UNANNOTATED = "unannotated"

GRADE_STYLES: Mapping[Grade, str] = {
    Grade.SAFE: "bold #ffffff on #2e7d32",
    Grade.LOW: "bold #ffffff on #00838f",
    Grade.MEDIUM: "bold #000000 on #fdd835",
    Grade.HIGH: "bold #000000 on #fb8c00",
    Grade.CRITICAL: "bold #ffffff on #c62828",
}

GRADE_WIDTH = max(len(grade.label) for grade in Grade) + 2


def _slot_width(name: str) -> int:
    return len(BADGES[name][0]) + 1  # label + provenance marker


BADGES_WIDTH = sum(_slot_width(name) for name in BADGES) + len(BADGES) - 1
"""Cells taken by :func:`hint_badges` (always the same, so list columns align)."""


def badge(name: str, hint: Hint, meaningful: bool = True) -> Content:
    """One hint's badge: label + provenance marker, padded to its slot."""
    width = _slot_width(name)
    if not meaningful:
        return Content(" " * width)
    label, colour = BADGES[name]
    marker = MARKERS[hint.provenance]
    if hint.value:
        style = f"bold {colour}"
    else:
        label, style = label.lower(), MUTED
    if hint.provenance is Provenance.DEFAULT:
        style = f"dim {style}"
    elif hint.provenance is Provenance.OVERRIDE:
        style = f"italic {style}"
    elif hint.provenance is Provenance.RESOLVED:
        style = f"underline {style}"
    return Content.styled(f"{label}{marker}".ljust(width), style)


def hint_badges(hints: Hints) -> Content:
    """The four badges for ``hints`` (or ``unannotated``), always :data:`BADGES_WIDTH` cells wide."""
    if hints.unannotated:
        return Content.styled(UNANNOTATED.ljust(BADGES_WIDTH), "bold #fb8c00")
    parts = [badge(name, hint, hints.is_meaningful(name)) for name, hint in hints.items()]
    return Content(" ").join(parts)


def grade_chip(grade: Grade) -> Content:
    """The risk grade as a coloured chip of fixed width."""
    return Content.styled(f" {grade.label} ".ljust(GRADE_WIDTH), GRADE_STYLES[grade])


def resolvable_mark(resolvable: bool) -> Content:
    """A one-cell mark for tools the server can resolve per call (a draft extension)."""
    return Content.styled(RESOLVABLE_MARK, "bold #42a5f5") if resolvable else Content(" ")


def badges_row(hints: Hints, grade: Grade, resolvable: bool = False, compact: bool = False) -> Content:
    """Grade chip, the four badges and the resolvable mark: the fixed-width left part of a tool row.

    ``compact`` (narrow lists) keeps one letter per badge and a four-letter chip, so titles still fit.
    """
    if compact:
        return Content(" ").join([compact_chip(grade), compact_badges(hints), resolvable_mark(resolvable)])
    return Content(" ").join([grade_chip(grade), hint_badges(hints), resolvable_mark(resolvable)])


COMPACT_GRADE = {
    Grade.SAFE: "safe",
    Grade.LOW: "low",
    Grade.MEDIUM: "med",
    Grade.HIGH: "high",
    Grade.CRITICAL: "crit",
}
COMPACT_WIDTH = 4 * 2 + 3
"""Cells taken by :func:`compact_badges`."""


def compact_chip(grade: Grade) -> Content:
    return Content.styled(COMPACT_GRADE[grade].ljust(4), GRADE_STYLES[grade])


def compact_badges(hints: Hints) -> Content:
    """R D I O: one letter and its provenance marker per hint, with the same colours and rules."""
    if hints.unannotated:
        return Content.styled("unannotated"[:COMPACT_WIDTH].ljust(COMPACT_WIDTH), "bold #fb8c00")
    parts = []
    for name, hint in hints.items():
        full = badge(name, hint, hints.is_meaningful(name))
        letter = full.plain[:1]
        marker = MARKERS[hint.provenance] if hints.is_meaningful(name) else " "
        parts.append(Content.styled(f"{letter}{marker}", full.spans[0].style if full.spans else ""))
    return Content(" ").join(parts)


def legend() -> Content:
    """One line explaining the badges and markers."""
    parts: list[Content] = []
    for name, (label, colour) in BADGES.items():
        word = name.removesuffix("Hint")
        parts.append(Content.assemble((label, f"bold {colour}"), f" {_WORDS[word]}"))
    parts.append(Content("lower case: false"))
    parts.append(Content("blank: n/a on read-only"))
    parts.append(Content("? spec default"))
    parts.append(Content("* resolved for these arguments"))
    parts.append(Content("u your override"))
    parts.append(Content.assemble((RESOLVABLE_MARK, "bold #42a5f5"), " resolvable per call (draft)"))
    return Content(" · ").join(parts)


_WORDS: Mapping[str, str] = {
    "readOnly": "read-only",
    "destructive": "destructive",
    "idempotent": "idempotent",
    "openWorld": "open-world",
}


class HintBadges(Widget):
    """The grade chip and badges of one tool or call; call :meth:`update` when they change."""

    DEFAULT_CSS = """
    HintBadges { height: 1; width: auto; }
    """

    def __init__(
        self,
        hints: Hints | None = None,
        grade: Grade | None = None,
        resolvable: bool = False,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._hints = hints
        self._grade = grade
        self._resolvable = resolvable

    @property
    def hints(self) -> Hints | None:
        return self._hints

    @property
    def grade(self) -> Grade | None:
        return self._grade

    def update(self, hints: Hints | None, grade: Grade | None, resolvable: bool | None = None) -> None:
        """Show new hints and grade (None clears the widget)."""
        self._hints, self._grade = hints, grade
        if resolvable is not None:
            self._resolvable = resolvable
        self.refresh(layout=True)

    def render(self) -> Content:
        if self._hints is None or self._grade is None:
            return Content("")
        return badges_row(self._hints, self._grade, self._resolvable)
