"""Parse TOML with mistakes in it, losing only the table each mistake is in.

Table headers are absolute in TOML, so the text from one header to the next is a document of its own.
The text is split at its table headers by a small scan (which knows strings, comments and brackets, so a
``[`` inside a value is not a header, and a header with its ``]`` missing still starts a table). The
chunks are then added one at a time to what already parses: a chunk that breaks the document is left
out and reported, the others are kept. Recovery never reads tomllib's messages; they are only shown.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from tui.config.locate import TABLE_HEADER, split_lines

_KEY_TUPLE = re.compile(r"\((?:'[^']*'(?:, )?)+\)")  # tomllib names keys as Python tuples
_POSITION = re.compile(r"\s*\(at line \d+, column \d+\)|\s*\(at end of document\)")
_VALUE_WORDS = frozenset({"true", "false", "inf", "nan"})


@dataclass(frozen=True)
class Chunk:
    start: int
    """0-based index of the chunk's first line in the document."""
    lines: list[str]
    header: str | None
    """The table header as written (without its comment); None for the keys before the first header."""

    @property
    def text(self) -> str:
        return "".join(self.lines)


def _looks_like_header(line: str) -> bool:
    """A well-formed ``[name]`` line whose name is not a value (``[1]`` can close a nested array)."""
    match = TABLE_HEADER.match(line)
    if match is None:
        return False
    name = match.group(2).strip()
    return not (name.lower() in _VALUE_WORDS or re.fullmatch(r"[0-9_+-]+", name))


def _scan(line: str, depth: int, multiline: str | None) -> tuple[int, str | None]:
    """Bracket depth and open multi-line string after ``line``; strings and comments hide brackets."""
    i = 0
    while i < len(line):
        if multiline is not None:
            end = line.find(multiline, i)
            if end < 0:
                return depth, multiline
            i, multiline = end + 3, None
            continue
        char = line[i]
        if char == "#":
            break
        if line.startswith(('"""', "'''"), i):
            multiline, i = line[i : i + 3], i + 3
        elif char == '"':
            i += 1
            while i < len(line) and line[i] not in '"\n':
                i += 2 if line[i] == "\\" else 1
            i += 1
        elif char == "'":
            end = line.find("'", i + 1)
            i = len(line) if end < 0 else end + 1
        else:
            if char in "[{":
                depth += 1
            elif char in "]}":
                depth = max(0, depth - 1)
            i += 1
    return depth, multiline


def split_chunks(text: str) -> list[Chunk]:
    """The document cut before each table header; the first chunk holds the keys before any header."""
    lines = split_lines(text)
    headers: list[int] = []
    depth, multiline = 0, None
    for index, line in enumerate(lines):
        # Outside any value every "[" line is a header, even a broken one; inside a value that was never
        # closed, a line that is clearly a header still ends it.
        starts_table = multiline is None and line.lstrip().startswith("[")
        if starts_table and (depth == 0 or _looks_like_header(line)):
            headers.append(index)
            depth = 0
            continue
        depth, multiline = _scan(line, depth, multiline)
    bounds = [0, *headers, len(lines)]
    return [
        Chunk(start, lines[start:end], lines[start].split("#", 1)[0].strip() if start in headers else None)
        for start, end in itertools.pairwise(bounds)
        if end > start
    ]


def _error(text: str) -> tomllib.TOMLDecodeError | None:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return error
    return None


def _reason(error: tomllib.TOMLDecodeError) -> str:
    message = _POSITION.sub("", str(error))
    message = _KEY_TUPLE.sub(lambda m: ".".join(re.findall(r"'([^']*)'", m.group(0))), message)
    return message.strip().replace(
        "Illegal character '\\n'", "the line ends inside a value (a missing quote?)"
    )


def _bad_line(kept: str, chunk: Chunk) -> int:
    """1-based line of the chunk's mistake: the line after the longest start of it that still parses."""
    good = 0
    for count in range(1, len(chunk.lines) + 1):
        if _error(kept + "".join(chunk.lines[:count])) is None:
            good = count
    return chunk.start + min(good, len(chunk.lines) - 1) + 1


def parse_salvaging(text: str) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """The document's data and ``(line, message)`` for each part that could not be read."""
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError:
        pass
    chunks = split_chunks(text)
    kept = ""
    problems: list[tuple[int, str]] = []
    for chunk in chunks:
        error = _error(kept + chunk.text)
        if error is None:
            kept += chunk.text
            continue
        if chunk.header is not None:
            lost = f"the {chunk.header} table (line {chunk.start + 1})"
        else:
            lost = "the whole file" if len(chunks) == 1 else "the top of the file"
        problems.append((_bad_line(kept, chunk), f"TOML syntax: {_reason(error)}; {lost} was not read"))
    return tomllib.loads(kept), problems
