"""The tool list's rows on screen: a virtual list that draws only the rows in view.

At 10,000 tools a filter keystroke must repaint within 50 ms. An ``OptionList`` takes a new Option per
row on every filter (indexing all of them) and had to be tuned through private names to skip measuring
each row; this list takes the rows as they are (a sequence it keeps, not copies) and asks for the Content
of a row only when that row comes into view (``content_of``), so a keystroke costs the filter and the
twenty-odd rows on screen, whatever the number of matches.

A row is a tool's entry, or a line no one can choose (a server's header, a name from the last run): the
cursor skips those, a click on them does nothing. What a row says is ``tool_rows``' business.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding, Visual

from tui.ui.widgets.tool_list_lines import selectable

if TYPE_CHECKING:
    from tui.ui.widgets.tool_list_lines import Row


class ToolRowsView(ScrollView, can_focus=True):
    """One line per row; up/down/page/home/end move the highlight, Enter or a click chooses a row."""

    DEFAULT_CSS = """
    ToolRowsView {
        height: 1fr; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; scrollbar-size-vertical: 1;
        overflow-x: hidden; border: tall $border-blurred; padding: 0 1; background: $surface;
        & > .tool-rows--highlighted {
            color: $block-cursor-blurred-foreground; background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            border: tall $border; background-tint: $foreground 5%;
            & > .tool-rows--highlighted {
                color: $block-cursor-foreground; background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .tool-rows--disabled { color: $text-disabled; }
        & > .tool-rows--hover { background: $block-hover-background; }
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "tool-rows--row",
        "tool-rows--highlighted",
        "tool-rows--disabled",
        "tool-rows--hover",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("pagedown", "page(1)", "Page down", show=False),
        Binding("pageup", "page(-1)", "Page up", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None, init=False, always_update=True)
    """The index of the highlighted row (always a selectable one), or None."""

    class Highlighted(Message):
        """The highlight moved to ``row`` (None: no row is highlighted)."""

        def __init__(self, row: Row | None) -> None:
            super().__init__()
            self.row = row

    class Selected(Message):
        """The person chose ``row`` (Enter or a click)."""

        def __init__(self, row: Row) -> None:
            super().__init__()
            self.row = row

    def __init__(self, content_of: Callable[[Row], Content], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._content_of = content_of
        self._rows: Sequence[Row] = ()
        self._hover: int | None = None  # the row under the mouse
        # Rendered rows by (Content, style, width): a filter shows the same rows at other positions.
        self._strips: LRUCache[tuple[Content, Style, int], Strip] = LRUCache(1024)

    # ---- rows -------------------------------------------------------------------------------------

    @property
    def rows(self) -> Sequence[Row]:
        return self._rows

    @property
    def row_count(self) -> int:
        return len(self._rows)

    def content(self, index: int) -> Content:
        """What row ``index`` says (made now if it was never in view)."""
        return self._content_of(self._rows[index])

    def is_selectable(self, index: int) -> bool:
        return selectable(self._rows[index])

    def set_rows(self, rows: Sequence[Row], highlighted: int | None) -> None:
        """Show ``rows`` (kept, not copied: do not change it afterwards) with ``highlighted`` highlighted."""
        self._rows = rows
        self._hover = None
        self.virtual_size = Size(self.scrollable_content_region.width, len(rows))
        if highlighted is None:
            self.scroll_to(y=0, animate=False, immediate=True)
        self.highlighted = highlighted
        self.refresh()

    def forget_rendered(self) -> None:
        """Drop every rendered row (their Content was rebuilt, e.g. for another width)."""
        self._strips.clear()
        self.refresh()

    def validate_highlighted(self, index: int | None) -> int | None:
        if index is None or not 0 <= index < len(self._rows) or not selectable(self._rows[index]):
            return None
        return index

    def watch_highlighted(self, index: int | None) -> None:
        if index is not None:
            self._scroll_to_row(index)
        self.refresh()
        self.post_message(self.Highlighted(self._rows[index] if index is not None else None))

    def _scroll_to_row(self, index: int) -> None:
        if self.is_mounted:
            # The first tool under a header brings its header into view too: the server it belongs to.
            top = index - 1 if index > 0 and not selectable(self._rows[index - 1]) else index
            region = Region(0, top, self.scrollable_content_region.width, index - top + 1)
            self.scroll_to_region(region, animate=False, force=True, immediate=True)

    def on_resize(self) -> None:
        self.virtual_size = Size(self.scrollable_content_region.width, len(self._rows))
        if self.highlighted is not None:
            self._scroll_to_row(self.highlighted)

    def on_show(self) -> None:
        if self.highlighted is not None:
            self._scroll_to_row(self.highlighted)

    # ---- drawing ----------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        index = round(self.scroll_offset.y) + y
        width = self.scrollable_content_region.width
        if not 0 <= index < len(self._rows):
            return Strip.blank(width, self.get_visual_style("tool-rows--row").rich_style)
        row = self._rows[index]
        if not selectable(row):
            style = self.get_visual_style("tool-rows--row", "tool-rows--disabled")
        elif index == self.highlighted:
            style = self.get_visual_style("tool-rows--row", "tool-rows--highlighted")
        elif index == self._hover:
            style = self.get_visual_style("tool-rows--row", "tool-rows--hover")
        else:
            style = self.get_visual_style("tool-rows--row")
        content = self._content_of(row)
        key = (content, style, width)
        if (strip := self._strips.get(key)) is None:
            padding = self.get_component_styles("tool-rows--row").padding
            visual: Visual = Padding(content, padding) if padding else content
            strip = Visual.to_strips(self, visual, width, 1, style)[0].extend_cell_length(
                width, style.rich_style
            )
            self._strips[key] = strip
        # Shared as it is (a click finds its row by position, not by a mark on the strip): a row drawn
        # before, wherever it is now, costs a look-up.
        return strip

    # ---- keys and mouse ---------------------------------------------------------------------------

    def _next_selectable(self, start: int, step: int, *, wrap: bool) -> int | None:
        count = len(self._rows)
        index = start
        for _ in range(count):
            if not 0 <= index < count:
                if not wrap:
                    return None
                index %= count
            if selectable(self._rows[index]):
                return index
            index += step
        return None

    def action_cursor(self, step: int) -> None:
        """Next (1) or previous (-1) selectable row, wrapping round at either end as OptionList does."""
        if self.highlighted is None:
            self.highlighted = self._next_selectable(0 if step > 0 else len(self._rows) - 1, step, wrap=True)
        else:
            self.highlighted = self._next_selectable(self.highlighted + step, step, wrap=True)

    def action_page(self, direction: int) -> None:
        """A page down (1) or up (-1): the selectable row a screen's height away, or the last/first."""
        if not self._rows:
            return
        height = max(1, self.scrollable_content_region.height)
        anchor = self.highlighted if self.highlighted is not None else 0
        target = min(max(anchor + direction * height, 0), len(self._rows) - 1)
        found = self._next_selectable(target, direction, wrap=False)
        self.highlighted = (
            found if found is not None else self._next_selectable(target, -direction, wrap=False)
        )

    def action_first(self) -> None:
        self.highlighted = self._next_selectable(0, 1, wrap=False)

    def action_last(self) -> None:
        self.highlighted = self._next_selectable(len(self._rows) - 1, -1, wrap=False)

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self._rows[self.highlighted]))

    def _row_under(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)  # None on the border or the padding
        if offset is None:
            return None
        index = round(self.scroll_offset.y) + offset.y
        return index if 0 <= index < len(self._rows) else None

    def on_click(self, event: events.Click) -> None:
        index = self._row_under(event)
        if index is not None and selectable(self._rows[index]):
            self.highlighted = index
            self.action_select()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._row_under(event))

    def on_leave(self, _: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.refresh()
