"""An enum with too many choices for a dropdown: a one-line Input, checked against the choices.

A server may list any number of choices; a Select of 100,000 options takes seconds to build and is no use
to scroll. Past ``DROPDOWN_LIMIT`` the person types the value instead (``Choices.read`` says how a text
names a choice), the kind note says how many choices there are, and what is typed is looked up in a table
built once. When a text could name two choices (the text 42 and the number 42), a note under the box says
which one is sent.
"""

from __future__ import annotations

import json
from typing import Any, Final

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Input, Static

from tui.model.arguments import ArgumentError
from tui.model.choices import Choices
from tui.ui.safe_text import literal
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.enum_field import EnumField, choices_of
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FieldSpec, holds_unseen_text

DROPDOWN_LIMIT: Final = 200
"""The most choices shown as a dropdown; past it the value is typed."""


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _count(spec: FieldSpec) -> int:
    return len(choices_of(spec))


@register
class LongEnumField(FormField):
    PRIORITY = EnumField.PRIORITY + 1
    SCALAR = True

    DEFAULT_CSS = """
    LongEnumField > .field-choice-note { color: $warning; display: none; }
    LongEnumField > .field-choice-note.-shown { display: block; }
    """

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        self.choices = Choices(choices_of(spec))
        initial = starting_value(spec, initial)
        self.input = Input(
            value=_shown(initial) if initial is not OMIT and self._problem(initial) is None else "",
            placeholder=f"type one of the {len(self.choices):,} choices",
            select_on_focus=False,
        )
        self.choice_note = Static("", classes="field-choice-note")

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return EnumField.matches(spec) and _count(spec) > DROPDOWN_LIMIT

    def kind_hint(self) -> str:
        # Short: the header is one line and is cut at 80 columns; the placeholder says to type it.
        return f"one of {len(self.choices):,} choices"

    def _parse(self, text: str) -> Any:
        """The choice ``text`` names; ValueError (fit to show) when it names none."""
        typed = self.choices.read(text)
        if typed is None:
            raise ValueError(f"not one of the {len(self.choices):,} choices")
        return self.choices.values[typed.index]

    def compose_editor(self) -> ComposeResult:
        yield self.input
        yield self.choice_note

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        problem = None
        if event.value:
            try:
                self._parse(event.value)
            except ValueError as error:
                problem = str(error)
        self._show_note(event.value)
        self.report_edit(problem)

    def _show_note(self, text: str) -> None:
        typed = self.choices.read(text) if text else None
        note = typed.note if typed is not None else ""
        if note:  # the core says which is sent; how to send the other is this form's to say
            note += " For the other, edit the arguments as JSON (ctrl+j)."
        self.choice_note.update(literal(note) if note else Content(""))
        self.choice_note.set_class(bool(note), "-shown")

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
        if (problem := self._problem(value)) is not None:
            raise Unfit(path, problem)

    def _problem(self, value: Any) -> str | None:
        """Why the box cannot show ``value`` so that it reads back as the same choice; None if it can."""
        index = self.choices.find(value)
        if index is None:
            return f"{_shown(value)} is not one of the choices"
        if holds_unseen_text(value):
            # An Input would draw them as nothing; the JSON editor writes them as visible \u escapes.
            return "it holds control or invisible characters"
        typed = self.choices.read(_shown(value))
        if typed is None or typed.index != index:
            # Typed back, the text would name another choice: the number 42 beside the text "42".
            return f"{_shown(value)} would be read as the text {json.dumps(_shown(value))}"
        return None

    def set_value(self, value: Any) -> None:
        text = "" if value is OMIT else _shown(value)
        with self.input.prevent(Input.Changed):
            self.input.value = text
        self._show_note(text)
        self._parse_error = None
