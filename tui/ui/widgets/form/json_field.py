"""Any value the other fields cannot edit (anyOf/oneOf, deep nesting, arrays of objects): JSON text."""

from __future__ import annotations

import json
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.widgets import TextArea

from tui.model.arguments import ArgumentError
from tui.safety.visible_text import escape_hidden_in_json
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, starting_value
from tui.ui.widgets.form.json_editor import JsonEditor
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FieldSpec


def dump(value: Any) -> str:
    # Hidden or reordering characters become \u escapes: the same JSON value, but visible and editable.
    return escape_hidden_in_json(json.dumps(value, indent=2, ensure_ascii=False))


def json_problem(text: str) -> str | None:
    """Why ``text`` is not JSON, with line and column; None when it is."""
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        return f"invalid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
    return None


@register
class JsonField(FormField):
    PRIORITY = -100  # the fallback: matches every schema

    DEFAULT_CSS = """
    JsonField > TextArea { height: auto; min-height: 3; max-height: 14; }
    """

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        initial = starting_value(spec, initial)
        self.editor = JsonEditor(
            "" if initial is OMIT else dump(initial),
            soft_wrap=True,
            tab_behavior="focus",
            show_line_numbers=False,
        )

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return True

    def kind_hint(self) -> str:
        return "JSON"

    def compose_editor(self) -> ComposeResult:
        yield self.editor

    @on(TextArea.Changed)
    def _changed(self, event: TextArea.Changed) -> None:
        event.stop()
        text = self.editor.text
        self.report_edit(json_problem(text) if text.strip() else None)

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        text = self.editor.text
        if not text.strip():
            if self.spec.in_array:
                problems.append(ArgumentError(path, "empty item: enter JSON or remove it"))
            return OMIT
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            problems.append(ArgumentError(path, json_problem(text) or "invalid JSON"))
            return OMIT

    def set_value(self, value: Any) -> None:
        with self.editor.prevent(TextArea.Changed):
            self.editor.load_text("" if value is OMIT else dump(value))
        self._parse_error = None
