"""What each row of the tool list says, made when the row first comes into view.

Every row of a list fits one layout (``tool_rows.choose_layout``: the badge form and the columns' widths,
from the list's width and the longest name), so a new layout makes every row's Content anew. Made
eagerly, that is 10,000 Contents for every server that connects; made when drawn, it is the rows on
screen, and a filter keystroke reuses them wherever they move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from textual.content import Content

from tui.ui.widgets.tool_list_lines import CachedName, ServerHeader, header_content

if TYPE_CHECKING:
    from tui.ui.widgets.tool_filter import ToolEntry
    from tui.ui.widgets.tool_list_lines import Row
    from tui.ui.widgets.tool_rows import RowLayout


class RowContents:
    """The Content of each row for the current layout, by row (a tool's entry by identity)."""

    def __init__(self) -> None:
        self.layout: RowLayout | None = None  # chosen with the first rows
        self.notes: dict[str, Mapping[str, str]] = {}  # server -> tool name -> "cached" / "changed"
        self._of_entry: dict[int, Content] = {}  # id(entry) -> its Content; entries are dropped by forget
        self._of_line: dict[ServerHeader | CachedName, Content] = {}

    def fit(
        self, width: int, names: list[str], servers: Iterable[str], *, names_only: bool
    ) -> tuple[bool, int]:
        """Choose the layout for ``width`` cells (10,000 before the first layout) and these names; whether
        it changed (then every Content is made anew), and the cells every row's grade, name and server
        need (a narrow sidebar is sized to them). ``servers``: those whose rows mix (sorted by risk)."""
        from tui.ui.widgets.tool_rows import BadgeForm, choose_layout, needed_cells

        notes = {note for by_name in self.notes.values() for note in by_name.values()}
        if names_only:
            notes.add("cached")
        layout = choose_layout(width, names, notes, servers)
        wanted = needed_cells(BadgeForm.CHIP_ONLY, layout.name_width, layout.server_width)
        if layout == self.layout:
            return False, wanted
        self.layout = layout
        self._of_entry.clear()
        self._of_line.clear()
        return True, wanted

    def forget(self, entries: Iterable[ToolEntry]) -> None:
        """Drop the Content of rows that are gone (their ids may be reused by new entries)."""
        for entry in entries:
            self._of_entry.pop(id(entry), None)

    def content_of(self, row: Row) -> Content:
        if isinstance(row, ServerHeader | CachedName):
            if (content := self._of_line.get(row)) is None:
                content = self._of_line[row] = self._line_content(row)
            return content
        if (content := self._of_entry.get(id(row))) is None:
            from tui.ui.widgets.tool_rows import RowLayout, tool_row

            note = self.notes.get(row.tool.server, {}).get(row.tool.name)
            content = self._of_entry[id(row)] = tool_row(row, self.layout or RowLayout(), note)
        return content

    def _line_content(self, row: ServerHeader | CachedName) -> Content:
        if isinstance(row, ServerHeader):
            return header_content(row)
        from tui.ui.widgets.tool_rows import RowLayout, cached_name_row

        return cached_name_row(row.name, row.server, self.layout or RowLayout())
