"""A string property: a one-line Input; format hints become the placeholder."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input

from tui.model.arguments import ArgumentError
from tui.safety.visible_text import visible_line
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FORMAT_PLACEHOLDERS, FieldSpec, holds_unseen_text

PATTERN_SHOWN = 80
"""Characters of a ``pattern`` shown under the box: a few lines at 80 columns at most."""


@register
class TextField(FormField):
    PRIORITY = 10
    SCALAR = True

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        initial = starting_value(spec, initial)
        # An explicit "" must survive a round trip even though an empty box normally means "leave out".
        self._explicit_empty = initial == ""
        self.input = Input(
            value=initial if isinstance(initial, str) else "",
            placeholder=self._placeholder(),
            select_on_focus=False,
        )

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return spec.kind == "string" and "enum" not in spec.schema and "const" not in spec.schema

    def _placeholder(self) -> str:
        fmt = self.spec.schema.get("format")
        if isinstance(fmt, str) and fmt in FORMAT_PLACEHOLDERS:
            return FORMAT_PLACEHOLDERS[fmt]
        return '"" (empty string)' if self._explicit_empty_default() else ""

    def _explicit_empty_default(self) -> bool:
        return self.spec.schema.get("default") == ""

    def kind_hint(self) -> str:
        parts = []
        fmt = self.spec.schema.get("format")
        # Not when the words beside it say so already ("String with email format format: email").
        said = f"{self.spec.title} {self.spec.description}".lower()
        if isinstance(fmt, str) and f"{fmt.lower()} format" not in said:
            parts.append(f"format: {fmt}")
        low, high = self.spec.schema.get("minLength"), self.spec.schema.get("maxLength")
        if isinstance(low, int) and isinstance(high, int):
            parts.append(f"{low}-{high} characters")
        elif isinstance(low, int) and low > 0:
            parts.append(f"at least {low} character{'s' if low > 1 else ''}")
        elif isinstance(high, int):
            parts.append(f"at most {high} characters")
        return " · ".join(parts)

    def rule_line(self) -> str:
        """The schema's ``pattern`` on a line of its own under the box: a regex can be long, and beside
        the label it pushed the title out of sight at 80 columns. Server text: made visible, one line,
        cut to ``PATTERN_SHOWN`` characters (the Details tab's input schema has it whole)."""
        pattern = self.spec.schema.get("pattern")
        if not isinstance(pattern, str):
            return ""
        shown = visible_line(pattern)
        if len(shown) > PATTERN_SHOWN:
            shown = f"{shown[: PATTERN_SHOWN - 1]}… ({len(pattern):,} characters, in full in Details)"
        return f"must match the pattern: {shown}"

    def compose_editor(self) -> ComposeResult:
        yield self.input

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value:
            self._explicit_empty = False
        self.report_edit()

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        text = self.input.value
        if text or self._explicit_empty or self.spec.in_array:
            return text
        return OMIT

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, str):
            raise Unfit(path, "expected text")
        if holds_unseen_text(value):
            # An Input would draw them as nothing; the JSON editor writes them as visible \u escapes.
            raise Unfit(path, "it holds control or invisible characters")

    def set_value(self, value: Any) -> None:
        self._explicit_empty = value == ""
        with self.input.prevent(Input.Changed):
            self.input.value = value if isinstance(value, str) else ""
        self._parse_error = None
