"""The snapshot diff's rules: which changes are risk changes, and that they come first."""

from __future__ import annotations

from typing import Any

import pytest

from tui.safety.tool_diff import diff_tools

SCHEMA = {"type": "object", "properties": {"path": {"type": "string"}}}


def tool(
    annotations: dict[str, Any] | None, schema: dict[str, Any] | None = None, **more: Any
) -> dict[str, Any]:
    return {"annotations": annotations, "inputSchema": schema or SCHEMA, **more}


def risks(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return [change.text for change in diff_tools({"t": before}, {"t": after}) if change.risk]


@pytest.mark.parametrize(
    ("before", "after", "risky"),
    [
        ({"readOnlyHint": True}, {"readOnlyHint": False}, "readOnlyHint true -> false (riskier)"),
        ({"destructiveHint": False}, {"destructiveHint": True}, "destructiveHint false -> true (riskier)"),
        ({"idempotentHint": True}, {}, "idempotentHint true -> false (default) (riskier)"),
        ({"openWorldHint": False}, {"openWorldHint": True}, "openWorldHint false -> true (riskier)"),
        ({"readOnlyHint": False, "destructiveHint": False}, None, "lost its annotations"),
        ({"readOnlyHint": True, "openWorldHint": False}, {"readOnlyHint": True}, "grade safe -> low"),
    ],
)
def test_a_riskier_hint_or_lost_annotations_is_a_risk_change(
    before: dict[str, Any], after: dict[str, Any] | None, risky: str
) -> None:
    assert any(text.startswith(risky) for text in risks(tool(before), tool(after)))


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ({"readOnlyHint": False}, {"readOnlyHint": True}),
        ({"destructiveHint": True}, {"destructiveHint": False}),
        ({"openWorldHint": True}, {"openWorldHint": False}),
        # destructive means nothing on a read-only tool: saying so is no risk.
        ({"readOnlyHint": True, "destructiveHint": False}, {"readOnlyHint": True, "destructiveHint": True}),
        # destructive by default, then destructive by statement: the same value.
        (None, {"destructiveHint": True}),
    ],
)
def test_a_safer_or_equal_hint_is_listed_but_not_a_risk(
    before: dict[str, Any] | None, after: dict[str, Any]
) -> None:
    changes = diff_tools({"t": tool(before)}, {"t": tool(after)})
    assert changes
    assert not any(change.risk for change in changes)


def test_a_schema_that_gained_a_property_is_a_risk_and_one_that_lost_one_is_not() -> None:
    wider = {"type": "object", "properties": {"path": {"type": "string"}, "force": {"type": "boolean"}}}
    assert risks(tool({}, SCHEMA), tool({}, wider)) == ["inputSchema gained property 'force'"]
    assert risks(tool({}, wider), tool({}, SCHEMA)) == []
    assert [c.text for c in diff_tools({"t": tool({}, wider)}, {"t": tool({}, SCHEMA)})] == [
        "inputSchema lost property 'force'"
    ]


def test_risk_changes_come_first_then_added_removed_and_changed_by_name() -> None:
    before = {
        "a_gone": tool({}),
        "b_renamed": tool({}, description="old"),
        "z_worse": tool({"readOnlyHint": True}),
    }
    after = {
        "a_new": tool({}),
        "b_renamed": tool({}, description="new"),
        "z_worse": tool({"readOnlyHint": False}),
    }
    changes = diff_tools(before, after)
    assert [(c.tool, c.kind, c.risk) for c in changes][:2] == [("z_worse", "changed", True)] * 2
    rest = [(c.tool, c.kind) for c in changes if not c.risk]
    assert rest[:3] == [("a_new", "added"), ("a_gone", "removed"), ("b_renamed", "changed")]


def test_the_same_tools_have_no_changes() -> None:
    tools = {"t": tool({"readOnlyHint": True}, displayTemplates={"x": 1})}
    assert diff_tools(tools, {"t": tool({"readOnlyHint": True}, displayTemplates={"x": 1})}) == []
    assert [c.text for c in diff_tools(tools, {"t": tool({"readOnlyHint": True})})] == [
        "displayTemplates changed"
    ]
