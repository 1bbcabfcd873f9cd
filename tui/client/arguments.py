"""Local validation of tool arguments against a tool's inputSchema (JSON Schema 2020-12 or draft-07)."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.protocols import Validator


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
    try:
        key = json.dumps(schema, sort_keys=True)
    except (TypeError, ValueError):
        key = None  # not JSON (cannot come from a server): check it every time, uncached
    validator = _validator(key) if key is not None else _build_validator(schema)
    if isinstance(validator, str):
        return [ArgumentError((), validator)]
    errors = sorted(
        validator.iter_errors(arguments), key=lambda e: (list(map(str, e.absolute_path)), e.message)
    )
    return [ArgumentError(tuple(error.absolute_path), error.message) for error in errors]


# Checking a schema and building its validator costs about a millisecond, and the form and the live
# preflight validate on every keystroke: build each one once, keyed by the schema's JSON text.
@functools.lru_cache(maxsize=256)
def _validator(schema_json: str) -> Validator | str:
    return _build_validator(json.loads(schema_json))


def _build_validator(schema: dict[str, Any]) -> Validator | str:
    """A validator for ``schema``, or the message saying why the schema itself is invalid."""
    # Imported on first use: jsonschema takes ~60 ms to load, which the first frame should not wait for.
    from jsonschema import exceptions as js_exceptions
    from jsonschema import validators

    validator_cls = validators.validator_for(schema, default=validators.Draft202012Validator)
    try:
        validator_cls.check_schema(schema)
    except js_exceptions.SchemaError as error:
        return f"the tool's inputSchema is invalid: {error.message}"
    return validator_cls(schema, format_checker=validator_cls.FORMAT_CHECKER)
