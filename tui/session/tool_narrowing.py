"""Filtering the same tools keystroke after keystroke, as the tool list does while a person types.

Typing mostly narrows: ``d``, ``de``, ``del``, or one more term after a space. Every tool that matches
the longer query matched the shorter one, so the longer one only needs to look at the last matches, not at
every tool again; at 10,000 tools the first letter scans them all and the next ones a few hundred.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.session.tool_query import Term, ToolEntry, match_terms, parse_query, rank_by_name

# Kinds whose match is "value is a substring of the tool's text": a longer value matches fewer tools.
_SUBSTRING_KINDS = frozenset({"text", "server"})


def narrows(before: Sequence[Term], after: Sequence[Term]) -> bool:
    """Whether every tool matching ``after`` also matches ``before``: each earlier term is still there
    (or, wanted, grew into a longer substring), and any terms past them only add conditions."""
    if len(after) < len(before):
        return False
    for old, new in zip(before, after, strict=False):
        if old == new:
            continue
        grew = old.kind == new.kind and old.kind in _SUBSTRING_KINDS and old.value in new.value
        # "-ab" hides fewer tools than "-a": an excluded word that grows widens the match.
        if not (grew and old.wanted and new.wanted):
            return False
    return True


class NarrowingFilter:
    """The matches of one query after another over the same ``entries`` (given in display order)."""

    def __init__(self, entries: Sequence[ToolEntry]) -> None:
        self._entries = entries
        self._terms: list[Term] | None = None  # the last query's, None before the first
        self._matches: Sequence[ToolEntry] = entries  # the last query's, in display order (not ranked)

    def apply(self, query: str) -> list[ToolEntry]:
        """The entries matching ``query``, ranked as :func:`~tui.session.tool_query.filter_tools` ranks
        them."""
        terms = parse_query(query)
        narrower = self._terms is not None and narrows(self._terms, terms)
        matches = match_terms(self._matches if narrower else self._entries, terms)
        self._terms, self._matches = terms, matches
        return rank_by_name(matches, terms)
