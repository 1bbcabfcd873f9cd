"""Local validation of tool arguments against a tool's inputSchema (JSON Schema 2020-12 or draft-07)."""

from __future__ import annotations

import functools
import json
import re
from typing import TYPE_CHECKING, Any, Final

from tui.client.long_enums import consts_as_enums, short_repr, table_enum
from tui.model.arguments import ArgumentError

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator


def validate_arguments(schema: dict[str, Any] | None, arguments: Any) -> list[ArgumentError]:
    """Every problem with ``arguments`` under ``schema``; [] when they are valid.

    The dialect comes from ``$schema`` (draft-07 and 2020-12 both appear in the wild); without it,
    2020-12, the MCP default. A schema that is itself broken is reported as one top-level error.
    """
    if not isinstance(arguments, dict):
        return [ArgumentError((), "arguments must be a JSON object")]
    schema = schema or {"type": "object"}
    key = _schema_key(schema)
    validator = _validator(key) if key is not None else _build_validator(schema)
    if isinstance(validator, str):
        return [ArgumentError((), validator)]
    errors = sorted(
        validator.iter_errors(arguments), key=lambda e: (list(map(str, e.absolute_path)), e.message)
    )
    return [ArgumentError(tuple(error.absolute_path), _message(error)) for error in errors]


LONG_PATTERN: Final = 120
"""A ``pattern`` longer than this is cut in an error message (the message shows under the field)."""


def _message(error: ValidationError) -> str:
    """jsonschema's message, with a server's long regex cut: it repeats the whole pattern."""
    pattern = error.validator_value
    if error.validator == "pattern" and isinstance(pattern, str) and len(pattern) > LONG_PATTERN:
        cut = repr(pattern[: LONG_PATTERN - 1])
        return f"{short_repr(error.instance)} does not match the pattern {cut}… ({len(pattern):,} characters)"
    return str(error.message)


_BIG_SCHEMA: Final = 64_000
"""A schema whose JSON text is longer than this is remembered by identity too (see ``_schema_key``)."""

_big_keys: dict[int, tuple[dict[str, Any], str]] = {}


def _schema_key(schema: dict[str, Any]) -> str | None:
    """The cache key of ``schema``: its JSON text; None when it is not JSON (checked uncached).

    Writing a schema of 100,000 choices out takes ~80 ms, and the form and the preflight validate on
    every keystroke: a big schema's text is kept by the schema object's identity (the object is kept
    too, so its id is not reused). Schemas from a server are never changed in place.
    """
    remembered = _big_keys.get(id(schema))
    if remembered is not None and remembered[0] is schema:
        return remembered[1]
    try:
        key = json.dumps(schema, sort_keys=True)
    except (TypeError, ValueError):
        return None
    if len(key) > _BIG_SCHEMA:
        if len(_big_keys) >= 8:
            _big_keys.pop(next(iter(_big_keys)))
        _big_keys[id(schema)] = (schema, key)
    return key


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
    # A oneOf of 100,000 consts takes jsonschema ~30 s to check and ~2 s per value: as an enum, both
    # take milliseconds. Same meaning, so the schema check still catches what it would have. Not for
    # draft-04, which has no const: there each branch allows anything, and an enum would not.
    if "const" in validator_cls.VALIDATORS:
        schema = consts_as_enums(schema)
    try:
        validator_cls.check_schema(schema)
    except js_exceptions.SchemaError as error:
        # jsonschema quotes the offending part whole: a 100,000-character regex would fill the screen.
        reason = error.message if len(error.message) <= 300 else error.message[:299] + "…"
        return f"the tool's inputSchema is invalid: {reason}"
    fast_cls = validators.extend(validator_cls, {"enum": table_enum(validator_cls.VALIDATORS["enum"])})
    return fast_cls(schema, format_checker=_with_uri(validator_cls.FORMAT_CHECKER))


_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s]+")
"""An absolute URI as RFC 3986 begins it: a scheme, a colon, then something, with no blank in it."""


def _with_uri(checker: Any) -> Any:
    """``checker`` that also checks ``format: uri`` (jsonschema checks it only when an optional package
    is installed; a form field for a homepage should refuse "zzz" everywhere alike)."""
    if "uri" in checker.checkers:
        return checker
    from jsonschema import FormatChecker

    extended = FormatChecker(formats=())
    extended.checkers = {**checker.checkers, "uri": (_is_uri, ())}
    return extended


def _is_uri(instance: object) -> bool:
    return not isinstance(instance, str) or _URI.fullmatch(instance) is not None
