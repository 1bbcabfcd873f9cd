"""Server text made safe for a plain terminal: no escape sequence or control character gets through.

The headless commands print what servers send (names, descriptions, results, errors) straight to a
terminal, where ESC, BEL or a C1 code could move the cursor, recolour the screen or set the window title.
``visible`` shows each such character as ``\\xNN`` instead, like the TUI's ``safe_text.clean``; tab and
newline stay as they are.
"""

from __future__ import annotations

import re

# C0 controls except tab and newline, DEL, and the C1 range (which some terminals honour as CSI etc.).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _escaped(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def visible(text: str) -> str:
    """``text`` with every control character (carriage return included) shown as ``\\xNN``."""
    return _CONTROL.sub(_escaped, text)
