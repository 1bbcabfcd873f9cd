"""An object with known properties: a fieldset of child fields (the root form is one too).

Keys the schema does not name are kept, shown as a note, and sent unchanged, so a value that came
from raw JSON or history survives a round trip through the form.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Static

from tui.model.arguments import ArgumentError
from tui.ui.safe_text import literal
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.registry import build_field, register
from tui.ui.widgets.form.schema import MAX_FIELDSET_DEPTH, FieldSpec

NO_ARGUMENTS = "This tool takes no arguments."


@register
class ObjectField(FormField):
    PRIORITY = 5

    DEFAULT_CSS = """
    ObjectField {
        border: round $panel-lighten-2;
        padding: 0 1;
        & > .object-extra { color: $text-muted; display: none; }
        & > .object-extra.-shown { display: block; }
        & > .no-arguments { color: $text-muted; }
        &.-root { border: none; padding: 0; margin: 0; }
        &.-root > .field-error { margin-bottom: 1; }
    }
    """

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        self.set_class(spec.depth == 0, "-root")
        if initial is DEFAULT and spec.depth > 0 and "default" in spec.schema and not self.withheld:
            initial = starting_value(spec, initial)
        values = initial if isinstance(initial, dict) else {}
        # A fresh form starts every field from its default; a given value is shown exactly.
        self.fields: dict[str, FormField] = {
            child.name: build_field(child, DEFAULT if initial is DEFAULT else values.get(child.name, OMIT))
            for child in spec.properties()
        }
        self.extra: dict[str, Any] = {}
        self._explicit_empty = False
        self.extra_note = Static("", classes="object-extra")
        self.empty_text = NO_ARGUMENTS
        """Said at the root when there are no fields (the form names what it fills in: a tool, a prompt)."""
        self._take_extra(values)

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        if spec.depth == 0:
            # The arguments are always an object; a schema that says nothing (or {}) means "none".
            return spec.kind in ("object", None)
        return spec.kind == "object" and spec.depth <= MAX_FIELDSET_DEPTH and bool(spec.properties())

    def compose(self) -> ComposeResult:
        if self.spec.depth == 0:
            # At the root, errors that belong to no single field go on top, where they are seen first.
            yield self.error_line
            if not self.fields:
                yield Static(self.empty_text, classes="no-arguments")
            yield from self.fields.values()
            yield self.extra_note
            return
        yield from super().compose()

    def compose_editor(self) -> ComposeResult:
        yield from self.fields.values()
        yield self.extra_note

    def _take_extra(self, values: dict[str, Any]) -> None:
        self.extra = {key: value for key, value in values.items() if key not in self.fields}
        names = ", ".join(self.extra)
        self.extra_note.update(
            literal(f"Also sent, not in the schema (edit in raw JSON): {names}") if names else ""
        )
        self.extra_note.set_class(bool(names), "-shown")

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        result: dict[str, Any] = {}
        for name, field in self.fields.items():
            value = field.collect((*path, name), problems)
            if value is not OMIT:
                result[name] = value
        result.update(self.extra)
        if not result and not self._explicit_empty and self.spec.depth > 0 and not self.spec.required:
            return OMIT
        return result

    def child_at(self, part: str | int) -> FormField | None:
        return self.fields.get(part) if isinstance(part, str) else None

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, dict):
            raise Unfit(path, "expected an object")
        for name, field in self.fields.items():
            if name in value:
                field.check(value[name], (*path, name))

    def set_value(self, value: Any) -> None:
        values = value if isinstance(value, dict) else {}
        self._explicit_empty = value == {}
        for name, field in self.fields.items():
            field.set_value(values.get(name, OMIT))
        self._take_extra(values)

    def show_errors(self, errors: list[tuple[Path, str]], reveal: bool = False) -> None:
        own: list[tuple[Path, str]] = []
        per_field: dict[str, list[tuple[Path, str]]] = {}
        for path, message in errors:
            if path and isinstance(path[0], str) and path[0] in self.fields:
                per_field.setdefault(path[0], []).append((path[1:], message))
            else:
                own.append((path, message))
        for name, field in self.fields.items():
            field.show_errors(per_field.get(name, []), reveal)
        super().show_errors(own, reveal)
