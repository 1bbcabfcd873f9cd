"""Cheap line lookup for keys in TOML and JSON text, so a problem can name the line it is on.

Neither tomllib nor json reports where a value came from. A light scan of the text is enough: it maps each
table header and key to its line, and a lookup falls back to the closest enclosing key it knows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

KeyPath = tuple[str | int, ...]
Locator = Callable[[KeyPath], int | None]

_SEGMENT = r'(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = rf"{_SEGMENT}(?:\s*\.\s*{_SEGMENT})*"
TABLE_HEADER = re.compile(rf"^\s*(\[\[?)\s*({_DOTTED})\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(rf"^\s*({_DOTTED})\s*=")
_PART = re.compile(_SEGMENT)


def _segments(dotted: str) -> tuple[str, ...]:
    parts: list[str] = []
    for raw in _PART.findall(dotted):
        if raw.startswith('"'):
            try:
                parts.append(json.loads(raw))
            except ValueError:
                parts.append(raw[1:-1])
        elif raw.startswith("'"):
            parts.append(raw[1:-1])
        else:
            parts.append(raw)
    return tuple(parts)


def split_lines(text: str) -> list[str]:
    """Lines with their endings, split at "\\n" only (as TOML counts lines)."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def toml_locator(text: str) -> Locator:
    """Line numbers of the headers and keys of a TOML document (1-based)."""
    return _lookup(toml_key_lines(text))


def toml_key_lines(text: str) -> dict[KeyPath, int]:
    """Where each table header and key is defined (1-based); arrays of tables are indexed from 0."""
    lines: dict[KeyPath, int] = {}
    table_counts: dict[tuple[str, ...], int] = {}
    prefix: KeyPath = ()
    in_multiline: str | None = None
    for number, line in enumerate(split_lines(text), start=1):
        if in_multiline:
            if line.count(in_multiline) % 2 == 1:
                in_multiline = None
            continue
        header = TABLE_HEADER.match(line)
        if header:
            name = _segments(header.group(2))
            if header.group(1) == "[[":
                index = table_counts.get(name, 0)
                table_counts[name] = index + 1
                prefix = (*name, index)
            else:
                prefix = name
            lines.setdefault(prefix, number)
            continue
        key = _KEY.match(line)
        if key:
            lines.setdefault((*prefix, *_segments(key.group(1))), number)
        for quote in ('"""', "'''"):
            if line.count(quote) % 2 == 1:
                in_multiline = quote
    return lines


def json_locator(text: str) -> Locator:
    """Line numbers of object keys in JSON text, found by searching each key after its parent's."""

    def locate(path: KeyPath) -> int | None:
        position, found = 0, None
        for segment in path:
            if isinstance(segment, int):
                break
            match = re.compile(re.escape(json.dumps(segment, ensure_ascii=False)) + r"\s*:").search(
                text, position
            )
            if match is None:
                break
            position = match.end()
            found = text.count("\n", 0, match.start()) + 1
        return found

    return locate


def _lookup(lines: dict[KeyPath, int]) -> Locator:
    def locate(path: KeyPath) -> int | None:
        for end in range(len(path), 0, -1):
            if path[:end] in lines:
                return lines[path[:end]]
        return None

    return locate
