"""Server text is data: it must never style, link, act or hide itself.

Everything a server sends (names, titles, descriptions, results, errors, stderr) goes through
``literal`` or ``clean`` before it reaches a widget. Markup such as ``[bold]`` or ``[@click=app.quit]``
stays plain text because a ``Content`` built from a str is never parsed as markup. ``clean`` is the core
sanitiser (:func:`tui.safety.visible_text.visible`): terminal control characters become ``\\xNN`` and
characters that hide or reorder text (bidi overrides, zero-width, tags) become ``<U+XXXX>``.
"""

from __future__ import annotations

from textual.content import Content

from tui.safety.visible_text import visible, visible_line


def clean(text: str) -> str:
    """``text`` with control characters as ``\\xNN`` and hiding/reordering characters as ``<U+XXXX>``."""
    return visible(text)


def literal(text: str, style: str = "") -> Content:
    """A Content that shows ``text`` exactly, never interpreting markup, control or bidi characters."""
    return Content.styled(clean(text), style) if style else Content(clean(text))


def one_line(text: str, limit: int = 200) -> str:
    """``text`` on one line, cleaned and cut to ``limit`` characters (names, list rows, table cells).

    Line breaks and tabs show as ``\\x0a`` and ``\\x09`` (``visible_line``): a name's second line is part
    of the name, and hiding it would make ``wipe_disk`` + a line break + ``safe`` look like ``wipe_disk``."""
    shown = visible_line(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"
