"""Run the bare Textual app or mcp-tui and exit the moment the first frame is written to the terminal.

    python bench/first_frame_exit.py bare|mcp-tui [MCP-TUI ARGS...]

For ``first_frame_instructions.py``, which counts the instructions of this process under callgrind. The
only change to the app is the exit: Textual writes a frame in ``App._display``; the first call with an
update is the first painted frame. ``os._exit`` skips the shutdown, which is not start-up.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import textual.app

_display = textual.app.App._display


def _exit_after_first_frame(app: textual.app.App[Any], screen: Any, update: Any) -> None:
    _display(app, screen, update)
    if update is not None:
        sys.stdout.flush()
        os._exit(0)


textual.app.App._display = _exit_after_first_frame  # type: ignore[method-assign]

if __name__ == "__main__":
    which, arguments = sys.argv[1], sys.argv[2:]
    if which == "bare":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bare_textual import BareApp

        BareApp().run()
    else:
        from tui.cli import main

        sys.argv = ["mcp-tui", *arguments]
        sys.exit(main())
