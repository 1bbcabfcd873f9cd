"""A host app and real-world schemas for the argument form tests (this file holds no tests)."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.content import Content
from textual.widget import Widget

from tui.session.argument_check import ArgumentChecker
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.form.base import FormField

# The reference filesystem server's write_file (zod -> JSON Schema, draft-07).
WRITE_FILE: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
        "path": {"type": "string"},
        "content": {"type": "string"},
    },
    "required": ["path", "content"],
    "additionalProperties": False,
}

# An SQL tool as an mcp MCPServer/pydantic server sends it (2020-12, Optional[...] as anyOf-null).
SQL_QUERY: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "title": "run_sqlArguments",
    "properties": {
        "query": {"type": "string", "title": "Query", "description": "One SQL statement", "minLength": 1},
        "params": {"type": "array", "items": {"type": "string"}, "title": "Params", "default": []},
        "limit": {
            "anyOf": [{"type": "integer", "minimum": 1, "maximum": 1000}, {"type": "null"}],
            "default": None,
            "title": "Limit",
        },
        "readonly": {"type": "boolean", "default": True, "title": "Read only"},
        "mode": {"type": "string", "enum": ["rows", "count", "explain"], "default": "rows"},
    },
    "required": ["query"],
}

# A nested-options tool (pydantic models -> $defs and $ref), with a list of objects and a date.
NESTED_OPTIONS: dict[str, Any] = {
    "type": "object",
    "$defs": {
        "Filter": {
            "type": "object",
            "properties": {
                "glob": {"type": "string", "title": "Glob"},
                "exclude": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Options": {
            "type": "object",
            "title": "Options",
            "properties": {
                "recursive": {"type": "boolean", "default": False},
                "depth": {"type": "integer", "minimum": 0},
                "format": {"type": "string", "enum": ["json", "text"], "default": "json"},
                "filter": {"$ref": "#/$defs/Filter"},
            },
            "required": ["depth"],
        },
    },
    "properties": {
        "target": {"type": "string", "format": "uri", "description": "Where to look"},
        "options": {"$ref": "#/$defs/Options", "description": "How to look"},
        "points": {
            "type": "array",
            "items": {"type": "object", "properties": {"x": {"type": "number"}, "y": {"type": "number"}}},
        },
        "when": {"type": "string", "format": "date"},
        "ratio": {"type": "number", "exclusiveMaximum": 1},
        "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
    },
    "required": ["target"],
}


class FormApp(App[None]):
    def __init__(self, schema: dict[str, Any] | None, initial: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.schema = schema
        self.initial = initial
        self.changes: list[ArgumentForm.Changed] = []
        self.quit_requested = False

    def compose(self) -> ComposeResult:
        # The session's check, as the prompt, template and elicitation forms get it.
        yield ArgumentForm(self.schema, self.initial, check=ArgumentChecker(self.schema).check)

    def on_argument_form_changed(self, event: ArgumentForm.Changed) -> None:
        self.changes.append(event)

    async def action_quit(self) -> None:
        # Recorded instead of exiting, so a test can tell whether server text managed to trigger it.
        self.quit_requested = True

    @property
    def form(self) -> ArgumentForm:
        return self.query_one(ArgumentForm)

    def field(self, *path: str | int) -> FormField:
        """The field widget at ``path`` (property names, and indexes into lists)."""
        field: Any = self.form.root
        for part in path:
            field = field.rows[part].field if isinstance(part, int) else field.fields[part]
        assert isinstance(field, FormField)
        return field


def rendered_text(widget: Widget) -> str:
    visual = widget.render()
    return visual.plain if isinstance(visual, Content) else str(visual)


def error_text(field: FormField) -> str:
    return rendered_text(field.error_line) if field.error_line.has_class("-shown") else ""
