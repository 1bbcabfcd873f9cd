"""The directory the demo server acts in, and the only one it ever touches."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath, PureWindowsPath

ENV_VAR = "MCP_TUI_DEMO_SANDBOX"

WELCOME = (
    "Welcome to the mcp-tui demo sandbox.\n"
    "Every tool of the demo server acts inside this directory and nowhere else.\n"
    "Try manage_files with action=read on this file, then append to notes.md.\n"
)


class SandboxError(ValueError):
    """A path that would leave the sandbox, or an action the sandbox cannot do."""


def default_sandbox() -> Path:
    """`$MCP_TUI_DEMO_SANDBOX`, else `demo-sandbox` under the user data dir."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir  # only needed when no directory was given

    return Path(user_data_dir("mcp-tui")) / "demo-sandbox"


class Sandbox:
    """Maps relative paths to files under `root`, refusing anything that would leave it."""

    def __init__(self, root: Path) -> None:
        self.root = root.expanduser().absolute()

    def ensure(self) -> None:
        """Create the directory on first use, with a file to read so the first call has something to show."""
        if not self.root.exists():
            self.root.mkdir(parents=True)
            (self.root / "welcome.txt").write_text(WELCOME, encoding="utf-8")
        elif not self.root.is_dir():
            raise SandboxError(f"the sandbox {self.root} is not a directory")

    def path(self, relative: str) -> Path:
        """The file `relative` names inside the sandbox; SandboxError if it would point outside."""
        if not relative or not relative.strip():
            raise SandboxError("the path is empty; give a path relative to the sandbox, like notes.md")
        if "\0" in relative:
            raise SandboxError("the path contains a NUL character")
        if (
            PurePosixPath(relative).is_absolute()
            or PureWindowsPath(relative).is_absolute()
            or relative[:1] in "/\\"
        ):
            raise SandboxError(f"{relative!r} is absolute; paths are relative to the sandbox")
        parts = relative.replace("\\", "/").split("/")
        if ".." in parts:
            raise SandboxError(f"{relative!r} contains '..'; paths may not leave the sandbox")
        candidate = self.root.joinpath(*[p for p in parts if p not in ("", ".")])
        # resolve() follows every symlink on the way, so a link pointing out is caught here.
        real_root = self.root.resolve()
        real = candidate.resolve()
        if real != real_root and real_root not in real.parents:
            raise SandboxError(f"{relative!r} leads outside the sandbox (through a symbolic link)")
        if real == real_root:
            raise SandboxError(f"{relative!r} is the sandbox itself, not a file in it")
        return candidate

    def display(self, path: Path) -> str:
        """A path as the user typed it: relative to the sandbox, with forward slashes."""
        return path.relative_to(self.root).as_posix()
