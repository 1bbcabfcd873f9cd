"""The tool list's rows: an OptionList tuned for 1000 one-line rows (what a row says is in ``tool_rows``).

The tuning (``textual_internals.OneLineOptionList``) keeps rendered rows across filters and does not
measure each row's height, which is what a filter keystroke would otherwise cost. Nothing here grades or
draws a badge: the list is on the first frame, long before any tool is there to grade.
"""

from __future__ import annotations

from tui.ui.textual_internals import OneLineOptionList


class ToolOptions(OneLineOptionList):
    DEFAULT_CSS = """
    ToolOptions {
        height: 1fr; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; scrollbar-size-vertical: 1;
    }
    """
