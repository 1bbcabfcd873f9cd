"""A problem found while reading a configuration file: which file, which line, what is wrong."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ConfigProblem:
    file: Path
    """The file the problem is in."""
    line: int | None
    """1-based line number, when the problem can be pinned to one."""
    message: str
    """What is wrong and what the app does about it, e.g. 'servers.foo: "command" must be a string'."""

    def __str__(self) -> str:
        where = self.file.name if self.line is None else f"{self.file.name}, line {self.line}"
        return f"{where}: {self.message}"

    def with_path(self) -> str:
        """Like ``str()``, but with the full path, for a message the user acts on outside the app."""
        where = str(self.file) if self.line is None else f"{self.file}, line {self.line}"
        return f"{where}: {self.message}"


PROBLEMS_SHOWN = 3
"""Problems the banner lists before it offers the key that shows the rest (they wrap to 2-3 lines each)."""


def problems_notice(
    problems: list[str], everything: bool = False, key: str = "F6", listed: int = PROBLEMS_SHOWN
) -> list[str]:
    """The in-app banner's lines: how many problems, the first ``listed`` (or ``everything``), and the
    key for the rest. A banner with room for fewer lines lists fewer: its key line always stays."""
    if not problems:
        return []
    count = len(problems)
    noun = "problem" if count == 1 else "problems"
    shown = problems if everything else problems[: min(listed, PROBLEMS_SHOWN)]
    lines = [f"{count} configuration {noun}; the rest of the configuration was loaded:"]
    lines += [f"• {problem}" for problem in shown]
    if not shown and not everything:
        lines.append(f"Press {key} to see every one.")
    elif len(shown) < count:
        lines.append(f"… and {count - len(shown)} more: press {key} to see every one.")
    elif count > PROBLEMS_SHOWN:
        lines.append(f"{key} shows only the first {PROBLEMS_SHOWN} again.")
    return lines
