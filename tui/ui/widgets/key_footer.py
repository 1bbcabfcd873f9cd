"""The footer of keys: Textual's Footer, rebuilt only when the keys it shows change.

Textual's Footer removes and mounts all its keys after every bindings signal, and a screen sends several in
its first frames (the focus moves, the screen mounts, the stack updates). Each rebuild restyles every key:
20-60 ms of CPU apiece at start-up, six times in a row, while the SDK imports on the same interpreter lock.
Most of those signals change nothing on show, so a rebuild that would draw the same keys is skipped.
"""

from __future__ import annotations

from textual.widgets import Footer


class KeyFooter(Footer):
    # Compact keys fit more of them on a line (at 80 columns, up to History instead of half of it), and
    # build faster: each FooterKey starts compact, so a non-compact footer restyles every key it mounts.
    # Textual's compact footer gives every key a right margin, the palette key docked on the right too:
    # its margin uncovers the last column, where a letter of the keys scrolling beneath it showed.
    DEFAULT_CSS = """
    KeyFooter.-compact FooterKey.-command-palette {
        margin-right: 0;
        padding-right: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, compact=True)
        self._built_from: object = None
        """What the keys on screen were built from; None until some are."""

    def _what_to_show(self) -> object:
        """Everything Footer.compose draws the keys from: each binding, whether it is enabled, its tooltip
        (the palette's key too, which is hidden from the others but drawn on the right)."""
        palette = self.app.COMMAND_PALETTE_BINDING
        bindings = tuple(
            (binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette
        )
        return bindings, self.compact, self.show_command_palette, self.combine_groups

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        wanted = self._what_to_show()
        if wanted == self._built_from:
            return
        self._built_from = wanted
        await super().recompose()
