"""The tool list's rows: an OptionList tuned for 1000 one-line rows (what a row says is in ``tool_rows``).

The tuning overrides two private OptionList methods (Textual 8.x is pinned in pyproject): the base
class measures every row's height and re-renders every visible row after each set_options, which is
what a filter keystroke does. Nothing here grades or draws a badge: the list is on the first frame, long
before any tool is there to grade.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.geometry import Size, Spacing
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding, Visual
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class ToolOptions(OptionList):
    DEFAULT_CSS = """
    ToolOptions {
        height: 1fr; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._row_strips: LRUCache[tuple[Option, Style, Spacing, int], list[Strip]] = LRUCache(4096)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        # The base class caches rendered rows with their list index baked in and drops that cache
        # on every set_options, so each keystroke re-rendered every visible row (~0.5 ms each).
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
        # Rows never wrap (text-wrap: nowrap) and have no dividers, so each option is exactly one
        # line. The base class measures every option's height after each set_options, which for
        # 1000 freshly built rows costs ~100 ms; here the line map is simply the index.
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
