"""Badges: one per hint, provenance markers, the read-only rule, unannotated, grade chips."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content

from tui.model.hints import Hints, Provenance
from tui.safety.grade import Grade, grade_hints
from tui.ui.widgets.badges import (
    BADGES_WIDTH,
    GRADE_STYLES,
    HintBadges,
    badges_row,
    grade_chip,
    hint_badges,
    legend,
)


def _styles_at(content: Content, text: str) -> list[str]:
    start = content.plain.index(text)
    return [str(span.style) for span in content.spans if span.start <= start < span.end]


def test_stated_hints_show_solid_labels_without_markers() -> None:
    hints = Hints.from_annotations(
        {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False}
    )
    content = hint_badges(hints)
    assert content.plain.split() == ["ro", "DEST", "IDEM", "open"]
    assert not any("dim" in style for style in _styles_at(content, "DEST"))
    assert "?" not in content.plain


def test_defaults_are_dim_with_a_question_mark() -> None:
    hints = Hints.from_annotations({"readOnlyHint": False})
    content = hint_badges(hints)
    # readOnly stated false; the rest are spec defaults: destructive true, idempotent false, open true.
    assert content.plain.split() == ["ro", "DEST?", "idem?", "OPEN?"]
    assert any("dim" in style for style in _styles_at(content, "DEST?"))
    assert not any("dim" in style for style in _styles_at(content, "ro"))


def test_resolved_and_override_markers() -> None:
    base = Hints.from_annotations({"readOnlyHint": False, "destructiveHint": False})
    resolved = base.overlay({"destructiveHint": True}, Provenance.RESOLVED)
    overridden = resolved.overlay({"openWorldHint": False}, Provenance.OVERRIDE)
    assert overridden.items()[1][1].provenance is Provenance.RESOLVED
    words = hint_badges(overridden).plain.split()
    assert words == ["ro", "DEST*", "idem?", "openu"]


def test_destructive_and_idempotent_are_blank_on_read_only_tools() -> None:
    hints = Hints.from_annotations({"readOnlyHint": True, "destructiveHint": True, "idempotentHint": True})
    content = hint_badges(hints)
    assert content.plain.split() == ["RO", "OPEN?"]
    assert "DEST" not in content.plain
    assert "IDEM" not in content.plain
    assert content.cell_length == BADGES_WIDTH


def test_unannotated_is_plainly_marked() -> None:
    for given in (None, {}, {"title": "only a title"}):
        content = hint_badges(Hints.from_annotations(given))
        assert content.plain.strip() == "unannotated"
        assert content.cell_length == BADGES_WIDTH


def test_every_badge_has_its_own_colour() -> None:
    hints = Hints.from_annotations(
        {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": True}
    )
    content = hint_badges(hints)
    colours = {label: _styles_at(content, label)[0] for label in ("DEST", "IDEM", "OPEN")}
    ro = hint_badges(Hints.from_annotations({"readOnlyHint": True}))
    colours["RO"] = _styles_at(ro, "RO")[0]
    assert len(set(colours.values())) == 4


def test_grade_chips_are_distinct_and_aligned() -> None:
    chips = [grade_chip(grade) for grade in Grade]
    assert [chip.plain.strip() for chip in chips] == ["safe", "low", "medium", "high", "critical"]
    assert len({chip.cell_length for chip in chips}) == 1
    assert len(set(GRADE_STYLES.values())) == len(Grade)
    assert "#c62828" in GRADE_STYLES[Grade.CRITICAL]
    assert "#2e7d32" in GRADE_STYLES[Grade.SAFE]


def test_row_has_resolvable_mark_only_when_resolvable() -> None:
    hints = Hints.from_annotations({"readOnlyHint": True, "openWorldHint": False})
    grade = grade_hints(hints).grade
    assert grade is Grade.SAFE
    assert badges_row(hints, grade, True).plain.rstrip().endswith("⟳")
    assert "⟳" not in badges_row(hints, grade, False).plain


def test_legend_explains_every_marker() -> None:
    text = legend().plain
    for part in (
        "read-only",
        "destructive",
        "idempotent",
        "open-world",
        "? spec default",
        "* resolved",
        "u your",
    ):
        assert part in text
    assert "draft" in text


class _BadgeApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HintBadges()


async def test_hint_badges_widget_updates() -> None:
    app = _BadgeApp()
    async with app.run_test(size=(60, 3)) as pilot:
        widget = app.query_one(HintBadges)
        assert widget.render().plain == ""
        hints = Hints.from_annotations({"readOnlyHint": False, "destructiveHint": False})
        widget.update(hints, grade_hints(hints).grade)
        await pilot.pause()
        assert "medium" in widget.render().plain
        assert widget.grade is Grade.MEDIUM
        assert widget.hints == hints
        widget.update(None, None)
        assert widget.render().plain == ""


def test_compact_badges_keep_colour_provenance_and_the_read_only_rule() -> None:
    from tui.ui.widgets.badges import COMPACT_WIDTH, compact_badges

    hints = Hints.from_annotations({"readOnlyHint": True}).overlay(
        {"openWorldHint": False}, Provenance.RESOLVED
    )
    row = compact_badges(hints)
    # read-only (stated), destructive and idempotent blank on a read-only tool, closed world (resolved)
    assert row.plain == "R " + " " + "  " + " " + "  " + " " + "o*"
    assert len(row.plain) == COMPACT_WIDTH
    writes = compact_badges(Hints.from_annotations({"destructiveHint": False}))
    # only destructive stated (false); the rest are spec defaults, open world among them
    assert writes.plain == "r? d  i? O?"
    assert compact_badges(Hints.from_annotations(None)).plain == "unannotated"
