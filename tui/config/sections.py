"""Reading the parts of a parsed config: typed values out, a problem for each thing that is wrong.

Used by the TOML loader and the JSON import alike. Nothing here raises on bad input: a bad setting keeps its
default, a bad rule or server is skipped, and each is reported with the file and line.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from tui.config.debounce_limits import DEBOUNCE_RULE, is_debounce
from tui.config.expand import expand_vars
from tui.config.locate import KeyPath, Locator
from tui.config.model import AuditSettings, Preferences, Timeouts
from tui.config.problems import ConfigProblem
from tui.config.timeout_limits import TIMEOUT_RULE, is_timeout

RULE_ACTIONS = ("always", "ask", "never")
GRADES = ("safe", "low", "medium", "high", "critical")

Settings = TypeVar("Settings", Timeouts, Preferences, AuditSettings)


class Reporter:
    """Collects problems for one file; ``table`` names where the problem is, ``key`` sharpens the line."""

    def __init__(self, file: Path, locate: Locator, *, json_words: bool = False) -> None:
        self.file = file
        self.locate = locate
        self.table_word = "an object" if json_words else "a table"
        self.problems: list[ConfigProblem] = []

    def add(self, table: KeyPath, message: str, key: str | None = None) -> None:
        line = self.locate((*table, key) if key is not None else table)
        where = display(table)
        self.problems.append(ConfigProblem(self.file, line, f"{where}: {message}" if where else message))

    def unknown(self, table: KeyPath, key: str, known: tuple[str, ...], hint: str = "") -> None:
        if not hint:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f'; did you mean "{close[0]}"?' if close else f"; known keys: {', '.join(known)}"
        self.add(table, f"unknown key {json.dumps(key)} (ignored){hint}", key)

    def show(self, value: object) -> str:
        """A short, literal rendering of a bad value for a message."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, dict):
            return self.table_word
        if isinstance(value, list):
            return "a list"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        if isinstance(value, str):
            text = json.dumps(value, ensure_ascii=False)
            return text if len(text) <= 40 else text[:37] + '..."'
        return str(value)


def display(path: KeyPath) -> str:
    """``("servers", "a.b", "env")`` -> ``servers."a.b".env``; list indexes become ``#n`` (1-based)."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f" #{part + 1}"
            continue
        text = part if part and all(c.isalnum() or c in "_-" for c in part) else json.dumps(part)
        out += f".{text}" if out else text
    return out


def read_settings(cls: type[Settings], data: object, table: KeyPath, rep: Reporter) -> Settings:
    """Timeouts, Preferences or AuditSettings from a table; each bad value keeps its default."""
    defaults = cls()
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word}, not {rep.show(data)}; using the defaults")
        return defaults
    names = tuple(f.name for f in dataclasses.fields(cls))
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in names:
            rep.unknown(table, key, names)
            continue
        default = getattr(defaults, key)
        problem = _setting_problem(key, value, default)
        if problem:
            keeping = f"the default ({rep.show(default)})"
            rep.add(
                table, f"{json.dumps(key)} must be {problem}, not {rep.show(value)}; keeping {keeping}", key
            )
        else:
            values[key] = float(value) if isinstance(default, float) else value
    return dataclasses.replace(defaults, **values)


def _setting_problem(key: str, value: object, default: object) -> str | None:
    if key == "preflight_debounce_ms":  # the same limits as the preferences screen's
        return None if is_debounce(value) else DEBOUNCE_RULE
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "true or false"
    if isinstance(value, bool):
        value = None  # True is an int to Python, never a number to a person
    if isinstance(default, int):
        ok = isinstance(value, int) and value >= 0
        return None if ok else "a whole number, 0 or more"
    # Every float setting is a timeout: the same limits as the preferences screen's, so a hand-written
    # 10_000_000 (or inf) is reported rather than waited for.
    ok = isinstance(value, int | float) and is_timeout(value)
    return None if ok else TIMEOUT_RULE


def read_str(
    data: Mapping[str, object], key: str, table: KeyPath, rep: Reporter, then: str = ""
) -> str | None:
    """A string value, or None (reported, with ``then`` saying what happens next) for another type."""
    value = data.get(key)
    if value is None or isinstance(value, str):
        return value
    rep.add(table, f"{json.dumps(key)} must be a string, not {rep.show(value)}{then}", key)
    return None


def read_str_list(
    data: Mapping[str, object], key: str, table: KeyPath, rep: Reporter, then: str = ""
) -> list[str] | None:
    value = data.get(key, [])
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return list(value)
    rep.add(table, f"{json.dumps(key)} must be a list of strings, not {rep.show(value)}{then}", key)
    return None


def read_str_map(
    data: Mapping[str, object],
    key: str,
    table: KeyPath,
    rep: Reporter,
    environ: Mapping[str, str],
    extra: Mapping[str, str] | None = None,
    then: str = "",
) -> dict[str, str] | None:
    """A table of strings with ``${VAR}`` expanded; numbers and booleans are taken as their text."""
    value = data.get(key, {})
    if not isinstance(value, dict):
        rep.add(
            table, f"{json.dumps(key)} must be {rep.table_word} of strings, not {rep.show(value)}{then}", key
        )
        return None
    out: dict[str, str] = {}
    for name, item in value.items():
        if isinstance(item, bool) or not isinstance(item, str | int | float):
            rep.add((*table, key), f"{json.dumps(name)} must be a string, not {rep.show(item)}{then}", name)
            return None
        text = rep.show(item) if not isinstance(item, str) else item
        out[name], missing = expand_vars(text, environ, extra)
        for reference in missing:
            rep.add((*table, key), f"{json.dumps(name)}: {_missing(reference)}; left empty", name)
    return out


def _missing(reference: str) -> str:
    if reference.startswith("${input:"):
        return f"{reference} asks for input in VS Code, which mcp-tui cannot do"
    return f"{reference} is not set in the environment"
