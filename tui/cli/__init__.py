"""The ``mcp-tui`` command: the TUI, or one headless command (``tui.cli.main``)."""

from tui.cli.main import main

__all__ = ["main"]
