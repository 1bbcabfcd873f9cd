"""The base of every form field: a label, the editor, help text and an error line.

Each subclass edits one JSON shape and knows how to read (``collect``), check (``check``) and show
(``set_value``) its own value. Server-supplied titles and descriptions are rendered literally.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label, Static

from tui.model.arguments import REQUIRED_MESSAGE, ArgumentError
from tui.ui.safe_text import literal
from tui.ui.widgets.form.schema import FieldSpec, holds_unseen_text, shown_default

Path = tuple[str | int, ...]


class _Omitted:
    """The value of an empty optional field: the key is left out of the arguments."""

    def __repr__(self) -> str:
        return "OMIT"


OMIT: Final = _Omitted()


class _Default:
    """Passed as a field's initial value: start from the schema's ``default`` (a fresh form)."""

    def __repr__(self) -> str:
        return "DEFAULT"


DEFAULT: Final = _Default()


def withholds_default(spec: FieldSpec) -> bool:
    """The schema default holds control or invisible characters, so it is not filled in.

    An editor box would draw those characters as nothing (or let them reorder the text) and send them
    as they are: what the person sees must be what is sent. The field shows the default beside it, made
    visible, and the person types what they mean."""
    return not spec.in_array and holds_unseen_text(spec.schema.get("default"))


def starting_value(spec: FieldSpec, initial: Any) -> Any:
    """``initial``, or the schema default (or OMIT) when asked for the default.

    A default that holds control or invisible characters is never filled in (``withholds_default``)."""
    if initial is DEFAULT:
        if spec.in_array or withholds_default(spec):
            return OMIT
        return spec.schema.get("default", OMIT)
    return initial


class Unfit(ValueError):
    """A value the form cannot show in its fields (the raw JSON editor can)."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


class FormField(Widget):
    """One editable value. Subclasses set ``PRIORITY`` and implement ``matches`` and the value hooks."""

    PRIORITY: ClassVar[int] = 0
    """Higher is tried first when the registry picks a class for a schema."""
    SCALAR: ClassVar[bool] = False
    """Edits one plain value in one widget (so it can be a list item)."""

    DEFAULT_CSS = """
    FormField {
        height: auto;
        margin: 0 0 1 0;
        & > .field-header { height: auto; }
        & > .field-header > .field-title { text-style: bold; }
        & > .field-header > .field-required { color: $error; margin-left: 1; }
        & > .field-header > .field-kind { color: $text-muted; margin-left: 1; }
        & > .field-help { color: $text-muted; }
        & > .field-rule { color: $text-muted; }
        & > .field-error { color: $error; display: none; }
        & > .field-error.-shown { display: block; }
        & > .field-withheld { color: $warning; }
        &.-in-array { margin: 0; width: 1fr; }
    }
    """

    class Edited(Message):
        """The person changed this field (posted after the field has re-parsed its own value)."""

        def __init__(self, field: FormField) -> None:
            super().__init__()
            self.field = field

    def __init__(self, spec: FieldSpec, initial: Any = DEFAULT) -> None:
        super().__init__(classes="-in-array" if spec.in_array else "")
        self.spec = spec
        self.touched = False
        """Edited by the person: only then is a missing required value flagged before submit."""
        self._parse_error: str | None = None
        self._errors: list[str] = []
        self._shown_error = ""
        self.error_line = Static("", classes="field-error", markup=False)
        self.withheld = initial is DEFAULT and withholds_default(spec)
        """The schema default was not filled in: it holds control or invisible characters."""

    @classmethod
    def matches(cls, spec: FieldSpec) -> bool:
        raise NotImplementedError

    # Value hooks -------------------------------------------------------------------------------
    def collect(self, path: Path, problems: list[ArgumentError]) -> Any:
        """The current value, or OMIT; a value that does not parse appends to ``problems``."""
        raise NotImplementedError

    def check(self, value: Any, path: Path) -> None:
        """Raise Unfit if ``value`` (never OMIT) cannot be shown by this field."""

    def set_value(self, value: Any) -> None:
        """Show ``value`` (OMIT clears the field) without posting Edited."""
        raise NotImplementedError

    def compose_editor(self) -> ComposeResult:
        raise NotImplementedError

    def child_at(self, part: str | int) -> FormField | None:
        """The field that edits ``part`` of this value (containers only)."""
        return None

    def focus_editor(self) -> bool:
        """Focus the first focusable widget of this field; False when there is none."""
        for widget in self.query("*"):
            if widget.focusable:
                widget.focus()
                return True
        return False

    def kind_hint(self) -> str:
        """A short muted note after the title, e.g. 'integer' or 'format: date'."""
        return ""

    def rule_line(self) -> str:
        """A rule the value must follow, too long for the label (a string's pattern); shown under the
        editor, muted."""
        return ""

    # Layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        if not self.spec.in_array:
            with Horizontal(classes="field-header"):
                yield Label(literal(self.spec.title), classes="field-title")
                if self.spec.required:
                    yield Label("required", classes="field-required")
                if hint := self.kind_hint():
                    yield Label(literal(hint), classes="field-kind")
        yield from self.compose_editor()
        if not self.spec.in_array and (rule := self.rule_line()):
            yield Static(literal(rule), classes="field-rule")
        if self.withheld:
            yield Static(literal(_withheld_note(self.spec)), classes="field-withheld")
        if self.spec.description and not self.spec.in_array:
            yield Static(literal(self.spec.description), classes="field-help")
        yield self.error_line

    # Errors ------------------------------------------------------------------------------------
    def report_edit(self, parse_error: str | None = None) -> None:
        self._parse_error = parse_error
        self.touched = True
        self._refresh_error()
        self.post_message(self.Edited(self))

    def show_errors(self, errors: list[tuple[Path, str]], reveal: bool = False) -> None:
        """Validation errors that belong to this field (paths relative to it).

        A missing required value is flagged only once the field was edited or ``reveal`` is set
        (on a submit attempt): a fresh form should not open covered in red.
        """
        self._errors = [
            f"{'.'.join(map(str, path))}: {message}" if path else message
            for path, message in errors
            if message != REQUIRED_MESSAGE or reveal or self.touched
        ]
        self._refresh_error()

    def _refresh_error(self) -> None:
        text = self._parse_error or "\n".join(self._errors)
        if text == self._shown_error:
            return  # keystrokes must stay cheap: no re-render when nothing changed
        self._shown_error = text
        self.error_line.update(literal(text) if text else Content(""))
        self.error_line.set_class(bool(text), "-shown")


def _withheld_note(spec: FieldSpec) -> str:
    shown = shown_default(spec.schema.get("default"))
    return f"Server's default not filled in, it holds control or invisible characters: {shown}"
