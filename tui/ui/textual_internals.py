"""Every place mcp-tui reaches a private name of Textual: this module and no other.

Textual is pinned to 8.x in pyproject.toml. Each name below says which private thing it touches, why
there is no public way, and what to check when Textual is upgraded; ``tests/ui/test_textual_canary.py``
exercises every one against the installed Textual, so an upgrade that moves a name fails there, in one
obvious place. ``tests/test_private_access.py`` fails if any other module of ``tui`` imports a private
Textual module or overrides or reads a private Textual name.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.geometry import Size, Spacing
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding, Visual
from textual.widgets import OptionList, _footer
from textual.widgets.option_list import Option

__all__ = ["FooterKey", "OneLineOptionList"]

FooterKey = _footer.FooterKey
"""The widget ``Footer.compose`` yields for each key.

Touches ``textual.widgets._footer.FooterKey``: Textual exports ``Footer`` but not the class of its keys,
and the key footer must tell its keys from the other widgets the footer composes (to pin Quit on the
right and hide the keys that do not fit). On upgrade: ``Footer.compose`` still yields ``FooterKey``
widgets with an ``action`` attribute, the palette's key carrying the ``-command-palette`` class; or
Textual now exports it (then import it from there).
"""


class OneLineOptionList(OptionList):
    """An ``OptionList`` for many one-line rows: a filter keystroke neither measures every row nor
    re-renders every visible one.

    Touches ``OptionList._get_option_render`` and ``OptionList._update_lines`` (overridden), and reads
    ``_get_left_gutter_width``, ``_get_visual``, ``_option_to_index``, ``_line_cache`` and
    ``_scroll_update``. The base class caches rendered rows with their list index baked in and drops that
    cache on every ``set_options`` (each row re-rendered, ~0.5 ms apiece), and measures every option's
    height after each ``set_options`` (~100 ms for 1000 fresh rows); it offers no public way to say that
    rows are one line each or to keep rendered rows across ``set_options``.
    On upgrade: both methods still exist with these signatures, ``_line_cache`` still has ``lines``,
    ``heights`` and ``index_to_line``, and the rows still draw as before (the canary renders a list and
    the tool list's screenshots show it).

    Rows must not wrap (``text-wrap: nowrap``) and must have no dividers.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._row_strips: LRUCache[tuple[Option, Style, Spacing, int], list[Strip]] = LRUCache(4096)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        # Rows are reused across filters: cache them without the index and add it afterwards.
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        key = (option, style, padding, width)
        if (strips := self._row_strips.get(key)) is None:
            visual: Visual = self._get_visual(option)
            if padding:
                visual = Padding(visual, padding)
            rendered = visual.to_strips(self, visual, width, None, style)
            strips = [strip.extend_cell_length(width, style.rich_style) for strip in rendered]
            self._row_strips[key] = strips
        meta = {"option": self._option_to_index[option]}
        return [strip.apply_meta(meta) for strip in strips]

    def _update_lines(self) -> None:
        # Each option is exactly one line, so the line map is simply the index.
        if not self.scrollable_content_region:
            return
        cache = self._line_cache
        count = len(self.options)
        if len(cache.lines) != count:
            cache.lines[:] = [(index, 0) for index in range(count)]
            cache.heights.clear()
            cache.heights.update(dict.fromkeys(range(count), 1))
            cache.index_to_line.clear()
            cache.index_to_line.update(zip(range(count), range(count), strict=True))
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        virtual_size = Size(width, count)
        if virtual_size != self.virtual_size:
            self.virtual_size = virtual_size
            self._scroll_update(virtual_size)
