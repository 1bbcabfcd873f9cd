"""The problems with arguments being edited, as a form shows them: validated against the schema here, in
the session, so a front end only displays them.

A form reports what does not even parse (``problems``); this adds the schema's errors, each placed next to
the field it is about: a missing required property under that property (jsonschema puts it on the
parent), the inner error of an "X or null" field the form edits as plain X, and nothing under a field
that does not parse (its own problem says it).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import Any

from tui.client.arguments import validate_arguments
from tui.model.arguments import REQUIRED_MESSAGE, ArgumentError

Path = tuple[str | int, ...]
FieldSchema = Callable[[Path], "dict[str, Any] | None"]
"""The schema the form's field at a path edits, when the form shows that "X or null" field as plain X
(else None: the error stays as jsonschema says it)."""

_REQUIRED_SUFFIX = " is a required property"
_ANY_OF_SUFFIX = " is not valid under any of the given schemas"


class ArgumentChecker:
    """Checks one schema's arguments; keeps what it built for the "X or null" fields across edits."""

    def __init__(self, schema: dict[str, Any] | None) -> None:
        self.schema: dict[str, Any] = schema or {}
        # One wrapper per field schema, kept: validation remembers a big schema by identity (a nullable
        # enum of 100,000 choices would be written out as JSON again at every keystroke).
        self._single_field_schemas: dict[int, dict[str, Any]] = {}

    def schema_errors(self, value: Any) -> list[ArgumentError]:
        """The schema's errors of ``value`` as jsonschema reports them (the command line's words)."""
        return validate_arguments(self.schema, value)

    def check(
        self, value: Any, problems: Sequence[ArgumentError] = (), field_schema: FieldSchema | None = None
    ) -> tuple[ArgumentError, ...]:
        """``problems`` (what does not parse), then every schema error of ``value``, placed by field."""
        return self.place(self.schema_errors(value), value, problems, field_schema)

    def place(
        self,
        schema_errors: Sequence[ArgumentError],
        value: Any,
        problems: Sequence[ArgumentError] = (),
        field_schema: FieldSchema | None = None,
    ) -> tuple[ArgumentError, ...]:
        """``problems``, then ``schema_errors`` (``value``'s) each placed next to its field."""
        errors = [
            refined
            for error in schema_errors
            for refined in self._refine(_relocate_required(error), value, field_schema)
        ]
        broken = {problem.path for problem in problems}
        errors = [error for error in errors if not any(_under(error.path, path) for path in broken)]
        return (*problems, *errors)

    def _refine(
        self, error: ArgumentError, value: Any, field_schema: FieldSchema | None
    ) -> list[ArgumentError]:
        """Say why a value fails an "X or null" field, instead of "not valid under any of the given schemas".

        The field edits the unwrapped X and never sends null, so X's own errors are the useful ones.
        """
        if not error.message.endswith(_ANY_OF_SUFFIX) or field_schema is None:
            return [error]
        inner_schema = field_schema(error.path)
        if inner_schema is None:
            return [error]
        wrapper = self._single_field_schemas.get(id(inner_schema))
        if wrapper is None or wrapper["properties"]["value"] is not inner_schema:
            shared = ("$schema", "$defs", "definitions")
            wrapper = {key: self.schema[key] for key in shared if key in self.schema}
            wrapper.update({"type": "object", "properties": {"value": inner_schema}})
            self._single_field_schemas[id(inner_schema)] = wrapper
        inner = validate_arguments(wrapper, {"value": _value_at(value, error.path)})
        return [ArgumentError((*error.path, *e.path[1:]), e.message) for e in inner] or [error]


def _value_at(value: Any, path: Path) -> Any:
    for part in path:
        value = value[part]
    return value


def _relocate_required(error: ArgumentError) -> ArgumentError:
    """jsonschema puts "'x' is a required property" on the parent; it belongs next to field x."""
    if not error.message.endswith(_REQUIRED_SUFFIX):
        return error
    try:
        name = ast.literal_eval(error.message[: -len(_REQUIRED_SUFFIX)])
    except (ValueError, SyntaxError):
        return error
    return ArgumentError((*error.path, name), REQUIRED_MESSAGE) if isinstance(name, str) else error


def _under(path: Path, prefix: Path) -> bool:
    return path[: len(prefix)] == prefix
