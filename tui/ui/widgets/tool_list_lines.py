"""The tool list's rows that are not tools (a server's header, a name from the last run), the rows in
their groups, and the two lines under the list, fitted to the sidebar's width: the filter help, and the
count of tools with the order they are sorted in.

At 80 columns the sidebar is 37 cells wide: the whole help would take four lines and leave a person
typing a filter three rows of tools, and the count line would lose its end. Wider, both say it all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.content import Content

from tui.session.query_help import FILTER_HELP, FILTER_HELP_SHORT
from tui.ui.safe_text import literal, one_line

if TYPE_CHECKING:
    from tui.ui.widgets.tool_filter import ToolEntry

SERVER_NAME_LIMIT = 80
"""Characters of a server's name in its header (configured names are short; the header may be cut)."""


@dataclass(frozen=True, slots=True)
class ServerHeader:
    """The line over a server's tools when the list is sorted by server and shows several servers: its
    full name once, instead of on every row (two servers often offer tools of the same name)."""

    server: str


@dataclass(frozen=True, slots=True)
class CachedName:
    """A row of a warm start's first frame: a tool name from the last run, before the session that grades
    it exists; no one can open it until the server lists it."""

    server: str
    name: str


if TYPE_CHECKING:
    Row = ToolEntry | ServerHeader | CachedName
    """A line of the tool list: a tool, or a line no one can choose."""


def selectable(row: Row) -> bool:
    """Whether the cursor may stop on ``row`` (and Enter or a click open it): a tool's row."""
    return not isinstance(row, ServerHeader | CachedName)


def header_content(header: ServerHeader) -> Content:
    return literal(f"@{one_line(header.server, SERVER_NAME_LIMIT)}", "bold $text-accent")


def grouped_rows(entries: Sequence[ToolEntry], *, grouped: bool) -> list[Row]:
    """The list's rows for ``entries``, with a server's header before its first row when ``grouped``."""
    if not grouped:
        return list(entries)
    rows: list[Row] = []
    server = None
    for entry in entries:
        if entry.tool.server != server:
            server = entry.tool.server
            rows.append(ServerHeader(server))
        rows.append(entry)
    return rows


def cached_rows(names_only: Mapping[str, list[str]]) -> list[Row]:
    """Rows of a warm start's first frame (server -> the last run's tool names)."""
    return [CachedName(server, name) for server, names in names_only.items() for name in names]


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
