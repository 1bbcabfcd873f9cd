"""``when`` on a rule: conditions on the exact arguments and on this call's assessment, read from TOML.

Everything that can be checked when the file is read is checked then (a regex compiles, a glob is a glob, a
grade is a grade), so a decision never meets a malformed condition. Evaluating them is
``tui.safety.conditions``. Keys of ``when``::

    when.path = { glob = "~/scratch/**" }          # an argument by its top-level name
    when."/options/force" = { equals = true }      # or by a JSON pointer (RFC 6901)
    when.sql = { regex = "(?i)\\bdrop\\b" }        # re.search; on a list, any element
    when.count = { min = 1, max = 10 }             # equals, one_of, prefix, glob, regex, min, max, present
    when.grade = { max = "low" }                   # the call's risk grade (min, max)
    when.resolved = { readOnlyHint = true }        # the effective hints
    when.provenance = "resolved"                   # where those hints came from (a string or a list)

``grade``, ``resolved`` and ``provenance`` name the assessment; an argument with one of those names is
reached by its pointer (``"/grade"``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tui.config.condition_model import Condition
from tui.config.path_glob import compile_glob

if TYPE_CHECKING:
    from tui.config.locate import KeyPath
    from tui.config.sections import Reporter

ARGUMENT_TESTS = ("equals", "one_of", "prefix", "glob", "regex", "min", "max", "present")
ASSESSMENT_KEYS = ("grade", "resolved", "provenance")
_GRADES = ("safe", "low", "medium", "high", "critical")
_HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
_PROVENANCES = ("explicit", "default", "resolved", "override")


def parse_pointer(key: str) -> tuple[str, ...]:
    """``"/options/force"`` -> ("options", "force") (RFC 6901 escapes); a plain name is one segment."""
    if not key.startswith("/"):
        return (key,)
    return tuple(part.replace("~1", "/").replace("~0", "~") for part in key[1:].split("/"))


def read_when(data: object, table: KeyPath, rep: Reporter) -> tuple[Condition, ...] | None:
    """The conditions of one rule; None (reported) when any part is wrong: the rule is then skipped,
    never kept with a condition less than written."""
    where: KeyPath = (*table, "when")
    if not isinstance(data, dict):
        rep.add(table, f'"when" must be {rep.table_word} of conditions, not {rep.show(data)}; rule skipped')
        return None
    out: list[Condition] = []
    for key, spec in data.items():
        try:
            out.extend(_read_one(key, spec, rep))
        except ValueError as error:
            rep.add(where, f"{json.dumps(key)}: {error}; rule skipped", key)
            return None
    return tuple(out)


def _read_one(key: str, spec: object, rep: Reporter) -> list[Condition]:
    if key == "grade":
        return _grade(spec, rep)
    if key == "resolved":
        if not isinstance(spec, dict) or not spec:
            raise ValueError(
                f"must be a table of hints such as {{ readOnlyHint = true }}, not {rep.show(spec)}"
            )
        for name, value in spec.items():
            if name not in _HINTS or not isinstance(value, bool):
                raise ValueError(f"{json.dumps(name)} must be one of {', '.join(_HINTS)} with true or false")
        return [Condition("resolved", "resolved", dict(spec))]
    if key == "provenance":
        names = [spec] if isinstance(spec, str) else spec
        if not isinstance(names, list) or not names or any(n not in _PROVENANCES for n in names):
            raise ValueError(
                f"must be one of {', '.join(_PROVENANCES)} (or a list of them), not {rep.show(spec)}"
            )
        return [Condition("provenance", "provenance", tuple(names))]
    if not key or key == "/":
        raise ValueError("an argument name must not be empty")
    if not isinstance(spec, dict) or not spec:
        raise ValueError(f"must be a table of tests ({', '.join(ARGUMENT_TESTS)}), not {rep.show(spec)}")
    pointer = parse_pointer(key)
    return [
        Condition(
            "argument",
            test,
            _argument_value(test, value, rep),
            pointer,
            key,
            value if test in ("glob", "regex") else None,
        )
        for test, value in spec.items()
    ]


def _grade(spec: object, rep: Reporter) -> list[Condition]:
    if not isinstance(spec, dict) or not spec:
        raise ValueError(f'must be a table such as {{ max = "low" }}, not {rep.show(spec)}')
    out = []
    for test, value in spec.items():
        if test not in ("min", "max"):
            raise ValueError(f"unknown test {json.dumps(test)}; a grade takes min and max")
        if not isinstance(value, str) or value.strip().lower() not in _GRADES:
            raise ValueError(f"{test} must be one of {', '.join(_GRADES)}, not {rep.show(value)}")
        out.append(Condition("grade", test, value.strip().lower()))
    return out


def _argument_value(test: str, value: object, rep: Reporter) -> Any:
    if test not in ARGUMENT_TESTS:
        raise ValueError(f"unknown test {json.dumps(test)}; known tests: {', '.join(ARGUMENT_TESTS)}")
    if test == "one_of":
        if not isinstance(value, list) or not value:
            raise ValueError(f"one_of must be a non-empty list, not {rep.show(value)}")
        return tuple(value)
    if test in ("prefix", "glob", "regex") and not isinstance(value, str):
        raise ValueError(f"{test} must be a string, not {rep.show(value)}")
    if test == "glob":
        return compile_glob(str(value))
    if test == "regex":
        try:
            return re.compile(str(value))
        except re.error as error:
            raise ValueError(f"the regex does not compile: {error}") from None
    if test in ("min", "max") and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise ValueError(f"{test} must be a number, not {rep.show(value)}")
    if test == "present" and not isinstance(value, bool):
        raise ValueError(f"present must be true or false, not {rep.show(value)}")
    return _plain(value)


def _plain(value: Any) -> Any:
    """TOML's values as JSON's (tomllib gives dicts and lists already; dates become their text)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)
