"""Local validation of tool arguments against a tool's inputSchema (JSON Schema 2020-12 or draft-07)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jsonschema import exceptions as js_exceptions
from jsonschema import validators


@dataclass(frozen=True)
class ArgumentError:
    path: tuple[str | int, ...]
    """Where in the arguments the problem is; () for the top level."""
    message: str

    @property
    def field(self) -> str:
        return ".".join(str(part) for part in self.path)


def validate_arguments(schema: dict[str, Any] | None, arguments: Any) -> list[ArgumentError]:
    """Every problem with ``arguments`` under ``schema``; [] when they are valid.

    The dialect comes from ``$schema`` (draft-07 and 2020-12 both appear in the wild); without it,
    2020-12, the MCP default. A schema that is itself broken is reported as one top-level error.
    """
    if not isinstance(arguments, dict):
        return [ArgumentError((), "arguments must be a JSON object")]
    schema = schema or {"type": "object"}
    validator_cls = validators.validator_for(schema, default=validators.Draft202012Validator)
    try:
        validator_cls.check_schema(schema)
    except js_exceptions.SchemaError as error:
        return [ArgumentError((), f"the tool's inputSchema is invalid: {error.message}")]
    validator = validator_cls(schema, format_checker=validator_cls.FORMAT_CHECKER)
    errors = sorted(
        validator.iter_errors(arguments), key=lambda e: (list(map(str, e.absolute_path)), e.message)
    )
    return [ArgumentError(tuple(error.absolute_path), error.message) for error in errors]
