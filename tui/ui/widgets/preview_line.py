"""The server's one-line wording of a call (Display Templates), quoted and marked as the server's.

The session renders the line (``ArgumentsEvaluated.preview``, ``CallRecord.evaluation.preview``); this
only draws it: never instead of the arguments, always with the names of the arguments it leaves out, in
the warning colour, after it. Hidden when the tool declares no template that fits.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tui.model.display_templates import CallPreview
from tui.ui.safe_text import literal

LABEL = "Server's wording: "
TEXT_LIMIT = 160
"""Characters of the server's line shown before an ellipsis: a long one would push the form (or the
choices) aside, and cut at the edge it would hide the omission marker that follows it."""


def preview_content(preview: CallPreview, limit: int = TEXT_LIMIT) -> Content:
    """``Server's wording: "delete notes.md"  (+1 argument not in this summary: content)``."""
    text = preview.text if len(preview.text) <= limit else preview.text[: limit - 1] + "…"
    parts = [Content.styled(LABEL, "dim"), literal(f'"{text}"', "italic")]
    if preview.unreferenced:
        parts += [Content("  "), literal(preview.omission, "$text-warning")]
    return Content.assemble(*parts)


class PreviewLine(Static):
    """One call's preview, or nothing (``show(None)`` hides it)."""

    DEFAULT_CSS = """
    PreviewLine { height: auto; }
    PreviewLine.-none { display: none; }
    """

    def __init__(self, preview: CallPreview | None = None, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.preview: CallPreview | None = None
        self.show(preview)

    def show(self, preview: CallPreview | None) -> None:
        self.preview = preview
        self.set_class(preview is None, "-none")
        self.update(preview_content(preview) if preview is not None else "")
