"""The two lines under the tool list: the filter help, and the count of tools shown with the order they
are sorted in (or why the filter can match nothing). What they say is ``tool_list_lines``' business;
these widgets fit it to their width."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tui.session.query_help import FILTER_HELP
from tui.ui.widgets.tool_list_lines import count_line, filter_help

LINE_PADDING = 2
"""Cells of the list's width that the lines under it cannot use: their padding."""


def line_width(list_width: int) -> int:
    """Cells for the text of the lines under a list ``list_width`` wide (0 before the first layout)."""
    return max(0, list_width - LINE_PADDING) if list_width else 0


class FilterHelp(Static):
    """How to write a filter: the whole help where it fits in a few lines, else the short one."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(Content(FILTER_HELP), id=id, classes=classes)

    def fit(self, list_width: int) -> None:
        text = filter_help(line_width(list_width))
        if str(self.content) != text:
            self.update(Content(text))


class CountLine(Static):
    """``6 of 13 tools · sorted by server (ctrl+t to change)``, or the count and why nothing can match."""

    def show(self, count: str, problem: str | None, *, sorted_by_risk: bool, list_width: int) -> None:
        one_line_before = self._one_line
        self.set_class(problem is not None, "-problem")
        if problem is not None:
            self.remove_class("-wrap")
            text = f"{count} · {problem}"
        else:
            text, wraps = count_line(count, sorted_by_risk=sorted_by_risk, width=line_width(list_width))
            self.set_class(wraps, "-wrap")
        # A line that was and stays one line high moves nothing: no layout of the screen for it (it is
        # shown on every filter keystroke).
        self.update(Content(text), layout=not (one_line_before and self._one_line))

    @property
    def _one_line(self) -> bool:
        """One line high: neither a problem nor a count that wraps (those grow as tall as they need)."""
        return not (self.has_class("-problem") or self.has_class("-wrap"))
