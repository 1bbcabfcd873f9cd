"""The footer of keys: Textual's Footer, rebuilt only when the keys it shows change, with Quit pinned on the
right beside the palette's key, and no key cut in half.

Textual's Footer removes and mounts all its keys after every bindings signal, and a screen sends several in
its first frames (the focus moves, the screen mounts, the stack updates). Each rebuild restyles every key:
20-60 ms of CPU apiece at start-up, six times in a row, while the SDK imports on the same interpreter lock.
Most of those signals change nothing on show, so a rebuild that would draw the same keys is skipped.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import HorizontalGroup
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer

from tui.ui.textual_internals import FooterKey

PINNED_ACTIONS = frozenset({"quit", "stop_recording"})
"""Keys docked on the right beside the palette's key: in sight at any width, whatever else the focused
widget adds on the left."""


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
    KeyFooter #pinned-keys { dock: right; width: auto; }
    KeyFooter #pinned-keys FooterKey.-command-palette { dock: none; }
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

    def compose(self) -> ComposeResult:
        pinned: list[Widget] = []
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.action in PINNED_ACTIONS:
                pinned.append(widget)
            elif isinstance(widget, FooterKey) and widget.has_class("-command-palette"):
                pinned.append(widget)  # last: the right end, where Textual's footer draws it
            else:
                yield widget
        # One group docked on the right: two keys docked there each would be drawn over each other.
        yield HorizontalGroup(*pinned, id="pinned-keys")

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        wanted = self._what_to_show()
        if wanted == self._built_from:
            return
        self._built_from = wanted
        await super().recompose()
        self._fit_keys()

    def on_resize(self) -> None:
        self._fit_keys()

    def _fit_keys(self) -> None:
        """Show the keys on the left that fit whole beside the docked ones, in order; hide the rest, which
        would otherwise be cut mid-word under the docked keys."""
        pinned = list(self.query("#pinned-keys > FooterKey").results(FooterKey))
        room = self.size.width - sum(_width(key) for key in pinned)
        fits = True
        for key in self.query(FooterKey):
            if key in pinned:
                continue
            fits = fits and _width(key) <= room
            room -= _width(key)
            key.display = fits


def _width(key: FooterKey) -> int:
    """The cells ``key`` takes, shown or not: its text, padding, border and margin."""
    styles = key.styles
    return key.get_content_width(Size(0, 0), Size(0, 0)) + styles.gutter.width + styles.margin.width
