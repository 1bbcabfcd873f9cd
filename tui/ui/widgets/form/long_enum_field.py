"""An enum with too many choices for a dropdown: a one-line Input, checked against the choices.

A server may list any number of choices; a Select of 100,000 options takes seconds to build and is no use
to scroll. Past ``DROPDOWN_LIMIT`` the person types the value instead (a string as it is, anything else as
JSON), the kind note says how many choices there are, and what is typed is looked up in a table built once.
"""

from __future__ import annotations

import json
from typing import Any, Final

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input

from tui.client.arguments import ArgumentError
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.enum_field import EnumField, choices_of
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FieldSpec, holds_unseen_text

DROPDOWN_LIMIT: Final = 200
"""The most choices shown as a dropdown; past it the value is typed."""

Key = tuple[str, Any]


def _key(value: Any) -> Key:
    """A table key with JSON equality: ``true`` is not ``1``, and ``1`` is ``1.0``."""
    if isinstance(value, bool):
        return ("boolean", value)
    if value is None:
        return ("null", None)
    if isinstance(value, str):
        return ("string", value)
    return ("number", value)


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _count(spec: FieldSpec) -> int:
    return len(choices_of(spec))


@register
class LongEnumField(FormField):
    PRIORITY = EnumField.PRIORITY + 1
    SCALAR = True

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        self.choices = choices_of(spec)
        self._table: dict[Key, int] = {}
        for index, choice in enumerate(self.choices):
            self._table.setdefault(_key(choice), index)
        initial = starting_value(spec, initial)
        known = initial is not OMIT and self._find(initial) is not None and not holds_unseen_text(initial)
        self.input = Input(
            value=_shown(initial) if known else "",
            placeholder=f"type one of the {len(self.choices):,} choices",
            select_on_focus=False,
        )

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return EnumField.matches(spec) and _count(spec) > DROPDOWN_LIMIT

    def kind_hint(self) -> str:
        return f"one of {len(self.choices):,} choices, too many to list: type the value"

    def _find(self, value: Any) -> int | None:
        try:
            return self._table.get(_key(value))
        except TypeError:  # an unhashable value (a list or an object) is never a plain choice
            return None

    def _parse(self, text: str) -> Any:
        """The choice ``text`` names; ValueError (fit to show) when it names none."""
        if ("string", text) in self._table:
            return text
        try:
            index = self._find(json.loads(text))
        except (ValueError, RecursionError):
            index = None
        if index is None:
            raise ValueError(f"not one of the {len(self.choices):,} choices")
        return self.choices[index]

    def compose_editor(self) -> ComposeResult:
        yield self.input

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        problem = None
        if event.value:
            try:
                self._parse(event.value)
            except ValueError as error:
                problem = str(error)
        self.report_edit(problem)

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        text = self.input.value
        if not text:
            if self.spec.in_array:
                problems.append(ArgumentError(path, "empty item: type a choice or remove it"))
            return OMIT
        try:
            return self._parse(text)
        except ValueError as error:
            problems.append(ArgumentError(path, str(error)))
            return OMIT

    def check(self, value: Any, path: Path) -> None:
        if self._find(value) is None:
            raise Unfit(path, f"{_shown(value)} is not one of the choices")
        if holds_unseen_text(value):
            # An Input would draw them as nothing; the JSON editor writes them as visible \u escapes.
            raise Unfit(path, "it holds control or invisible characters")

    def set_value(self, value: Any) -> None:
        with self.input.prevent(Input.Changed):
            self.input.value = "" if value is OMIT else _shown(value)
        self._parse_error = None
