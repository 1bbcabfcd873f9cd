"""What a remembered approval is bound to: the tool's definition, hashed, and a readable diff of it.

The definition is the tool's name, description, inputSchema and static annotations as the server sent
them, and its display template (``_meta``, the Display Templates extension: a changed template changes what
a person is shown about a call). A change to any of them suspends approvals made for the old definition.
A tool without a template hashes as it did before templates were counted, so no approval is lost to it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def canonical_json(value: Any) -> str:
    """One spelling per value: sorted keys, no whitespace; non-JSON values fall back to their repr."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=repr)


def _norm_annotations(annotations: Mapping[str, Any] | None) -> dict[str, Any] | None:
    # An empty annotations object and a missing one say the same thing; hash them alike.
    return dict(annotations) if annotations else None


def definition_hash(
    name: str,
    description: str | None,
    input_schema: Mapping[str, Any] | None,
    annotations: Mapping[str, Any] | None,
    display_template: Any = None,
) -> str:
    """sha256 (hex) of the canonical JSON of the fields (the display template only when there is one)."""
    payload = {
        "name": name,
        "description": description or "",
        "inputSchema": dict(input_schema or {}),
        "annotations": _norm_annotations(annotations),
    }
    if display_template is not None:
        payload["displayTemplate"] = display_template
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class DefinitionSnapshot:
    """The fields an approval is bound to, kept so a later change can be explained."""

    name: str
    description: str = ""
    input_schema: dict[str, Any] = field(default_factory=dict)
    annotations: dict[str, Any] | None = None
    display_template: Any = None
    """The tool-level template as sent (any JSON value; None when there is none). Branch templates sit
    in ``input_schema``."""

    @classmethod
    def of(
        cls,
        name: str,
        description: str | None,
        input_schema: Mapping[str, Any] | None,
        annotations: Mapping[str, Any] | None,
        display_template: Any = None,
    ) -> DefinitionSnapshot:
        # A deep copy through JSON: the snapshot must not change when the caller's dicts do.
        schema = json.loads(canonical_json(dict(input_schema or {})))
        notes = _norm_annotations(annotations)
        template = json.loads(canonical_json(display_template))
        return cls(
            name, description or "", schema, json.loads(canonical_json(notes)) if notes else None, template
        )

    @classmethod
    def from_tool(cls, tool: Any) -> DefinitionSnapshot:
        """From anything shaped like ``tui.model.servers.ToolInfo``."""
        return cls.of(tool.name, tool.description, tool.input_schema, tool.annotations, tool.display_template)

    @property
    def hash(self) -> str:
        return definition_hash(
            self.name, self.description, self.input_schema, self.annotations, self.display_template
        )

    def to_json(self) -> dict[str, Any]:
        data = {
            "name": self.name,
            "description": self.description,
            "inputSchema": self.input_schema,
            "annotations": self.annotations,
        }
        if self.display_template is not None:
            data["displayTemplate"] = self.display_template
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DefinitionSnapshot:
        """Raises ValueError when a field has the wrong type."""
        name, description = data.get("name"), data.get("description", "")
        schema, annotations = data.get("inputSchema", {}), data.get("annotations")
        if not isinstance(name, str) or not isinstance(description, str):
            raise ValueError("definition: name and description must be strings")
        if not isinstance(schema, dict) or not (annotations is None or isinstance(annotations, dict)):
            raise ValueError("definition: inputSchema must be an object and annotations an object or null")
        return cls.of(name, description, schema, annotations, data.get("displayTemplate"))


def _show(value: Any) -> str:
    # A hint sent as null states nothing (the spec default applies), so it reads as one left out: "null"
    # meant nothing to the people who read it.
    return "not stated" if value is _MISSING or value is None else canonical_json(value)


_MISSING = object()


def _as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _as_set(value: Any) -> set[str]:
    return {item for item in value if isinstance(item, str)} if isinstance(value, list) else set()


def _schema_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    old_props, new_props = _as_dict(old.get("properties")), _as_dict(new.get("properties"))
    old_req, new_req = _as_set(old.get("required")), _as_set(new.get("required"))
    changes = [f"inputSchema: property '{p}' added" for p in sorted(new_props.keys() - old_props.keys())]
    changes += [f"inputSchema: property '{p}' removed" for p in sorted(old_props.keys() - new_props.keys())]
    changes += [
        f"inputSchema: property '{p}' changed"
        for p in sorted(old_props.keys() & new_props.keys())
        if canonical_json(old_props[p]) != canonical_json(new_props[p])
    ]
    changes += [f"inputSchema: '{p}' is now required" for p in sorted(new_req - old_req)]
    changes += [f"inputSchema: '{p}' is no longer required" for p in sorted(old_req - new_req)]
    changes += [
        f"inputSchema: '{key}' changed"
        for key in sorted((old.keys() | new.keys()) - {"properties", "required"})
        if canonical_json(old.get(key, _MISSING)) != canonical_json(new.get(key, _MISSING))
    ]
    return changes or ["inputSchema changed"]


def describe_changes(old: DefinitionSnapshot, new: DefinitionSnapshot) -> list[str]:
    """What changed between two definitions, one short line each; [] when they are the same."""
    changes: list[str] = []
    if old.name != new.name:
        changes.append(f"name changed: '{old.name}' -> '{new.name}'")
    if old.description != new.description:
        changes.append("description changed")
    if canonical_json(old.input_schema) != canonical_json(new.input_schema):
        changes.extend(_schema_changes(old.input_schema, new.input_schema))
    old_notes, new_notes = old.annotations or {}, new.annotations or {}
    for key in sorted(old_notes.keys() | new_notes.keys()):
        before, after = old_notes.get(key, _MISSING), new_notes.get(key, _MISSING)
        if _show(before) != _show(after):
            changes.append(f"annotations: {key} {_show(before)} -> {_show(after)}")
    if canonical_json(old.display_template) != canonical_json(new.display_template):
        before, after = (
            _MISSING if template is None else template
            for template in (old.display_template, new.display_template)
        )
        changes.append(f"display template: {_show(before)} -> {_show(after)}")
    return changes
