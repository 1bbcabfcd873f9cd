"""Sections of the confirmation dialog that stand on their own, so other dialogs (display templates) can
lay them out their way: the arguments, exactly as they will be sent.

The arguments are the point of the dialog: they are shown whole, never in a box of a few lines with its
own scrollbar (at 80x24 that box held only ``{``). When the dialog is longer than the screen, the
dialog scrolls as one, and its "more below" line says so.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Label, TextArea

from tui.ui.safe_text import clean


class ArgumentsSection(Vertical):
    DEFAULT_CSS = """
    ArgumentsSection { height: auto; margin-top: 1; }
    ArgumentsSection #confirm-arguments {
        height: auto; border: none; padding: 0 1; background: $boost;
    }
    """

    def __init__(self, arguments_json: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.arguments_json = arguments_json

    def compose(self) -> ComposeResult:
        yield Label(Content("Arguments, exactly as they will be sent:"), id="confirm-arguments-label")
        # Read-only but selectable, so a person can copy a value out of it.
        yield TextArea(clean(self.arguments_json), id="confirm-arguments", read_only=True, soft_wrap=True)
