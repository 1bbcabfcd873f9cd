"""Library logging (the SDK logs through ``logging``, sign-in errors with tracebacks) goes to a file."""

from __future__ import annotations

import logging
from pathlib import Path

from tui.model.redact import redact_text


class RedactingFormatter(logging.Formatter):
    """Each line (with its traceback) through the one redactor: a library may log a request's headers,
    a URL with a token in it, or a server's answer."""

    def format(self, record: logging.LogRecord) -> str:
        return redact_text(super().format(record))


def log_to_file(path: Path) -> None:
    """Send warnings and errors of every library to ``path``, never onto the terminal (or the TUI)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    # Python warnings too (the SDK's MCPDeprecationWarning, say): printed, they would land in a headless
    # command's output or across the TUI's screen.
    logging.captureWarnings(True)
