"""The header over each server's rows, and the two lines under the tool list, fitted to the sidebar's
width: the filter help, and the count of tools with the order they are sorted in.

At 80 columns the sidebar is 37 cells wide: the whole help would take four lines and leave a person
typing a filter three rows of tools, and the count line would lose its end. Wider, both say it all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets.option_list import Option

from tui.session.query_help import FILTER_HELP, FILTER_HELP_SHORT
from tui.ui.safe_text import literal, one_line

if TYPE_CHECKING:
    from tui.ui.widgets.tool_filter import ToolEntry
    from tui.ui.widgets.tool_rows import RowLayout

SERVER_NAME_LIMIT = 80
"""Characters of a server's name in its header (configured names are short; the header may be cut)."""


def server_header(server: str) -> Option:
    """The line over a server's tools when the list is sorted by server and shows several servers: its
    full name once, instead of on every row (two servers often offer tools of the same name)."""
    return Option(literal(f"@{one_line(server, SERVER_NAME_LIMIT)}", "bold $text-accent"), disabled=True)


def grouped_rows(
    entries: Sequence[ToolEntry], option_of: Mapping[int, Option], *, grouped: bool
) -> tuple[list[Option], list[ToolEntry | None]]:
    """The list's rows for ``entries`` (each one's row in ``option_of``, by ``id``), with a server's
    header before its first row when ``grouped``; and per row its entry, None for a header."""
    rows: list[Option] = []
    row_entries: list[ToolEntry | None] = []
    server = None
    for entry in entries:
        if grouped and entry.tool.server != server:
            server = entry.tool.server
            rows.append(server_header(server))
            row_entries.append(None)
        rows.append(option_of[id(entry)])
        row_entries.append(entry)
    return rows, row_entries


def cached_rows(names_only: Mapping[str, list[str]], layout: RowLayout | None) -> list[Option]:
    """Rows of a warm start's first frame (server -> the last run's tool names): the name where the
    list shows names, "cached" and the server; not selectable until the server lists them."""
    from tui.ui.widgets.tool_rows import RowLayout, cached_name_row

    layout = layout or RowLayout()
    return [
        Option(cached_name_row(name, server, layout), disabled=True)
        for server, names in names_only.items()
        for name in names
    ]


def count_text(total: int, shown: int, cached: int) -> str:
    """ "13 tools", "6 of 13 tools", and how many come from the last run's list, not confirmed yet."""
    count = f"{total} tools" if shown == total else f"{shown} of {total} tools"
    return count + (f" ({cached} cached from the last run, not yet confirmed)" if cached else "")


HELP_LINES = 3
"""Lines the whole filter help may take while the filter box has focus; past that, the short help."""


def filter_help(width: int) -> str:
    """The whole filter help where it wraps to at most ``HELP_LINES`` lines of ``width`` cells, else the
    short one (a ``width`` of 0, before the first layout, counts as wide)."""
    if width <= 0 or len(Content(FILTER_HELP).wrap(width)) <= HELP_LINES:
        return FILTER_HELP
    return FILTER_HELP_SHORT


def count_line(count: str, *, sorted_by_risk: bool, width: int) -> tuple[str, bool]:
    """The count line for ``width`` cells, and whether it must wrap to be read whole.

    The longest wording that fits on one line; when even the shortest does not (a long count, e.g. tools
    cached from the last run), the shortest, wrapped, rather than cut.
    """
    order, short_order = ("riskiest first", "by risk") if sorted_by_risk else ("by server", "by server")
    wordings = [
        f"{count} · sorted {order} (ctrl+t to change)",
        f"{count} · sorted {order} (ctrl+t)",
        f"{count} · {short_order} (ctrl+t)",
        # A narrow sidebar (80 columns): "6 of 13 · by risk (ctrl+t)"; "tools" is what the list shows.
        f"{count.replace(' tools', '', 1)} · {short_order} (ctrl+t)",
    ]
    if width <= 0:
        return wordings[0], False
    for text in wordings:
        if Content(text).cell_length <= width:
            return text, False
    return wordings[-2], True
