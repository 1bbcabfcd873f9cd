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


def preview_content(preview: CallPreview, limit: int = TEXT_LIMIT, *, one_row: bool = False) -> Content:
    """``Server's wording: "delete notes.md"  (+1 argument not in this summary: content)``; on ``one_row``
    (a line cut at its end) ``Server's wording: [+1 not shown: content] "delete notes.md"``."""
    text = preview.text if len(preview.text) <= limit else preview.text[: limit - 1] + "…"
    quoted = literal(f'"{text}"', "italic")
    if not preview.unreferenced:
        return Content.assemble(Content.styled(LABEL, "dim"), quoted)
    if one_row:
        marker = literal(preview.short_omission + " ", "$text-warning")
        return Content.assemble(Content.styled(LABEL, "dim"), marker, quoted)
    marker = literal(preview.omission, "$text-warning")
    return Content.assemble(Content.styled(LABEL, "dim"), quoted, Content("  "), marker)


class PreviewLine(Static):
    """One call's preview, or nothing (``show(None)`` hides it). ``one_row``: drawn in a single row cut at
    its end (the call bar), so what the line leaves out comes before the wording."""

    DEFAULT_CSS = """
    PreviewLine { height: auto; }
    PreviewLine.-none { display: none; }
    """

    def __init__(
        self, preview: CallPreview | None = None, *, one_row: bool = False, id: str | None = None
    ) -> None:
        super().__init__("", id=id)
        self.preview: CallPreview | None = None
        self._one_row = one_row
        self.show(preview)

    def show(self, preview: CallPreview | None) -> None:
        self.preview = preview
        self.set_class(preview is None, "-none")
        self.update(preview_content(preview, one_row=self._one_row) if preview is not None else "")
