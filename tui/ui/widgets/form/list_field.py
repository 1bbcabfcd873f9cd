"""An array of plain values: one editor row per item, with add and remove buttons."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button

from tui.model.arguments import ArgumentError
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.registry import build_field, field_class, register
from tui.ui.widgets.form.schema import MAX_FIELDSET_DEPTH, FieldSpec


class ItemRow(Horizontal):
    DEFAULT_CSS = """
    ItemRow { height: auto; }
    ItemRow > Button.remove-item { min-width: 5; width: 5; margin-left: 1; }
    """

    def __init__(self, field: FormField) -> None:
        super().__init__()
        self.field = field

    def compose(self) -> ComposeResult:
        yield self.field
        yield Button("✕", classes="remove-item", tooltip="Remove this item", compact=True)


@register
class ListField(FormField):
    PRIORITY = 15

    DEFAULT_CSS = """
    ListField {
        & > .items { height: auto; padding-left: 2; }
        & > Button.add-item { margin-left: 2; }
    }
    """

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        initial = starting_value(spec, initial)
        self._explicit_empty = initial == []
        self.rows: list[ItemRow] = [ItemRow(build_field(spec.item(), item)) for item in _items(initial)]
        self.items = Vertical(*self.rows, classes="items")

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return (
            spec.kind == "array"
            and spec.depth <= MAX_FIELDSET_DEPTH
            and isinstance(spec.schema.get("items"), dict)
            and field_class(spec.item()).SCALAR
        )

    def kind_hint(self) -> str:
        return "list"

    def compose_editor(self) -> ComposeResult:
        yield self.items
        yield Button("+ Add item", classes="add-item", compact=True)

    @on(Button.Pressed, ".add-item")
    async def _add(self, event: Button.Pressed) -> None:
        event.stop()
        row = ItemRow(build_field(self.spec.item(), OMIT))
        self.rows.append(row)
        self.report_edit()
        await self.items.mount(row)
        row.field.focus_editor()

    @on(Button.Pressed, ".remove-item")
    def _remove(self, event: Button.Pressed) -> None:
        event.stop()
        row = next((row for row in self.rows if event.button in row.children), None)
        if row is None:
            return
        self.rows.remove(row)
        self._explicit_empty = False
        row.remove()
        self.report_edit()

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        values = [row.field.collect((*path, index), problems) for index, row in enumerate(self.rows)]
        if not values and not self._explicit_empty and not self.spec.required:
            return OMIT
        return [value for value in values if value is not OMIT]

    def child_at(self, part: str | int) -> FormField | None:
        if isinstance(part, int) and 0 <= part < len(self.rows):
            return self.rows[part].field
        return None

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, list):
            raise Unfit(path, "expected a list")
        probe = build_field(self.spec.item(), OMIT)
        for index, item in enumerate(value):
            probe.check(item, (*path, index))

    def set_value(self, value: Any) -> None:
        self._explicit_empty = value == []
        for row in self.rows:
            row.remove()
        self.rows = [ItemRow(build_field(self.spec.item(), item)) for item in _items(value)]
        if self.rows:
            self.items.mount_all(self.rows)

    def show_errors(self, errors: list[tuple[Path, str]], reveal: bool = False) -> None:
        own: list[tuple[Path, str]] = []
        per_row: dict[int, list[tuple[Path, str]]] = {}
        for path, message in errors:
            if path and isinstance(path[0], int) and path[0] < len(self.rows):
                per_row.setdefault(path[0], []).append((path[1:], message))
            else:
                own.append((path, message))
        for index, row in enumerate(self.rows):
            row.field.show_errors(per_row.get(index, []), reveal)
        super().show_errors(own, reveal)


def _items(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else []
