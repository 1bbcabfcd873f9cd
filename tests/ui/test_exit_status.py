"""The TUI as a process: an unexpected error ends it with status 1, so a script or a shell sees it failed.

Textual prints the traceback as the app exits; before, ``mcp-tui`` then exited 0 as if nothing happened.
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

# The app as the console script runs it, with a defect planted where the session has just started.
BROKEN_APP = (
    "import sys\n"
    "from tui.ui.screens.main_screen import MainScreen\n"
    "def broken(self, message): raise RuntimeError('planted defect')\n"
    "MainScreen.on_session_started = broken\n"
    "from tui.cli import main\n"
    "sys.exit(main())\n"
)


def test_an_unexpected_error_in_the_tui_exits_with_status_1(tmp_path: Path) -> None:
    master, terminal = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "MCP_TUI_HOME": str(tmp_path), "TERM": "xterm-256color"}
    env.pop("MCP_TUI_CONFIG", None)
    process = subprocess.Popen(
        [sys.executable, "-c", BROKEN_APP], stdin=terminal, stdout=terminal, stderr=terminal, env=env
    )
    os.close(terminal)
    screen = b""
    deadline = time.monotonic() + 45
    try:
        while process.poll() is None:
            assert time.monotonic() < deadline, f"the app did not end:\n{screen[-2000:]!r}"
            if select.select([master], [], [], 0.2)[0]:
                try:
                    screen += os.read(master, 65536)
                except OSError:
                    break
        assert process.wait(timeout=30) == 1
        assert b"planted defect" in screen  # Textual's report of what went wrong
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
