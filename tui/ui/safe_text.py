"""Server text is data: it must never style, link or act.

Everything a server sends (names, titles, descriptions, results, errors, stderr) goes through
``literal`` before it reaches a widget. Markup such as ``[bold]`` or ``[@click=app.quit]`` stays plain
text because a ``Content`` built from a str is never parsed as markup; terminal control characters
(ESC, BEL, C1 codes, ...) are replaced by a visible escape so they cannot move the cursor or recolour
the screen.
"""

from __future__ import annotations

import re

from textual.content import Content

# C0 controls except tab and newline, DEL, and the C1 range (which some terminals honour as CSI etc.).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _visible(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def clean(text: str) -> str:
    """``text`` with control characters shown as ``\\xNN``; carriage returns included."""
    return _CONTROL.sub(_visible, text)


def literal(text: str, style: str = "") -> Content:
    """A Content that shows ``text`` exactly, never interpreting markup or control sequences."""
    return Content.styled(clean(text), style) if style else Content(clean(text))


def one_line(text: str, limit: int = 200) -> str:
    """First line of ``text``, cleaned and cut to ``limit`` characters (for list rows)."""
    first = clean(text.strip().splitlines()[0]) if text.strip() else ""
    return first if len(first) <= limit else first[: limit - 1] + "…"
