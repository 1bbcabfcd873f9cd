"""Paging a list method: every page in order, and a server's cursor chain can neither loop nor run on."""

from __future__ import annotations

from pydantic import BaseModel

from tui.client.list_entries import MAX_PAGES, Page, PageFetch, all_pages
from tui.model.servers import LeftOut


def pages_from(
    next_cursor: dict[str | None, str | None],
) -> tuple[list[tuple[str | None, int]], PageFetch[BaseModel]]:
    """A fetch that serves one malformed entry per page, following ``next_cursor``; and what it was asked."""
    asked: list[tuple[str | None, int]] = []

    async def fetch(cursor: str | None, first: int) -> Page[BaseModel]:
        asked.append((cursor, first))
        return Page([], [LeftOut(f"entry {first}")], next_cursor.get(cursor))

    return asked, fetch


async def test_every_page_is_fetched_in_order_with_entries_numbered_across_pages() -> None:
    asked, fetch = pages_from({None: "b", "b": "c", "c": None})
    listing = await all_pages(fetch)
    assert asked == [(None, 1), ("b", 2), ("c", 3)]
    assert [str(problem) for problem in listing.left_out] == ["entry 1", "entry 2", "entry 3"]
    assert not listing.truncated


async def test_a_cursor_handed_back_again_ends_the_listing() -> None:
    asked, fetch = pages_from({None: "again", "again": "again"})
    listing = await all_pages(fetch)
    assert [cursor for cursor, _ in asked] == [None, "again"]
    assert not listing.truncated


async def test_an_endless_chain_stops_at_the_page_limit_and_says_so() -> None:
    asked: list[str | None] = []

    async def fetch(cursor: str | None, first: int) -> Page[BaseModel]:
        asked.append(cursor)
        return Page([], [], f"page-{len(asked)}")

    listing = await all_pages(fetch)
    assert len(asked) == MAX_PAGES
    assert listing.truncated
