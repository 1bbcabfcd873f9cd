"""Evaluating a rule's ``when`` on the exact arguments being sent and on this call's assessment.

Each condition gives True, False, or None when it cannot be evaluated (a list where a string was
expected, an object for a glob, a string for ``min``). A rule holds when every condition is True; for a
``never`` rule, None counts as True: ``never`` fails closed. A missing argument is False for every test
but ``present = false``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tui.config.condition_model import Condition
from tui.config.path_glob import normalise_path
from tui.model.hints import Hint, Hints
from tui.safety.grade import Grade

_MISSING = object()


def holds(
    conditions: Sequence[Condition],
    *,
    arguments: Mapping[str, Any],
    grade: Grade,
    hints: Hints,
    fail_closed: bool,
) -> bool:
    """All conditions hold; an unevaluable one counts as holding when ``fail_closed`` (``never``)."""
    for condition in conditions:
        if condition.subject == "argument":  # the common case, without the general call's overhead
            result = _argument(condition, _lookup(arguments, condition.pointer))
        else:
            result = evaluate(condition, arguments=arguments, grade=grade, hints=hints, conditions=conditions)
        if result is None:
            result = fail_closed
        if not result:
            return False
    return True


def evaluate(
    condition: Condition,
    *,
    arguments: Mapping[str, Any],
    grade: Grade,
    hints: Hints,
    conditions: Sequence[Condition] = (),
) -> bool | None:
    if condition.subject == "argument":
        return _argument(condition, _lookup(arguments, condition.pointer))
    if condition.subject == "grade":
        limit = Grade.parse(condition.value)
        return grade <= limit if condition.test == "max" else grade >= limit
    if condition.subject == "resolved":
        return all(_hint(hints, name).value is value for name, value in condition.value.items())
    # provenance: of the hints the rule names in ``resolved``, else of all four.
    named = [name for c in conditions if c.subject == "resolved" for name in c.value] or list(_BY_NAME)
    return all(_hint(hints, name).provenance.value in condition.value for name in named)


_BY_NAME = {
    "readOnlyHint": "read_only",
    "destructiveHint": "destructive",
    "idempotentHint": "idempotent",
    "openWorldHint": "open_world",
}


def _hint(hints: Hints, name: str) -> Hint:
    hint: Hint = getattr(hints, _BY_NAME[name])
    return hint


def _lookup(arguments: Mapping[str, Any], pointer: tuple[str, ...]) -> Any:
    if len(pointer) == 1:  # a top-level name: most conditions
        return arguments.get(pointer[0], _MISSING)
    value: Any = arguments
    for part in pointer:
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return _MISSING
    return value


def _argument(condition: Condition, value: Any) -> bool | None:
    if condition.test == "present":
        return (value is not _MISSING) is condition.value
    if value is _MISSING:
        return False
    return _TESTS[condition.test](value, condition.value)


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float)


def _regex(value: Any, pattern: re.Pattern[str]) -> bool | None:
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(item, str) for item in items):
        return None
    return any(pattern.search(item) for item in items)


_TESTS: Mapping[str, Callable[[Any, Any], bool | None]] = {
    "equals": lambda value, expected: json_equal(value, expected),
    "one_of": lambda value, options: any(json_equal(value, option) for option in options),
    "min": lambda value, bound: value >= bound if _number(value) else None,
    "max": lambda value, bound: value <= bound if _number(value) else None,
    "regex": _regex,
    # prefix and glob: a string, or it cannot be judged
    "prefix": lambda value, prefix: value.startswith(prefix) if isinstance(value, str) else None,
    "glob": lambda value, pattern: (
        pattern.match(normalise_path(value)) is not None if isinstance(value, str) else None
    ),
}


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON means it: ``true`` is not ``1``; 1 and 1.0 are the same number."""
    if type(a) is str and type(b) is str:  # most conditions compare words: no further type questions
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b
