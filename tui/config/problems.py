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
