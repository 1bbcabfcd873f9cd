"""Add one ``[[rules]]`` table to the end of a TOML file (config.toml, or a project's
``.mcp-tui/policy.toml``): the person's text, comments and layout before it stay byte for byte.

The table is written from plain values (``rule_table``) and the file's new text must read with exactly
one rule more and no new problem (``check``) before anything is written; the write is atomic, under the
lock the file's other writers take.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import tomlkit

from tui.config.atomic import SeenText, file_lock, read_text_or_none, write_atomically
from tui.config.edit import ConfigWriteError

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value: Any) -> str:
    return tomlkit.item(value).as_string()


def rule_table(server: str, tool: str, action: str, ceiling: str | None, when: Mapping[str, Any]) -> str:
    """``[[rules]]`` with its keys, and each ``when`` entry as ``when.KEY = VALUE`` (an inline table,
    a string or a list), as docs/configuration.md writes them."""
    lines = [
        "[[rules]]",
        f"server = {_value(server)}",
        f"tool = {_value(tool)}",
        f"action = {_value(action)}",
    ]
    if ceiling is not None:
        lines.append(f"ceiling = {_value(ceiling)}")
    for key, value in when.items():
        if isinstance(value, Mapping):
            inner = ", ".join(f"{_key(test)} = {_value(v)}" for test, v in value.items())
            lines.append(f"when.{_key(key)} = {{ {inner} }}")
        else:
            lines.append(f"when.{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def append_rule(
    path: Path,
    table: str,
    *,
    check: Callable[[str, str], list[str]],
    seen: SeenText | None = None,
) -> str:
    """Append ``table`` to ``path``; return the file's new text. ``check(old, new)``: what is wrong with
    the new text that was not wrong with the old (a ``ConfigWriteError`` with it, nothing written)."""
    with file_lock(path):
        try:
            old = read_text_or_none(path) or ""
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigWriteError(f"{path} cannot be read ({error})") from None
        if seen is not None:
            seen.check(old or None)
        # A blank line between the person's last line and the new table; the rest stays as it was.
        new = (old + ("" if old.endswith("\n") else "\n") + "\n" + table) if old else table
        return write_checked(path, old, new, check=check, seen=seen)


def write_checked(
    path: Path, old: str, new: str, *, check: Callable[[str, str], list[str]], seen: SeenText | None
) -> str:
    """Write ``new`` over ``old`` (the caller holds the file's lock) only if ``check`` finds nothing
    wrong with it that was not wrong before; note it as our own write, so it is not "changed elsewhere"."""
    problems = check(old, new)
    if problems:
        raise ConfigWriteError("; ".join(problems))
    write_atomically(path, new)
    if seen is not None:
        seen.note(new)
    return new
