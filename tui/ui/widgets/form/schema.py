"""Plain helpers that read a JSON Schema the way the argument form needs it (no Textual here).

Servers send schemas from many generators (pydantic, zod, hand-written), in draft-07 or 2020-12.
These helpers resolve local ``$ref``s, unwrap the pydantic ``Optional[X]`` shape
(``anyOf: [X, {"type": "null"}]``), and describe each property as a ``FieldSpec``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tui.safety.visible_text import visible, visible_line

MAX_FIELDSET_DEPTH = 2
"""Objects nested deeper than this (1 = a top-level property) are edited as JSON."""

MAX_FORM_FIELDS = 100
"""A schema with more fields than this is edited as JSON: building thousands of widgets takes seconds
per hundred and freezes the screen (a hostile or generated schema can name any number)."""

SCALAR_TYPES = frozenset({"string", "number", "integer", "boolean"})

FORMAT_PLACEHOLDERS = {
    "date": "YYYY-MM-DD",
    "date-time": "YYYY-MM-DDThh:mm:ssZ",
    "time": "hh:mm:ss",
    "email": "name@example.com",
    "uri": "https://example.com/path",
    "uri-reference": "/path or https://…",
    "uuid": "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "hostname": "example.com",
}


def resolve(schema: Any, root: dict[str, Any], seen: frozenset[str] = frozenset()) -> dict[str, Any]:
    """``schema`` with a local ``$ref`` (``#/$defs/..``, ``#/definitions/..``) replaced by its target.

    Sibling keywords next to the ``$ref`` (2020-12 allows them; pydantic puts ``description`` there)
    win over the target's. A cycle or an unresolvable ref yields ``{}`` (edited as JSON).
    """
    if not isinstance(schema, dict):
        return {}
    ref = schema.get("$ref")
    if not isinstance(ref, str):
        return schema
    if ref in seen or not ref.startswith("#/"):
        return {}
    target: Any = root
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(target, dict) or part not in target:
            return {}
        target = target[part]
    merged = dict(resolve(target, root, seen | {ref}))
    merged.update({key: value for key, value in schema.items() if key != "$ref"})
    return merged


def unwrap_nullable(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """``anyOf``/``oneOf`` of exactly one schema and ``{"type": "null"}`` -> that schema.

    An empty optional field is omitted anyway, so "or null" needs no widget of its own.
    """
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if not isinstance(branches, list) or len(branches) != 2:
            continue
        resolved = [resolve(branch, root) for branch in branches]
        others = [branch for branch in resolved if branch.get("type") != "null"]
        if len(others) == 1:
            merged = dict(others[0])
            merged.update({k: v for k, v in schema.items() if k != key})
            return merged
    kind = schema.get("type")
    if isinstance(kind, list):
        non_null = [name for name in kind if name != "null"]
        if len(non_null) == 1 and len(kind) == 2:
            return {**schema, "type": non_null[0]}
    return schema


def normalize(schema: Any, root: dict[str, Any]) -> dict[str, Any]:
    return unwrap_nullable(resolve(schema, root), root)


def type_of(schema: dict[str, Any]) -> str | None:
    """The single JSON type a schema declares, inferred from its keywords when ``type`` is missing."""
    kind = schema.get("type")
    if isinstance(kind, str):
        return kind
    if kind is None:
        if "properties" in schema:
            return "object"
        if "items" in schema:
            return "array"
    return None


@dataclass(frozen=True)
class FieldSpec:
    """One value to edit: where it sits, what schema governs it, and how it is labelled."""

    name: str
    """Property name ('' for the root and for array items)."""
    schema: dict[str, Any]
    """Already resolved and unwrapped."""
    root: dict[str, Any]
    """The whole inputSchema, for resolving ``$ref``s further down."""
    required: bool = False
    depth: int = 1
    """1 for a top-level property, 0 for the root object."""
    in_array: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def title(self) -> str:
        title = self.schema.get("title")
        return title if isinstance(title, str) and title.strip() else self.name

    @property
    def description(self) -> str:
        description = self.schema.get("description")
        return description if isinstance(description, str) else ""

    @property
    def kind(self) -> str | None:
        return type_of(self.schema)

    def child(self, name: str, schema: Any, required: bool) -> FieldSpec:
        return FieldSpec(name, normalize(schema, self.root), self.root, required, self.depth + 1)

    def item(self) -> FieldSpec:
        items = self.schema.get("items")
        return FieldSpec(
            "",
            normalize(items if items is not None else {}, self.root),
            self.root,
            True,
            self.depth + 1,
            in_array=True,
        )

    def properties(self) -> list[FieldSpec]:
        props = self.schema.get("properties")
        if not isinstance(props, dict):
            return []
        required = self.schema.get("required")
        names = set(required) if isinstance(required, list) else set()
        return [self.child(name, sub, name in names) for name, sub in props.items()]


def root_spec(schema: dict[str, Any] | None) -> FieldSpec:
    schema = schema or {}
    return FieldSpec("", normalize(schema, schema), schema, required=True, depth=0)


def is_scalar(schema: dict[str, Any]) -> bool:
    return type_of(schema) in SCALAR_TYPES or (
        isinstance(schema.get("enum"), list) and all(_is_scalar_value(v) for v in schema["enum"])
    )


def _is_scalar_value(value: Any) -> bool:
    return isinstance(value, str | int | float | bool) or value is None


def same_json(a: Any, b: Any) -> bool:
    """JSON equality: unlike ``==``, ``True`` is not ``1`` and ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) and (isinstance(a, int | float) == isinstance(b, int | float))


def holds_unseen_text(value: Any) -> bool:
    """Whether a JSON value holds a string (or key) with control or invisible characters in it.

    Such text would not show as it is in an editor box: escapes draw as nothing, a zero-width space is
    unseen, a bidi override reorders what follows."""
    if isinstance(value, str):
        return visible(value) != value
    if isinstance(value, list):
        return any(holds_unseen_text(item) for item in value)
    if isinstance(value, dict):
        return any(holds_unseen_text(key) or holds_unseen_text(item) for key, item in value.items())
    return False


SHOWN_DEFAULT_LIMIT = 300


def shown_default(value: Any) -> str:
    """A default on one line with every control and invisible character visible, cut to a few lines."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    shown = visible_line(text)
    if len(shown) > SHOWN_DEFAULT_LIMIT:
        shown = shown[: SHOWN_DEFAULT_LIMIT - 1] + "…"
    return f'"{shown}"' if isinstance(value, str) else shown


def field_count(schema: dict[str, Any]) -> int:
    """How many fields the form would build for ``schema`` (its properties and those of the objects
    among them shown as fieldsets), counted up to just past ``MAX_FORM_FIELDS``."""
    return _count(root_spec(schema), 0)


def _count(spec: FieldSpec, counted: int) -> int:
    props = spec.schema.get("properties")
    if not isinstance(props, dict) or spec.depth > MAX_FIELDSET_DEPTH:
        return counted
    if counted + len(props) > MAX_FORM_FIELDS:
        return counted + len(props)  # too many already: no need to resolve each one
    for child in spec.properties():
        counted = _count(child, counted + 1) if type_of(child.schema) == "object" else counted + 1
        if counted > MAX_FORM_FIELDS:
            break
    return counted
