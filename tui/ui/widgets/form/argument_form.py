"""The argument form for a tool's ``inputSchema`` (also used for elicitation's ``requestedSchema``).

Fields come from the registry (one class per JSON shape). A raw JSON mode (ctrl+j) edits the same
value as text and round-trips with the form. Every edit posts ``ArgumentForm.Changed`` with the
arguments as they would be sent (or None when a field does not parse), so an edit only re-reads values,
never rebuilds.

The form finds what does not parse; the schema's errors come from the session. A form given ``check``
(a session ``ArgumentChecker``'s) asks it at each edit; the call panel's form has none: the session
validates its edits once, with the preflight, and the panel hands the errors back (``show_errors``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Static, TextArea

from tui.model.arguments import REQUIRED_MESSAGE, ArgumentError
from tui.ui.safe_text import literal
from tui.ui.widgets.form.base import DEFAULT, FormField, Path, Unfit
from tui.ui.widgets.form.json_editor import JsonEditor
from tui.ui.widgets.form.json_field import dump, json_problem
from tui.ui.widgets.form.object_field import ObjectField
from tui.ui.widgets.form.registry import build_field
from tui.ui.widgets.form.schema import MAX_FORM_FIELDS, field_count, root_spec
from tui.ui.widgets.keep_in_view import keep_in_view

TOO_WIDE_NOTICE = f"More than {MAX_FORM_FIELDS} fields, too many for the form: edit the arguments as JSON."

Check = Callable[
    [Any, Sequence[ArgumentError], Callable[[Path], "dict[str, Any] | None"]], Sequence[ArgumentError]
]
"""The session's check of a value: its parse problems and the schema's errors, placed by field."""


class ArgumentsInvalid(ValueError):
    """``ArgumentForm.value()`` was asked while a field (or the raw JSON) does not parse."""

    def __init__(self, errors: list[ArgumentError]) -> None:
        super().__init__("; ".join(f"{e.field or 'arguments'}: {e.message}" for e in errors))
        self.errors = errors


class ArgumentForm(Vertical):
    """Edit a JSON object described by ``schema``; ``initial`` (exact) or the schema defaults."""

    DEFAULT_CSS = """
    ArgumentForm {
        height: auto;
        & > .form-bar { dock: top; height: auto; margin-bottom: 1; }
        & > .form-bar > .form-notice { width: 1fr; color: $warning; }
        & > .form-bar > #toggle-json { dock: right; }
        & > #raw-json { height: auto; min-height: 6; max-height: 30; display: none; }
        & > .raw-error { color: $error; display: none; }
        &.-raw > #raw-json { display: block; }
        &.-raw > .raw-error.-shown { display: block; }
        &.-raw > ObjectField { display: none; }
    }
    """

    BINDINGS = [Binding("ctrl+j", "toggle_json", "Form / JSON", id="form-toggle-json")]

    class Changed(Message):
        """Posted on every edit, in either mode."""

        def __init__(
            self,
            form: ArgumentForm,
            arguments: dict[str, Any] | None,
            errors: list[ArgumentError],
            value: Any = None,
        ) -> None:
            super().__init__()
            self.form = form
            self.arguments = arguments
            """What would be sent; None when some field (or the raw JSON) does not parse."""
            self.errors = errors
            """Parse errors, then (for a form with a ``check``) schema errors; [] when all is well."""
            self.value = arguments if value is None else value
            """What the fields hold, parsed or not (the session validates it for a form without check)."""

        @property
        def control(self) -> ArgumentForm:
            return self.form

    def __init__(
        self,
        schema: dict[str, Any] | None,
        initial: dict[str, Any] | None = None,
        *,
        empty_text: str | None = None,
        check: Check | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``empty_text``: what the form says when the schema has no fields (default: a tool's words).

        ``check``: the session's check of the value at each edit; without it the form shows the errors it
        is given (``show_errors``) besides what does not parse."""
        super().__init__(id=id, classes=classes)
        self.schema: dict[str, Any] = schema or {}
        self._check = check
        self._given: tuple[ArgumentError, ...] = ()
        """Without ``check``: the errors last given, shown until the next ones."""
        self.too_wide = field_count(self.schema) > MAX_FORM_FIELDS
        """Too many fields to build: the form stays in its JSON mode."""
        # A too-wide form builds no fields (an empty root), only the JSON editor.
        root = root_spec(None if self.too_wide else self.schema)
        self.root: FormField = build_field(root, DEFAULT if initial is None or self.too_wide else initial)
        if empty_text is not None and isinstance(self.root, ObjectField):
            self.root.empty_text = empty_text
        self.raw = JsonEditor("", id="raw-json", soft_wrap=True, tab_behavior="focus", show_line_numbers=True)
        self.raw_error = Static("", classes="raw-error")
        self.notice = Static("", classes="form-notice")
        self.raw_mode = False
        self._reveal = False
        self._pending_raw: str | None = None
        if self.too_wide:
            self._pending_raw = dump(initial if initial is not None else _top_level_defaults(self.schema))
            self._notice(TOO_WIDE_NOTICE)
        elif initial is not None:
            try:
                self.root.check(initial, ())
            except Unfit as unfit:
                self._pending_raw = dump(initial)
                self._notice(_unfit_text(unfit))

    def compose(self) -> ComposeResult:
        yield self.root
        yield self.raw
        yield self.raw_error
        # Composed last so Tab reaches the fields first; docked so it still shows on top.
        with Horizontal(classes="form-bar"):
            yield self.notice
            if not self.too_wide:
                tooltip = "Switch form / JSON (ctrl+j)"
                yield Button("Raw JSON", id="toggle-json", compact=True, tooltip=tooltip)

    def on_mount(self) -> None:
        if self._pending_raw is not None:
            self._enter_raw(self._pending_raw)
        self._edited()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # After Textual's own scroll to the focused widget: the field's label comes into view with it.
        focused = event.widget
        field = next((w for w in focused.ancestors_with_self if isinstance(w, FormField)), None)
        self.call_after_refresh(keep_in_view, field or focused, focused)

    # Public API --------------------------------------------------------------------------------
    def collect(self) -> tuple[Any, list[ArgumentError]]:
        """What the fields (or the raw JSON) hold, and what of it does not parse (None for unparsed JSON)."""
        if self.raw_mode:
            text = self.raw.text
            problem = json_problem(text) if text.strip() else None
            if problem:
                return None, [ArgumentError((), problem)]
            return (json.loads(text) if text.strip() else {}), []
        problems: list[ArgumentError] = []
        return self.root.collect((), problems), problems

    def current(self) -> tuple[dict[str, Any] | None, list[ArgumentError]]:
        """The arguments (None if something does not parse) and every problem, parse errors first."""
        value, problems = self.collect()
        arguments = value if isinstance(value, dict) and not problems else None
        if self._check is None:
            return arguments, [*problems, *(e for e in self._given if e not in problems)]
        return arguments, list(self._check(value, problems, self.field_schema))

    def value(self) -> dict[str, Any]:
        """The arguments as they would be sent. Raises ArgumentsInvalid if something does not parse.

        Schema validation errors do not raise: check ``current()`` or ``Changed.errors`` for those.
        """
        arguments, errors = self.current()
        if arguments is None:
            raise ArgumentsInvalid([e for e in errors if e.message != REQUIRED_MESSAGE] or errors)
        return arguments

    def set_value(self, arguments: dict[str, Any]) -> None:
        """Show ``arguments``; a value the fields cannot show opens the raw JSON editor instead."""
        if self.raw_mode or self.too_wide:
            self._enter_raw(dump(arguments))
        else:
            try:
                self.root.check(arguments, ())
            except Unfit as unfit:
                self._notice(_unfit_text(unfit))
                self._enter_raw(dump(arguments))
            else:
                self.root.set_value(arguments)
        self._edited()

    def reveal_errors(self) -> list[ArgumentError]:
        """Flag every problem, missing required values included (call on a submit attempt)."""
        self._reveal = True
        if self._check is None:
            self._show(self._given)  # the session's errors for these arguments, revealed
        return self._edited()

    def action_toggle_json(self) -> None:
        if self.too_wide:
            self._notice(TOO_WIDE_NOTICE)
        elif self.raw_mode:
            self._leave_raw()
        else:
            arguments, _ = self.current()
            if arguments is None:
                self._notice("Fix the fields marked below before switching to JSON.")
                self._reveal = True
                self._edited()
                return
            self._enter_raw(dump(arguments))

    # Mode switching ----------------------------------------------------------------------------
    def _enter_raw(self, text: str) -> None:
        self.raw_mode = True
        self.add_class("-raw")
        with self.raw.prevent(TextArea.Changed):
            self.raw.load_text(text)
        for button in self.query("#toggle-json").results(Button):
            button.label = "Form"
        self.raw.focus()

    def _leave_raw(self) -> None:
        text = self.raw.text
        problem = json_problem(text) if text.strip() else None
        value = json.loads(text) if text.strip() and problem is None else {}
        if problem is None and not isinstance(value, dict):
            problem = "the arguments must be a JSON object ({...})"
        if problem is None:
            try:
                self.root.check(value, ())
            except Unfit as unfit:
                problem = _unfit_text(unfit)
        if problem:
            # Stay in raw mode: the person's text is kept exactly as typed.
            self._notice(problem)
            return
        self._notice("")
        self.raw_mode = False
        self.remove_class("-raw")
        self.root.set_value(value)
        self.query_one("#toggle-json", Button).label = "Raw JSON"
        self._edited()
        self.call_after_refresh(self._focus_first_field)

    def _focus_first_field(self) -> None:
        self.root.focus_editor()

    def focus_first_field(self) -> None:
        """Put the cursor in the first field (or the JSON editor), ready for typing."""
        if self.raw_mode:
            self.raw.focus()
        else:
            self._focus_first_field()

    def field_at(self, path: Path) -> FormField | None:
        """The field editing ``path`` (names and list indexes), or None."""
        field: FormField | None = self.root
        for part in path:
            field = field.child_at(part) if field is not None else None
        return field

    def _notice(self, text: str) -> None:
        self.notice.update(literal(text) if text else Content(""))

    def field_schema(self, path: Path) -> dict[str, Any] | None:
        """The schema the field at ``path`` edits when it shows an "X or null" value as plain X (it never
        sends null, so X's own errors are the useful ones); else None. None in the raw JSON editor, where
        null can be typed."""
        if self.raw_mode:
            return None
        field = self.field_at(path)
        if field is None or any(key in field.spec.schema for key in ("anyOf", "oneOf")):
            return None
        return field.spec.schema

    # Edits -------------------------------------------------------------------------------------
    @on(FormField.Edited)
    def _field_edited(self, event: FormField.Edited) -> None:
        event.stop()
        self._edited()

    @on(TextArea.Changed, "#raw-json")
    def _raw_edited(self, event: TextArea.Changed) -> None:
        event.stop()
        self._edited()

    @on(Button.Pressed, "#toggle-json")
    def _toggle_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_toggle_json()

    def _edited(self) -> list[ArgumentError]:
        value, problems = self.collect()
        arguments = value if isinstance(value, dict) and not problems else None
        if self._check is None:
            # The session validates this value and the errors come back through show_errors.
            self.post_message(self.Changed(self, arguments, problems, value))
            return [*problems, *self._given]
        errors = list(self._check(value, problems, self.field_schema))
        self._show(errors)
        self.post_message(self.Changed(self, arguments, errors, value))
        return errors

    def show_errors(self, errors: Sequence[ArgumentError]) -> None:
        """Show ``errors`` (parse problems and schema errors, from the session) under their fields."""
        self._given = tuple(errors)
        self._show(errors)

    def _show(self, errors: Sequence[ArgumentError]) -> None:
        if self.raw_mode:
            text = "\n".join(f"{e.field}: {e.message}" if e.path else e.message for e in errors)
            self.raw_error.update(literal(text) if text else Content(""))
            self.raw_error.set_class(bool(text), "-shown")
        else:
            self.root.show_errors([(error.path, error.message) for error in errors], self._reveal)


def _unfit_text(unfit: Unfit) -> str:
    where = ".".join(map(str, unfit.path)) or "arguments"
    return f"The form cannot show {where} ({unfit.reason}); edit it as JSON."


def _top_level_defaults(schema: dict[str, Any]) -> dict[str, Any]:
    """What a fresh form would fill in, for the JSON editor of a form too wide to build."""
    props = schema.get("properties")
    if not isinstance(props, dict):
        return {}
    return {name: sub["default"] for name, sub in props.items() if isinstance(sub, dict) and "default" in sub}
