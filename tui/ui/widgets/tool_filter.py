"""The tool list's filter: the query language lives in the core (``tui.session.tool_query``), shared with
``mcp-tui tools --filter``; this module keeps the names the widgets import."""

from __future__ import annotations

from tui.session.query_help import FILTER_HELP, FILTER_HELP_SHORT
from tui.session.tool_query import (
    TOKEN_ALIASES,
    Term,
    ToolEntry,
    filter_tools,
    make_entry,
    name_rank,
    parse_query,
    query_problem,
    sort_entries,
    static_hints,
)

__all__ = [
    "FILTER_HELP",
    "FILTER_HELP_SHORT",
    "TOKEN_ALIASES",
    "Term",
    "ToolEntry",
    "filter_tools",
    "make_entry",
    "name_rank",
    "parse_query",
    "query_problem",
    "sort_entries",
    "static_hints",
]
