"""Which field class edits which schema: each class says what it matches; the registry asks in order.

Field modules register themselves on import; ``tui.ui.widgets.form`` imports them all.
"""

from __future__ import annotations

from typing import Any, TypeVar

from tui.ui.widgets.form.base import DEFAULT, FormField
from tui.ui.widgets.form.schema import FieldSpec

_FIELD_TYPES: list[type[FormField]] = []

F = TypeVar("F", bound=type[FormField])


def register(field_type: F) -> F:
    _FIELD_TYPES.append(field_type)
    _FIELD_TYPES.sort(key=lambda cls: -cls.PRIORITY)
    return field_type


def field_class(spec: FieldSpec) -> type[FormField]:
    for field_type in _FIELD_TYPES:
        if field_type.matches(spec):
            return field_type
    raise LookupError("no form field registered for this schema (the JSON field should match all)")


def build_field(spec: FieldSpec, initial: Any = DEFAULT) -> FormField:
    return field_class(spec)(spec, initial)
