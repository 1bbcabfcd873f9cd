"""Replace or remove one ``[[rules]]`` table of a TOML file (config.toml, or a project's
``.mcp-tui/policy.toml``) in place: the lines before and after it, comments included, stay byte for byte.

The rule is named by the line of its ``[[rules]]`` header in the text the person loaded it from. If the
file on disk is no longer that text (another instance wrote it, or a hand edit), nothing is written: the
line may now be another rule's, and the person decided on what they saw. As with ``append_rule``, the new
text must pass ``check`` first, and the write is atomic under the lock the file's other writers take.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tui.config.atomic import SeenText, file_lock, read_text_or_none
from tui.config.edit import ConfigWriteError
from tui.config.locate import TABLE_HEADER, split_lines, toml_key_lines
from tui.config.rule_append import write_checked
from tui.config.toml_text import remove_table


class ChangedSinceLoaded(ConfigWriteError):
    """The file is not the text the rule was loaded from: nothing was written."""


def rule_index_at(text: str, line: int) -> int | None:
    """Which ``[[rules]]`` table (from 0) starts at ``line``; None when none does there."""
    for path, found in toml_key_lines(text).items():
        if len(path) == 2 and path[0] == "rules" and isinstance(path[1], int) and found == line:
            header = TABLE_HEADER.match(split_lines(text)[line - 1])
            return path[1] if header and header.group(1) == "[[" else None
    return None


def _end_of_values(lines: list[str], header: int) -> int:
    """Index just after the table's last value line: comments and blank lines after it stay (they are
    usually about what follows)."""
    last = header
    for index in range(header + 1, len(lines)):
        if TABLE_HEADER.match(lines[index]):
            break
        stripped = lines[index].strip()
        if stripped and not stripped.startswith("#"):
            last = index
    return last + 1


def replaced(text: str, line: int, table: str | None) -> str:
    """``text`` with the rule at ``line`` replaced by ``table`` (None: removed)."""
    index = rule_index_at(text, line)
    if index is None:
        raise ConfigWriteError(f"line {line} does not start a [[rules]] table")
    if table is None:
        removed = remove_table(text, ("rules", index))
        if removed is None:
            raise ConfigWriteError(f"the rule at line {line} is not one this editor can remove")
        return removed
    lines = split_lines(text)
    end = _end_of_values(lines, line - 1)
    newline = "\r\n" if "\r\n" in text else "\n"
    body = [row + newline for row in table.rstrip("\n").split("\n")]
    if end == len(lines) and lines and not lines[-1].endswith("\n"):
        body[-1] = body[-1].removesuffix(newline)  # the file had no final newline: neither does it now
    return "".join(lines[: line - 1] + body + lines[end:])


def edit_rule_at(
    path: Path,
    line: int,
    table: str | None,
    *,
    loaded: str,
    check: Callable[[str, str], list[str]],
    seen: SeenText | None = None,
) -> str:
    """Replace (``table``) or remove (None) the rule at ``line`` of ``path``, if the file is still
    ``loaded``; return the file's new text."""
    with file_lock(path):
        try:
            current = read_text_or_none(path)
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigWriteError(f"{path} cannot be read ({error})") from None
        if current != loaded:
            raise ChangedSinceLoaded(
                f"{path} changed on disk since the rule was loaded (another mcp-tui, or an edit by hand); "
                "nothing was written. Choose the rule again to load it as it is now."
            )
        if seen is not None:
            seen.check(current)
        return write_checked(path, current, replaced(current, line, table), check=check, seen=seen)
