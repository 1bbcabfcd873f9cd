"""Colours for log notification lines by level, so an error stands out from debug chatter.

Log notifications are shown as ``level: text`` (``server: level: text`` when every server is shown). Only
the colour changes; the text stays exactly what the server sent.
"""

from __future__ import annotations

import re

from rich.highlighter import Highlighter
from rich.text import Text

LEVEL_STYLES = {
    "debug": "dim",
    "info": "",
    "notice": "cyan",
    "warning": "yellow",
    "error": "red",
    "critical": "bold red",
    "alert": "bold red",
    "emergency": "bold reverse red",
}
_LEVEL = re.compile(r"^(?:[^:]{1,80}: )?(" + "|".join(LEVEL_STYLES) + r"): ")


def level_of(line: str) -> str | None:
    match = _LEVEL.match(line)
    return match.group(1) if match else None


class LevelHighlighter(Highlighter):
    def highlight(self, text: Text) -> None:
        level = level_of(text.plain)
        if level is not None and LEVEL_STYLES[level]:
            text.stylize(LEVEL_STYLES[level])
