"""The pages of a list result (tools/list, resources/list, prompts/list) checked entry by entry.

The SDK validates a whole result at once, so one malformed entry would fail the listing and hide every
well-formed one. Here a page is received as sent, its envelope (cursor, cache fields) is checked on its
own, and then each entry is checked against the same schema the SDK uses for the negotiated protocol
version: a malformed entry is left out with a sentence that says which and why. Only a page whose own
shape is wrong fails the listing, as a ``MalformedResult``.

Receiving a result unvalidated needs the session's request stamp and dispatcher (both private): see
``sdk_internals.send_unvalidated``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import mcp_types as types
from mcp import Client
from mcp_types.methods import validate_server_result
from pydantic import BaseModel, ValidationError

from tui.client.sdk_internals import send_unvalidated
from tui.model.servers import LeftOut
from tui.safety.visible_text import visible_line

M = TypeVar("M", bound=BaseModel)

LIST_KEYS: Mapping[str, str] = {
    "tools/list": "tools",
    "resources/list": "resources",
    "resources/templates/list": "resourceTemplates",
    "prompts/list": "prompts",
}

_REQUESTS: Mapping[str, Any] = {
    "tools/list": types.ListToolsRequest,
    "resources/list": types.ListResourcesRequest,
    "resources/templates/list": types.ListResourceTemplatesRequest,
    "prompts/list": types.ListPromptsRequest,
}

SHOWN_PROBLEMS = 3
"""Problems named per entry; the rest are counted."""

_KINDS: Mapping[str, str] = {
    "string_type": "is not a string",
    "list_type": "is not a list",
    "dict_type": "is not an object",
    "model_type": "is not an object",
    "model_attributes_type": "is not an object",
    "bool_type": "is not true or false",
    "int_type": "is not an integer",
    "missing": "is missing",
}


class MalformedResult(Exception):
    """A list result whose own shape is wrong (not one of its entries): nothing of it can be used."""


@dataclass(frozen=True)
class Entry(Generic[M]):
    """One well-formed entry: its model and the wire dict exactly as the server sent it."""

    model: M
    raw: dict[str, Any]


@dataclass(frozen=True)
class Page(Generic[M]):
    entries: list[Entry[M]]
    left_out: list[LeftOut]
    next_cursor: str | None

    @property
    def size(self) -> int:
        """How many entries the page had, well-formed or not (to number the next page's)."""
        return len(self.entries) + len(self.left_out)


MAX_PAGES = 100
"""A paginating server that never ends its cursor chain cannot hang the listing."""

PageFetch = Callable[[str | None, int], Awaitable[Page[M]]]
"""Fetch the page at a cursor (None: the first), numbering its entries from the given position."""


@dataclass(frozen=True)
class Listing(Generic[M]):
    """Every page of one list method, put together."""

    entries: list[Entry[M]]
    left_out: list[LeftOut]
    truncated: bool
    """Stopped at MAX_PAGES while the server still offered another page."""


async def all_pages(fetch: PageFetch[M]) -> Listing[M]:
    """Every page, in order, until the cursor chain ends or hands back a cursor already asked for (a
    server doing that would otherwise have every entry listed MAX_PAGES times), or MAX_PAGES pages."""
    entries: list[Entry[M]] = []
    left_out: list[LeftOut] = []
    cursor: str | None = None
    asked: set[str] = set()
    seen = 0
    for _ in range(MAX_PAGES):
        page = await fetch(cursor, seen + 1)
        seen += page.size
        entries.extend(page.entries)
        left_out.extend(page.left_out)
        cursor = page.next_cursor
        if not cursor or cursor in asked:
            return Listing(entries, left_out, truncated=False)
        asked.add(cursor)
    return Listing(entries, left_out, truncated=True)


def problems(errors: list[Any]) -> str:
    """Pydantic errors in words and wire names: ``title is not a string; inputSchema is missing``."""
    found = []
    for error in errors[:SHOWN_PROBLEMS]:
        where = ".".join(str(part) for part in error["loc"]) or "the entry"
        kind = _KINDS.get(error["type"])
        msg = str(error["msg"])
        found.append(f"{where} {kind or 'is wrong: ' + msg[:1].lower() + msg[1:]}")
    more = len(errors) - len(found)
    return "; ".join(found) + (f" (and {more} more)" if more > 0 else "")


def entry_label(method: str, position: int, raw: Any) -> str:
    """``tools/list entry 3 ("name")``: which entry, by its place in the listing and its name if any."""
    name = raw.get("name") if isinstance(raw, dict) else None
    # On one line whatever the server put in it: the sentence is printed as a line of its own.
    return f"{method} entry {position}" + (f' ("{visible_line(name)}")' if isinstance(name, str) else "")


async def list_page(
    client: Client,
    method: str,
    model: type[M],
    *,
    cursor: str | None,
    timeout: float,
    first_position: int = 1,
) -> Page[M]:
    """One page of ``method``; ``first_position`` numbers its entries within the whole listing."""
    params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
    raw = await send_unvalidated(client, _REQUESTS[method](params=params), timeout)
    return check_page(method, client.protocol_version or "2025-11-25", raw, model, first_position)


def check_page(method: str, version: str, raw: Any, model: type[M], first_position: int = 1) -> Page[M]:
    """A received page split into well-formed entries and sentences about the rest."""
    key = LIST_KEYS[method]
    if not isinstance(raw, dict):
        raise MalformedResult(f"the server sent a malformed {method} result: it is not an object")
    items = raw.get(key)
    if not isinstance(items, list):
        what = "is missing" if key not in raw else "is not a list"
        raise MalformedResult(f"the server sent a malformed {method} result: {key} {what}")
    envelope = _clamped({**raw, key: []})
    cursor = envelope.get("nextCursor")
    errors = _surface_errors(method, version, envelope)
    if cursor is not None and not isinstance(cursor, str):
        errors.append({"loc": ("nextCursor",), "type": "string_type", "msg": ""})
    if errors:
        raise MalformedResult(f"the server sent a malformed {method} result: {problems(errors)}")
    entries: list[Entry[M]] = []
    left_out: list[LeftOut] = []
    for position, item in enumerate(items, start=first_position):
        wrong = _entry_errors(method, version, envelope, key, item, model)
        if wrong:
            name = item.get("name") if isinstance(item, dict) else None
            text = f"{entry_label(method, position, item)} is left out: {problems(wrong)}"
            left_out.append(LeftOut(text, name if isinstance(name, str) else None))
        else:
            entries.append(Entry(model.model_validate(item), item))
    return Page(entries, left_out, cursor)


def _entry_errors(
    method: str, version: str, envelope: dict[str, Any], key: str, item: Any, model: type[BaseModel]
) -> list[Any]:
    """What is wrong with one entry: the negotiated version's schema first, then the model's."""
    found = [
        {**error, "loc": error["loc"][2:]}
        for error in _surface_errors(method, version, {**envelope, key: [item]})
        if error["loc"][:2] == (key, 0)
    ]
    if found:
        return found
    try:
        model.model_validate(item)
    except ValidationError as exc:
        return list(exc.errors())
    return []


def _surface_errors(method: str, version: str, data: dict[str, Any]) -> list[Any]:
    """The errors the SDK's check of ``method``'s result at ``version`` finds (none for unknown pairs)."""
    try:
        validate_server_result(method, version, data)
    except ValidationError as exc:
        return list(exc.errors())
    except (KeyError, ValueError):
        return []
    return []


def _clamped(raw: dict[str, Any]) -> dict[str, Any]:
    """A negative cache lifetime counts as zero, as the SDK reads it (a 2026-07-28 SHOULD)."""
    ttl = raw.get("ttlMs")
    if isinstance(ttl, int | float) and not isinstance(ttl, bool) and ttl < 0:
        return {**raw, "ttlMs": 0}
    return raw
