"""What changed between two snapshots of a server's tool list, risk first.

A risk change is one that should stop a server author's CI: a hint that became riskier (spec defaults
applied, so a hint that was dropped counts as its default), a higher grade, a tool that lost its
annotations, a schema that gained a property (the tool now takes more than it did). Everything else that
changed is listed after them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from tui.model.hints import HINT_NAMES, Hints, stated_hints
from tui.safety.grade import grade_hints
from tui.safety.tool_hash import canonical_json

Kind = Literal["added", "removed", "changed"]

# The riskier value of each hint: read-only is safer true, the others riskier true.
_RISKIER: Mapping[str, bool] = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": False,
    "openWorldHint": True,
}
_KIND_ORDER = {"added": 0, "removed": 1, "changed": 2}
_OTHER_FIELDS = ("title", "description", "outputSchema", "resolvable", "displayTemplates")


@dataclass(frozen=True)
class ToolChange:
    tool: str
    kind: Kind
    text: str
    risk: bool = False
    """True for a change that makes the tool riskier than the baseline said."""

    def as_json(self) -> dict[str, Any]:
        return {"tool": self.tool, "kind": self.kind, "risk": self.risk, "change": self.text}


def diff_tools(
    before: Mapping[str, Mapping[str, Any]], after: Mapping[str, Mapping[str, Any]]
) -> list[ToolChange]:
    """Every change from ``before`` to ``after`` (snapshot entries by tool name): risk changes first, then
    added, removed and changed tools, each by name."""
    changes = [ToolChange(name, "added", "new tool") for name in after.keys() - before.keys()]
    changes += [ToolChange(name, "removed", "no longer listed") for name in before.keys() - after.keys()]
    for name in before.keys() & after.keys():
        changes += _tool_changes(name, before[name], after[name])
    return sorted(changes, key=lambda c: (not c.risk, _KIND_ORDER[c.kind], c.tool))


def _annotations(entry: Mapping[str, Any]) -> Mapping[str, Any] | None:
    value = entry.get("annotations")
    return value if isinstance(value, Mapping) else None


def _tool_changes(name: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[ToolChange]:
    changes = _hint_changes(name, _annotations(old), _annotations(new))
    changes += _schema_changes(name, old.get("inputSchema"), new.get("inputSchema"))
    for field in _OTHER_FIELDS:
        if canonical_json(old.get(field)) != canonical_json(new.get(field)):
            changes.append(ToolChange(name, "changed", f"{field} changed"))
    return changes


def _hint_changes(
    name: str, old: Mapping[str, Any] | None, new: Mapping[str, Any] | None
) -> list[ToolChange]:
    changes: list[ToolChange] = []
    if stated_hints(old) and not stated_hints(new):
        changes.append(
            ToolChange(name, "changed", "lost its annotations: now assumed destructive and open-world", True)
        )
    before, after = Hints.from_annotations(old), Hints.from_annotations(new)
    for hint in HINT_NAMES:
        was, now = before.get(hint), after.get(hint)
        if was.value == now.value and was.provenance == now.provenance:
            continue
        said = f"{hint} {_said(was.value, was.provenance.value)} -> {_said(now.value, now.provenance.value)}"
        riskier = was.value != now.value and now.value == _RISKIER[hint]
        # destructive and idempotent mean nothing on a read-only tool: no risk while it stays read-only.
        if hint in ("destructiveHint", "idempotentHint") and after.read_only.value:
            riskier = False
        changes.append(ToolChange(name, "changed", said + (" (riskier)" if riskier else ""), riskier))
    old_grade, new_grade = grade_hints(before).grade, grade_hints(after).grade
    if new_grade != old_grade:
        changes.append(
            ToolChange(
                name, "changed", f"grade {old_grade.label} -> {new_grade.label}", new_grade > old_grade
            )
        )
    return changes


def _said(value: bool, provenance: str) -> str:
    return f"{str(value).lower()}{' (default)' if provenance == 'default' else ''}"


def _schema_changes(name: str, old: Any, new: Any) -> list[ToolChange]:
    old_schema = old if isinstance(old, Mapping) else {}
    new_schema = new if isinstance(new, Mapping) else {}
    if canonical_json(old_schema) == canonical_json(new_schema):
        return []
    old_props, new_props = _properties(old_schema), _properties(new_schema)
    changes = [
        ToolChange(name, "changed", f"inputSchema gained property '{key}'", True)
        for key in sorted(new_props.keys() - old_props.keys())
    ]
    changes += [
        ToolChange(name, "changed", f"inputSchema lost property '{key}'")
        for key in sorted(old_props.keys() - new_props.keys())
    ]
    changes += [
        ToolChange(name, "changed", f"inputSchema property '{key}' changed")
        for key in sorted(old_props.keys() & new_props.keys())
        if canonical_json(old_props[key]) != canonical_json(new_props[key])
    ]
    rest_old = {k: v for k, v in old_schema.items() if k != "properties"}
    rest_new = {k: v for k, v in new_schema.items() if k != "properties"}
    if canonical_json(rest_old) != canonical_json(rest_new):
        changes.append(ToolChange(name, "changed", "inputSchema changed (besides its properties)"))
    return changes


def _properties(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    value = schema.get("properties")
    return value if isinstance(value, Mapping) else {}
