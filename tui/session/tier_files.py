"""The managed and project policy files of one session: where they are, and reading them again.

The managed paths are fixed when the session starts (the system path, then ``MCP_TUI_MANAGED_POLICY``);
the project file is ``.mcp-tui/policy.toml`` in the directory the session started in.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tui.config.policy_files import PROJECT_POLICY, PolicyFile, managed_paths, read_policy_file


class TierFiles:
    def __init__(self, environ: Mapping[str, str] | None = None, cwd: Path | None = None) -> None:
        self.managed = managed_paths(environ)
        self.project = (cwd or Path.cwd()) / PROJECT_POLICY
        self.files: tuple[PolicyFile, ...] = self.read()

    @property
    def paths(self) -> list[Path]:
        return [path for path, _ in self.managed] + [self.project]

    def read(self) -> tuple[PolicyFile, ...]:
        files = [read_policy_file(path, "managed", must_exist=must) for path, must in self.managed]
        files.append(read_policy_file(self.project, "project", must_exist=False))
        self.files = tuple(file for file in files if file.exists or file.problems)
        return self.files

    def problems(self) -> list[str]:
        return [problem.with_path() for file in self.files for problem in file.problems]
