"""A boolean property: a Switch, plus a "not set" state so an optional flag can be left out."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Label, Switch

from tui.model.arguments import ArgumentError
from tui.ui.widgets.form.base import DEFAULT, OMIT, FormField, Path, Unfit, starting_value
from tui.ui.widgets.form.registry import register
from tui.ui.widgets.form.schema import FieldSpec


@register
class BoolField(FormField):
    PRIORITY = 30
    SCALAR = True

    DEFAULT_CSS = """
    BoolField {
        & .bool-row { height: auto; }
        & .bool-state { padding: 1 0 0 1; color: $text-muted; }
        & .bool-state.-set { color: $text; }
    }
    """

    BINDINGS = [Binding("delete,backspace", "unset", "Leave out", show=False, id="form-bool-unset")]

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(spec, initial)
        initial = starting_value(spec, initial)
        self.state: bool | None = initial if isinstance(initial, bool) else None
        self.switch = Switch(value=bool(self.state))
        self.state_label = Label("", classes="bool-state")

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        return spec.kind == "boolean"

    def compose_editor(self) -> ComposeResult:
        with Horizontal(classes="bool-row"):
            yield self.switch
            yield self.state_label

    def on_mount(self) -> None:
        self._show_state()

    def _show_state(self) -> None:
        if self.state is None:
            text = "not set: toggle to send a value" if not self.spec.required else "not set"
        else:
            text = "true" if self.state else "false"
            if not self.spec.required and not self.spec.in_array:
                text += " (Delete leaves it out)"
        self.state_label.update(text)
        self.state_label.set_class(self.state is not None, "-set")

    @on(Switch.Changed)
    def _changed(self, event: Switch.Changed) -> None:
        event.stop()
        self.state = event.value
        self._show_state()
        self.report_edit()

    def action_unset(self) -> None:
        if self.state is None:
            return
        self.set_value(OMIT)
        self.report_edit()

    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        if self.state is None:
            if self.spec.in_array:
                return False
            return OMIT
        return self.state

    def check(self, value: Any, path: Path) -> None:
        if not isinstance(value, bool):
            raise Unfit(path, "expected true or false")

    def set_value(self, value: Any) -> None:
        self.state = value if isinstance(value, bool) else None
        with self.switch.prevent(Switch.Changed):
            self.switch.value = bool(self.state)
        if self.is_mounted:
            self._show_state()
