"""Line-level edits of TOML text: change one value, add a table, remove a table, touching nothing else.

tomlkit reorders files whose sub-tables are split by another table (``[servers.a]``, ``[[rules]]``,
``[servers.b]`` comes back with the two servers together), so edits work on lines. Each function returns
None when the layout is one it does not handle (an inline table, a multi-line value); the caller then
verifies or falls back.
"""

from __future__ import annotations

import json
import re
import tomllib

from tui.config.locate import TABLE_HEADER, KeyPath, split_lines, toml_key_lines

_KEY_START = re.compile(r"^\s*[^=\s#\[][^=#]*?\s*=\s*")
_SCALAR = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|[^\s#,\]}]+')


def toml_value(value: bool | int | float | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


def set_value(text: str, table: KeyPath, key: str, value: bool | int | float | str) -> str | None:
    """Replace the value of ``key`` in ``table`` (keeping the comment after it), or add the key."""
    lines = split_lines(text)
    where = toml_key_lines(text)
    literal = toml_value(value)
    if (*table, key) in where:
        index = where[(*table, key)] - 1
        line = lines[index]
        start = _KEY_START.match(line)
        if start is None:
            return None
        token = _SCALAR.match(line, start.end())
        if token is None or line[start.end() :].startswith(('"""', "'''")):
            return None
        if _spells(token.group(0), value):
            return text  # same value already, perhaps spelled differently ('ask', 15.0): leave it
        lines[index] = line[: token.start()] + literal + line[token.end() :]
        return "".join(lines)
    if table in where:
        header = where[table] - 1
        if not TABLE_HEADER.match(lines[header]):
            return None  # an inline table or dotted keys: not a layout edited line by line
        insert = _end_of_content(lines, header)
        lines.insert(insert, f"{key} = {literal}{_newline(text)}")
        return "".join(lines)
    if any(path[: len(table)] == table for path in where):
        return None  # the table exists only implicitly (dotted keys or sub-tables)
    return append_table(text, f"[{_dotted(table)}]", [(key, value)])


def append_table(text: str, header: str, items: list[tuple[str, bool | int | float | str]]) -> str:
    """Add ``header`` and its keys at the end, after one blank line."""
    newline = _newline(text)
    out = text
    if out and not out.endswith("\n"):
        out += newline
    if out.strip() and not out.endswith(newline * 2):
        out += newline
    body = "".join(f"{key} = {toml_value(value)}{newline}" for key, value in items)
    return f"{out}{header}{newline}{body}"


def remove_table(text: str, table: KeyPath) -> str | None:
    """Remove a ``[table]`` / ``[[table]]`` block (not the comments just before the next table)."""
    lines = split_lines(text)
    where = toml_key_lines(text)
    if table not in where or not TABLE_HEADER.match(lines[where[table] - 1]):
        return None
    start = where[table] - 1
    end = _end_of_content(lines, start)
    while end < len(lines) and not lines[end].strip():
        end += 1
    if end == len(lines):
        while start > 0 and not lines[start - 1].strip():
            start -= 1
    del lines[start:end]
    return "".join(lines)


def _end_of_content(lines: list[str], header: int) -> int:
    """Index just after the last value line of the table starting at ``header``."""
    last = header
    for index in range(header + 1, len(lines)):
        stripped = lines[index].strip()
        if TABLE_HEADER.match(lines[index]):
            break
        if stripped and not stripped.startswith("#"):
            last = index
    return last + 1


def _spells(token: str, value: bool | int | float | str) -> bool:
    try:
        current = tomllib.loads(f"v = {token}")["v"]
    except tomllib.TOMLDecodeError:
        return False
    if isinstance(current, bool) or isinstance(value, bool):
        return current is value
    return bool(current == value)


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _dotted(table: KeyPath) -> str:
    return ".".join(p if re.fullmatch(r"[A-Za-z0-9_-]+", p) else json.dumps(p) for p in map(str, table))
