"""A collection file (TOML, ``[[calls]]``): read with every problem named by file and line, and written.

Reading never guesses: a file with any problem is refused whole (a CI run of half a collection would pass
for the wrong reason), and every problem is reported, not only the first.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tui.config.locate import toml_key_lines
from tui.config.problems import ConfigProblem
from tui.config.sections import GRADES
from tui.config.toml_chunks import parse_salvaging
from tui.model.collections import HASH_PREFIX, UNSET, Collection, Expectations, SavedCall
from tui.model.hints import HINT_NAMES

_CALL_KEYS = ("name", "server", "tool", "args", "definition", "expect")
_EXPECT_TYPES: dict[str, tuple[type, ...]] = {
    "is_error": (bool,),
    "text_contains": (str,),
    "text_regex": (str,),
    "output_schema_valid": (bool,),
    "grade": (str,),
    "hints": (dict,),
    "max_ms": (int, float),
}


class CollectionProblems(Exception):
    """The collection could not be read; ``problems`` says every reason, each with its file and line."""

    def __init__(self, problems: list[ConfigProblem]) -> None:
        super().__init__("; ".join(problem.with_path() for problem in problems))
        self.problems = problems


def read_collection(path: Path) -> Collection:
    """The calls of ``path``, in order; raises ``CollectionProblems`` naming everything wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CollectionProblems(
            [ConfigProblem(path, None, f"cannot read the collection: {error}")]
        ) from None
    # Every mistake at once: the tables that parse are checked too, so one run names everything to fix.
    data, broken = parse_salvaging(text)
    problems = [ConfigProblem(path, line, f"not valid TOML: {why}") for line, why in broken]
    lines = toml_key_lines(text)
    extra = sorted(set(data) - {"calls"})
    if extra:
        problems.append(ConfigProblem(path, lines.get((extra[0],)), f"unknown key(s) {', '.join(extra)}"))
    entries = data.get("calls", [])
    if not isinstance(entries, list) or not entries:
        if not problems:
            problems.append(ConfigProblem(path, None, "no calls: a collection is a list of [[calls]] tables"))
        raise CollectionProblems(problems)
    calls: list[SavedCall] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        line = lines.get(("calls", index))
        found: list[str] = []
        call = _call(entry, line, found) if isinstance(entry, dict) else None
        if not isinstance(entry, dict):
            found.append("each call must be a table")
        if call is not None and call.name in seen:
            found.append(f"a second call named {call.name!r}: names identify calls (--only, reports)")
        problems += [ConfigProblem(path, line, f"calls[{index}]: {message}") for message in found]
        if call is not None and not found:
            seen.add(call.name)
            calls.append(call)
    if problems:
        raise CollectionProblems(problems)
    return Collection(path, tuple(calls))


def _call(entry: dict[str, Any], line: int | None, found: list[str]) -> SavedCall | None:
    unknown = sorted(set(entry) - set(_CALL_KEYS))
    if unknown:
        found.append(f"unknown key(s) {', '.join(unknown)} (a call has {', '.join(_CALL_KEYS)})")
    strings = {key: entry.get(key) for key in ("name", "server", "tool")}
    for key, value in strings.items():
        if not isinstance(value, str) or not value.strip():
            found.append(f'"{key}" must be a non-empty string')
    args = entry.get("args", {})
    if not isinstance(args, dict):
        found.append('"args" must be a table of the arguments')
    definition = entry.get("definition")
    if definition is not None and not (
        isinstance(definition, str) and re.fullmatch(rf"{HASH_PREFIX}[0-9a-f]{{64}}", definition)
    ):
        found.append(f'"definition" must be "{HASH_PREFIX}" and 64 hex digits (mcp-tui show prints it)')
    expect = _expectations(entry.get("expect", {}), found)
    if found:
        return None
    return SavedCall(
        name=str(strings["name"]),
        server=str(strings["server"]),
        tool=str(strings["tool"]),
        args=args,
        definition=definition,
        expect=expect,
        line=line,
    )


def _expectations(table: Any, found: list[str]) -> Expectations:
    if not isinstance(table, dict):
        found.append('"expect" must be a table')
        return Expectations()
    known = {*_EXPECT_TYPES, "structured"}
    unknown = sorted(set(table) - known)
    if unknown:
        found.append(f"unknown expectation(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    for key, types in _EXPECT_TYPES.items():
        value = table.get(key)
        if value is not None and (
            not isinstance(value, types) or isinstance(value, bool) is not (bool in types)
        ):
            found.append(f"expect.{key} must be {' or '.join(t.__name__ for t in types)}, not {value!r}")
    if isinstance(pattern := table.get("text_regex"), str):
        try:
            re.compile(pattern)
        except re.error as error:
            found.append(f"expect.text_regex is not a valid regular expression: {error}")
    grade = table.get("grade")
    if isinstance(grade, str) and grade not in GRADES:
        found.append(f"expect.grade must be one of {', '.join(GRADES)}, not {grade!r}")
    hints = table.get("hints")
    if isinstance(hints, dict):
        wrong = [key for key, value in hints.items() if key not in HINT_NAMES or not isinstance(value, bool)]
        if wrong:
            found.append(f"expect.hints takes {', '.join(HINT_NAMES)} = true/false; check {', '.join(wrong)}")
    if isinstance(limit := table.get("max_ms"), int | float) and not isinstance(limit, bool) and limit <= 0:
        found.append("expect.max_ms must be more than 0")
    return Expectations(
        is_error=table.get("is_error"),
        text_contains=table.get("text_contains"),
        text_regex=table.get("text_regex"),
        structured=table.get("structured", UNSET),
        output_schema_valid=table.get("output_schema_valid"),
        grade=grade,
        hints=hints,
        max_ms=float(limit) if isinstance(limit, int | float) and not isinstance(limit, bool) else None,
    )


# ---- writing ------------------------------------------------------------------------------------------


def toml_literal(value: Any, where: str) -> str:
    """``value`` (JSON data) as a TOML value; raises ValueError for what TOML cannot hold (null)."""
    if value is None:
        raise ValueError(f"{where} is null, which TOML cannot hold; leave it out or give a value")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's string escapes are TOML's too
    if isinstance(value, list):
        return "[" + ", ".join(toml_literal(item, f"{where}[{i}]") for i, item in enumerate(value)) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        parts = [f"{_key(key)} = {toml_literal(item, f'{where}.{key}')}" for key, item in value.items()]
        return "{ " + ", ".join(parts) + " }"
    raise ValueError(f"{where}: {type(value).__name__} is not JSON data")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def call_text(call: SavedCall) -> str:
    """One ``[[calls]]`` table for ``call``: what ``read_collection`` reads back as the same call."""
    lines = ["[[calls]]"]
    lines += [f"{key} = {toml_literal(getattr(call, key), key)}" for key in ("name", "server", "tool")]
    lines.append(f"args = {toml_literal(call.args, 'args')}")
    if call.definition is not None:
        lines.append(f"definition = {toml_literal(call.definition, 'definition')}")
    expect = call.expect
    for key in ("is_error", "text_contains", "text_regex", "output_schema_valid", "grade", "hints", "max_ms"):
        value = getattr(expect, key)
        if value is not None:
            lines.append(f"expect.{key} = {toml_literal(value, f'expect.{key}')}")
    if expect.structured is not UNSET:
        lines.append(f"expect.structured = {toml_literal(expect.structured, 'expect.structured')}")
    return "\n".join(lines) + "\n"
