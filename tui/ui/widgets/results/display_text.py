"""A content block's display text (Display Templates): the server's own summary of that block, for a
person, shown literally above it and marked as the server's. The block itself stays in full below."""

from __future__ import annotations

from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from tui.ui.safe_text import literal, one_line

SUMMARY_LIMIT = 300
"""Characters of the summary shown: it is meant to be one line, and the content follows anyway."""


def with_display_text(block: Widget, text: str | None) -> Widget:
    """``block`` as is, or under a line with the server's summary of it (the pair framed as one block)."""
    if text is None:
        return block
    line = Content.assemble(
        Content.styled("Server's summary: ", "dim"), literal(one_line(text, SUMMARY_LIMIT))
    )
    return Vertical(Static(line, classes="block-summary"), block, classes="result-block summarised-block")
