"""A number or integer property: an Input parsed as JSON number, with its range as a hint."""

from __future__ import annotations

import math
import re
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input

from tui.model.arguments import ArgumentError
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FieldSpec

_INTEGER = re.compile(r"[+-]?\d+")


def parse_number(text: str, integer: bool) -> int | float:
    """The number in ``text``; ValueError with a message fit to show when there is none."""
    text = text.strip()
    if _INTEGER.fullmatch(text):
        return int(text)
    try:
        number = float(text)
    except ValueError:
        raise ValueError("not a whole number" if integer else "not a number") from None
    if not math.isfinite(number):
        raise ValueError("not a finite number")
    if integer:
        if not number.is_integer():
            raise ValueError("not a whole number")
        return int(number)
    return number


def _show(number: int | float) -> str:
    return str(number)


@register
class NumberField(FormField):
    PRIORITY = 20
    SCALAR = True

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        initial = starting_value(spec, initial)
        self.integer = spec.kind == "integer"
        shown = _show(initial) if _is_number(initial) else ""
        self.input = Input(value=shown, select_on_focus=False)

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return spec.kind in ("number", "integer") and "enum" not in spec.schema

    def kind_hint(self) -> str:
        schema = self.spec.schema
        parts = ["whole number" if self.spec.kind == "integer" else "number"]
        for key, sign in (
            ("minimum", "≥"),
            ("exclusiveMinimum", ">"),
            ("maximum", "≤"),
            ("exclusiveMaximum", "<"),
        ):
            if _is_number(schema.get(key)):
                parts.append(f"{sign} {schema[key]}")
        return " ".join(parts)

    def compose_editor(self) -> ComposeResult:
        yield self.input

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        problem = None
        if event.value.strip():
            try:
                parse_number(event.value, self.integer)
            except ValueError as error:
                problem = str(error)
        self.report_edit(problem)

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        text = self.input.value
        if not text.strip():
            if self.spec.in_array:
                problems.append(ArgumentError(path, "empty item: enter a number or remove it"))
            return OMIT
        try:
            return parse_number(text, self.integer)
        except ValueError as error:
            problems.append(ArgumentError(path, str(error)))
            return OMIT

    def check(self, value: Any, path: Path) -> None:
        if not _is_number(value):
            raise Unfit(path, "expected a number")
        if self.integer and not float(value).is_integer():
            raise Unfit(path, "expected a whole number")

    def set_value(self, value: Any) -> None:
        if self.integer and isinstance(value, float):
            value = int(value)
        with self.input.prevent(Input.Changed):
            self.input.value = _show(value) if _is_number(value) else ""
        self._parse_error = None


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
