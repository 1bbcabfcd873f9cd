"""NarrowingFilter: typing a query key by key gives exactly what filtering every tool would, while a
query that only narrows the last one looks at the last matches alone."""

from __future__ import annotations

import pytest

from tui.model.servers import ToolInfo
from tui.session.tool_narrowing import NarrowingFilter, narrows
from tui.session.tool_query import (
    ToolEntry,
    filter_tools,
    make_entry,
    name_rank,
    parse_query,
    rank_by_name,
    sort_entries,
)

ANNOTATIONS: list[dict[str, object] | None] = [
    {"readOnlyHint": True, "openWorldHint": False},
    {"readOnlyHint": True},
    {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True},
    {"destructiveHint": True, "openWorldHint": False},
    None,
]
VERBS = ("read", "list", "append", "delete", "fetch", "destroy", "search", "move")


def entries() -> list[ToolEntry]:
    tools = [
        ToolInfo(
            server=f"srv{s}",
            name=f"{VERBS[i % len(VERBS)]}_{i}",
            title=f"{VERBS[i % len(VERBS)].title()} item {i}" if i % 3 else None,
            description=f"Works on record {i} of widget {i * 7}",
            input_schema={"type": "object"},
            output_schema=None,
            annotations=ANNOTATIONS[i % len(ANNOTATIONS)],
            resolve_method="tools/resolve" if i % 10 == 0 else None,
        )
        for s in range(3)
        for i in range(60)
    ]
    return sort_entries([make_entry(tool) for tool in tools], by_risk=False)


# Each is typed a key at a time, then deleted a key at a time: growing words, a word that becomes a badge
# ("dest") and then text again ("destr"), excluded words that grow (and so match more), server terms.
TYPED = [
    "delete 1",
    "destroy",
    "-de -des",
    "read -1",
    "server:srv1 ro",
    "server:srv grade:high+ w",
    '"ro" item',
    "move_1 widget 7",
]


@pytest.mark.parametrize("query", TYPED)
def test_typing_and_deleting_key_by_key_matches_a_fresh_filter_at_every_step(query: str) -> None:
    rows = entries()
    narrowing = NarrowingFilter(rows)
    steps = [query[:n] for n in range(len(query) + 1)] + [query[:n] for n in range(len(query) - 1, -1, -1)]
    for typed in steps:
        assert narrowing.apply(typed) == filter_tools(rows, typed), typed


def test_a_longer_word_or_one_more_term_narrows_and_nothing_else_does() -> None:
    def said(before: str, after: str) -> bool:
        return narrows(parse_query(before), parse_query(after))

    assert said("de", "del")
    assert said("del", "del ")
    assert said("del", "del file")
    assert said("server:sr", "server:srv1")
    assert said("ro", "ro grade:high+")
    assert not said("del", "de")  # shorter: more tools
    assert not said("-de", "-del")  # excluding a longer word hides fewer tools
    assert not said("des", "dest")  # a word that became a badge
    assert not said("dest", "destr")  # and text again
    assert not said("del file", "del")
    assert said("del file", "del file")  # the same query (a key that changed nothing)


def test_a_narrowing_query_looks_only_at_the_last_matches() -> None:
    rows = entries()
    narrowing = NarrowingFilter(rows)
    matches = narrowing.apply("destroy")
    # Take every tool away behind the filter's back: a narrower query still finds its tools among the
    # last matches, so it did not look at the tools again.
    rows.clear()
    narrower = narrowing.apply("destroy_1")
    assert narrower == [entry for entry in matches if "destroy_1" in entry.haystack] != []
    # A query that does not narrow looks at every tool given (none now).
    assert narrowing.apply("read") == []


@pytest.mark.parametrize("query", ["d", "delete_1", "item", "read 1", "widget", "ro list", "-read move"])
def test_ranking_puts_names_with_a_searched_word_first_as_a_stable_sort_would(query: str) -> None:
    rows = entries()
    terms = parse_query(query)
    words = [term.value for term in terms if term.kind == "text" and term.wanted]
    expected = sorted(rows, key=lambda entry: name_rank(entry.name_lower, words)) if words else rows
    assert rank_by_name(rows, terms) == expected
