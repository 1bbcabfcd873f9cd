"""A property with an ``enum`` (or ``const``) of plain values: a Select.

The Select holds the index of the choice, not the value: enum values may be unhashable or compare
equal across types (``True == 1``), and their labels come from the server so are shown literally.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.widgets import Select

from tui.model.arguments import ArgumentError
from tui.ui.safe_text import literal
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FieldSpec, is_scalar, same_json


def _titled(schema: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Branches of a titled enum (``oneOf: [{"const": .., "title": ..}]``, as elicitation sends)."""
    for key in ("oneOf", "anyOf"):
        branches = schema.get(key)
        if (
            isinstance(branches, list)
            and branches
            and all(isinstance(branch, dict) and "const" in branch for branch in branches)
        ):
            return branches
    return None


def choices_of(spec: FieldSpec) -> list[Any]:
    """The values an enum (or titled enum, or const) allows, in the schema's order."""
    if "enum" in spec.schema:
        return list(spec.schema["enum"])
    if (titled := _titled(spec.schema)) is not None:
        return [branch["const"] for branch in titled]
    return [spec.schema["const"]]


def _labels(spec: FieldSpec, choices: list[Any]) -> list[str]:
    names = spec.schema.get("enumNames")  # elicitation's legacy display names
    if isinstance(names, list) and len(names) == len(choices):
        return [str(name) for name in names]
    if (titled := _titled(spec.schema)) is not None:
        labels = [
            branch["title"] if isinstance(branch.get("title"), str) else _label(branch["const"])
            for branch in titled
        ]
    else:
        labels = [_label(choice) for choice in choices]
    # The text "42" and the number 42 would both read 42: such choices show as JSON ("42" and 42), and
    # two choices with one title show their values beside it.
    counts = Counter(labels)
    return [
        _apart(choice, label) if counts[label] > 1 else label
        for choice, label in zip(choices, labels, strict=True)
    ]


def _apart(choice: Any, label: str) -> str:
    """A label that two choices share, told apart by the choice's value written as JSON."""
    value = json.dumps(choice, ensure_ascii=False)
    return value if label == _label(choice) else f"{label} = {value}"


def _label(value: Any) -> str:
    return value if isinstance(value, str) and value else json.dumps(value, ensure_ascii=False)


@register
class EnumField(FormField):
    PRIORITY = 40
    SCALAR = True

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        self.choices = choices_of(spec)
        initial = starting_value(spec, initial)
        labels = _labels(spec, self.choices)
        self.select: Select[int] = Select(
            [(literal(label), index) for index, label in enumerate(labels)],
            prompt="(not set)" if not spec.required else "Choose…",
            value=self._index(initial),
        )
        # Select.value reads NULL until mounted; keep our own copy so collect() works at any time.
        self._chosen: int | Any = self._index(initial)

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        values = spec.schema.get("enum")
        if isinstance(values, list) and values:
            return all(is_scalar({"enum": [value]}) for value in values)
        if (titled := _titled(spec.schema)) is not None:
            return all(is_scalar({"enum": [branch["const"]]}) for branch in titled)
        return "const" in spec.schema and is_scalar({"enum": [spec.schema["const"]]})

    def _index(self, value: Any) -> int | Any:
        for index, choice in enumerate(self.choices):
            if same_json(choice, value):
                return index
        return Select.NULL

    def compose_editor(self) -> ComposeResult:
        yield self.select

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        self._chosen = event.value
        self.report_edit()

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        index = self._chosen
        if isinstance(index, int):
            return self.choices[index]
        if self.spec.in_array:
            problems.append(ArgumentError(path, "empty item: choose a value or remove it"))
        return OMIT

    def check(self, value: Any, path: Path) -> None:
        if self._index(value) is Select.NULL:
            raise Unfit(path, f"{_label(value)} is not one of the choices")

    def set_value(self, value: Any) -> None:
        self._chosen = self._index(value)
        with self.select.prevent(Select.Changed):
            self.select.value = self._chosen
