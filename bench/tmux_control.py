"""One tmux control-mode client (``tmux -C``) that runs a bench's tmux commands without a process each.

Looking at the screen with a ``tmux capture-pane`` process every 5 ms costs about a third of a core in
process start-ups alone. On a 2-core machine that load competes with whatever a contender runs beside its
own process (the server mcp-tui starts early, the Inspector's Node), so it slows exactly the launches that
use both cores, and the bare app not at all. A control client reads commands on its stdin and answers each
between ``%begin`` and ``%end`` lines: the look costs the tmux server a screen copy and nothing more.
"""

from __future__ import annotations

import subprocess


def _quoted(argument: str) -> str:
    """One argument for tmux's command parser: single quotes keep ``$``, ``#``, ``;`` and ``~`` literal."""
    return "'" + argument.replace("'", "'\\''") + "'"


class TmuxControl:
    """Runs tmux commands through one control client attached to an idle anchor session."""

    def __init__(self, anchor: str) -> None:
        subprocess.run(["tmux", "new-session", "-d", "-s", anchor, "sleep", "3600"], check=True)
        self._anchor = anchor
        self._client = subprocess.Popen(
            ["tmux", "-C", "attach-session", "-t", anchor],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self._answer()  # the attach command's own (empty) answer

    def run(self, *arguments: str, check: bool = True) -> list[str]:
        """Run one command and return its output lines. A command tmux refuses raises RuntimeError, or
        with ``check=False`` returns no lines (a session that ended has no screen to read)."""
        assert self._client.stdin is not None
        self._client.stdin.write(" ".join(_quoted(a) for a in arguments) + "\n")
        self._client.stdin.flush()
        return self._answer(" ".join(arguments), check=check)

    def _answer(self, command: str = "attach-session", *, check: bool = True) -> list[str]:
        assert self._client.stdout is not None
        lines: list[str] = []
        inside = False
        for line in self._client.stdout:
            line = line.rstrip("\n")
            if not inside:
                # Notifications (%sessions-changed, %window-add, ...) come between answers: skip them.
                inside = line.startswith("%begin ")
                continue
            if line.startswith(("%end ", "%error ")):
                if line.startswith("%error "):
                    if check:
                        raise RuntimeError(f"tmux refused {command!r}: {' '.join(lines)}")
                    return []
                return lines
            lines.append(line)
        raise RuntimeError(f"the tmux control client ended during {command!r}")

    def close(self) -> None:
        if self._client.stdin is not None:
            self._client.stdin.close()
        self._client.wait(timeout=5)
        subprocess.run(["tmux", "kill-session", "-t", self._anchor], capture_output=True)
