"""Grades for every combination of the four hints, stated with each provenance or left to the defaults."""

from __future__ import annotations

from itertools import product

import pytest

from tui.model.hints import SPEC_DEFAULTS, Hints, Provenance
from tui.safety.effective import effective_hints, hint_changes, is_riskier
from tui.safety.grade import Grade, grade_hints

NAMES = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
STATED = (True, False, None)  # None: not stated
COMBOS = list(product(STATED, repeat=4))
LAYERS = (Provenance.EXPLICIT, Provenance.RESOLVED, Provenance.OVERRIDE)


def _expected(values: dict[str, bool]) -> Grade:
    """product.md's table, written out independently of grade.py."""
    if values["readOnlyHint"]:
        return Grade.LOW if values["openWorldHint"] else Grade.SAFE
    if values["destructiveHint"]:
        return Grade.CRITICAL if values["openWorldHint"] else Grade.HIGH
    return Grade.MEDIUM


def _hints_in_layer(annotations: dict[str, bool], layer: Provenance) -> Hints:
    if layer is Provenance.EXPLICIT:
        return effective_hints(annotations)
    if layer is Provenance.RESOLVED:
        return effective_hints(None, resolved=annotations)
    return effective_hints(None, override=annotations)


@pytest.mark.parametrize("layer", LAYERS, ids=[p.value for p in LAYERS])
@pytest.mark.parametrize("combo", COMBOS, ids=["-".join(str(v)[0] for v in c) for c in COMBOS])
def test_every_combination_grades_by_the_table_with_provenance(
    combo: tuple[bool | None, ...], layer: Provenance
) -> None:
    annotations = {name: value for name, value in zip(NAMES, combo, strict=True) if value is not None}
    hints = _hints_in_layer(annotations, layer)
    result = grade_hints(hints)

    def prov(name: str) -> Provenance:
        return layer if name in annotations else Provenance.DEFAULT

    if not annotations:
        # No hints at all: critical by default, said plainly and never attributed to the server.
        assert result.grade is Grade.CRITICAL
        assert result.reasons[0].text == "unannotated: assumed destructive and open-world"
        assert {r.provenance for r in result.reasons} == {Provenance.DEFAULT}
        return

    values = {name: annotations.get(name, SPEC_DEFAULTS[name]) for name in NAMES}
    assert result.grade is _expected(values)
    for name in NAMES:
        assert hints.get(name).provenance is prov(name)
    reasons = result.reasons
    assert reasons[0].provenance is prov("readOnlyHint")
    if values["readOnlyHint"]:
        assert len(reasons) == 2  # destructive and idempotent mean nothing on a read
        assert reasons[1].provenance is prov("openWorldHint")
        return
    assert reasons[1].provenance is prov("destructiveHint")
    assert ("destructive" in reasons[1].text) is values["destructiveHint"]
    assert reasons[2].provenance is prov("openWorldHint")
    twice = [r for r in reasons if "twice" in r.text]
    assert len(twice) == (0 if values["idempotentHint"] else 1)
    if twice:
        assert twice[0].provenance is prov("idempotentHint")
        assert result.grade is _expected(values)  # idempotency adds a reason, never a grade


def test_reasons_name_their_source_in_words() -> None:
    said = {
        Provenance.EXPLICIT: "the server says)",
        Provenance.RESOLVED: "the server says for these arguments)",
        Provenance.OVERRIDE: "your override says)",
    }
    for layer, words in said.items():
        result = grade_hints(_hints_in_layer({"readOnlyHint": True, "openWorldHint": False}, layer))
        assert all(r.text.endswith(words) for r in result.reasons), result.reasons
    partial = grade_hints(effective_hints({"readOnlyHint": False}))
    assert "not stated, spec default" in partial.reasons[1].text


def test_layers_stack_static_then_resolved_then_override() -> None:
    static = {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}
    resolved = {"destructiveHint": True}
    override = {"openWorldHint": True}
    hints = effective_hints(static, resolved, override)
    assert [(n, h.value, h.provenance) for n, h in hints.items()] == [
        ("readOnlyHint", False, Provenance.EXPLICIT),
        ("destructiveHint", True, Provenance.RESOLVED),
        ("idempotentHint", False, Provenance.DEFAULT),
        ("openWorldHint", True, Provenance.OVERRIDE),
    ]
    assert grade_hints(hints).grade is Grade.CRITICAL
    # The override beats a resolved value for the same hint.
    both = effective_hints(static, {"readOnlyHint": True}, {"readOnlyHint": False})
    assert both.read_only.provenance is Provenance.OVERRIDE
    assert both.read_only.value is False


def test_resolution_can_lower_the_grade_too() -> None:
    static = effective_hints({"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False})
    resolved = effective_hints(
        {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}, {"readOnlyHint": True}
    )
    assert grade_hints(static).grade is Grade.HIGH
    assert grade_hints(resolved).grade is Grade.SAFE
    assert is_riskier(static, resolved)
    assert not is_riskier(resolved, static)
    assert is_riskier(grade_hints(static), Grade.SAFE)
    assert not is_riskier(Grade.HIGH, grade_hints(static))


def test_hint_changes_lists_only_changed_values_with_their_new_source() -> None:
    static = effective_hints({"readOnlyHint": False, "destructiveHint": True})
    effective = effective_hints(
        {"readOnlyHint": False, "destructiveHint": True},
        resolved={"destructiveHint": False, "readOnlyHint": False},
        override={"openWorldHint": False},
    )
    changes = hint_changes(static, effective)
    assert [(c.name, c.before.value, c.after.value, c.provenance) for c in changes] == [
        ("destructiveHint", True, False, Provenance.RESOLVED),
        ("openWorldHint", True, False, Provenance.OVERRIDE),
    ]
    assert changes[0].describe() == "destructive: yes → no (resolved)"
    assert hint_changes(static, static) == ()


def test_an_empty_resolve_or_override_leaves_an_unannotated_tool_critical() -> None:
    hints = effective_hints(None, resolved={}, override={"title": "not a hint"})
    assert hints.unannotated
    assert grade_hints(hints).grade is Grade.CRITICAL
    resolved = effective_hints({}, resolved={"readOnlyHint": True})
    assert not resolved.unannotated
    assert grade_hints(resolved).grade is Grade.LOW
