"""tools/list with every page, the draft flags kept (the SDK's models would drop them), and every
entry checked on its own: a malformed one, or a name listed with two different definitions, is left out
and said, while the rest of the listing stays usable."""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

import mcp_types as types
from mcp import Client

from tui.client.convert import tool_info
from tui.client.ext_types import ExtTool, marks_tools
from tui.client.list_entries import Entry, all_pages, list_page
from tui.client.sdk_internals import absorb_tool_listing
from tui.model.servers import LeftOut, ToolInfo
from tui.safety.tool_hash import canonical_json
from tui.safety.visible_text import visible_line

_LISTINGS = itertools.count(1)
"""Numbers every listing, so answers given about an earlier listing are never reused (tools/list_changed)."""


@dataclass(frozen=True)
class ToolListing:
    tools: tuple[ToolInfo, ...]
    left_out: tuple[LeftOut, ...] = ()
    """Each tools/list entry (or name) left out, and why."""


async def list_all_tools(
    client: Client, server: str, capabilities: dict[str, Any], timeout: float
) -> ToolListing:
    pages = await all_pages(
        lambda cursor, first: list_page(
            client, "tools/list", ExtTool, cursor=cursor, timeout=timeout, first_position=first
        )
    )
    left_out = list(pages.left_out)
    unique, ambiguous = _one_per_name(pages.entries)
    left_out.extend(ambiguous)
    # A name also listed as a malformed entry has a second definition too: which one a call reaches is
    # just as unknown, so it is withheld like any other twin.
    malformed_names = {problem.name for problem in left_out if problem.name is not None}
    for entry in [entry for entry in unique if entry.model.name in malformed_names]:
        unique.remove(entry)
        text = (
            f'tools/list: "{visible_line(entry.model.name)}" is left out: it is also listed as a malformed '
            "entry, so which definition a call would reach is unknown"
        )
        left_out.append(LeftOut(text, entry.model.name))
    kept = _absorbed_by_sdk(client, unique)
    kept_names = {entry.model.name for entry in kept}
    for entry in unique:
        if entry.model.name not in kept_names:
            name = visible_line(entry.model.name)
            why = "its x-mcp-header annotations are invalid (2026-07-28 rule)"
            text = f'tools/list: "{name}" is left out: {why}'
            left_out.append(LeftOut(text, entry.model.name))
    raw_tools = [entry.raw for entry in kept]
    marked = marks_tools(raw_tools)
    listing = next(_LISTINGS)
    tools = tuple(
        replace(tool_info(server, raw, capabilities, listing_marks_tools=marked), listing=listing)
        for raw in raw_tools
    )
    return ToolListing(tools, tuple(left_out))


def _one_per_name(entries: list[Entry[ExtTool]]) -> tuple[list[Entry[ExtTool]], list[LeftOut]]:
    """One entry per name; a name listed with different definitions is left out altogether.

    Calls go by name, so which of two definitions a call reaches is the server's choice: a harmless
    twin listed first would lend its hints (and its grade) to a destructive one. Grading by the riskier
    twin would still show one definition's schema and description for a call that may reach the other,
    so neither is offered until the server lists the name once. The same definition listed twice (a
    repeated page) is one tool.
    """
    by_name: dict[str, list[Entry[ExtTool]]] = defaultdict(list)
    for entry in entries:
        by_name[entry.model.name].append(entry)
    unique: list[Entry[ExtTool]] = []
    ambiguous: list[LeftOut] = []
    for name, same_name in by_name.items():
        if len({canonical_json(entry.raw) for entry in same_name}) == 1:
            unique.append(same_name[0])
        else:
            text = (
                f'tools/list: "{visible_line(name)}" is left out: it is listed {len(same_name)} times with '
                "different definitions, so which one a call would reach is unknown"
            )
            ambiguous.append(LeftOut(text, name))
    return unique, ambiguous


def _absorbed_by_sdk(client: Client, entries: list[Entry[ExtTool]]) -> list[Entry[ExtTool]]:
    """The entries the SDK keeps, after it has learnt them as its own ``list_tools`` would have.

    This listing bypasses ``ClientSession.list_tools`` to keep the fields its models drop, so the
    session is handed the complete listing here: on 2026-07-28 connections it drops tools whose
    ``x-mcp-header`` annotations are invalid (a MUST) and remembers the rest, which is how
    ``call_tool`` mirrors those arguments into ``Mcp-Param-*`` headers. Earlier versions keep every tool.
    The session offers no public way to be handed a listing: see ``sdk_internals``.
    """
    listing = types.ListToolsResult(tools=[entry.model for entry in entries])
    absorbed = absorb_tool_listing(client, listing)
    names = {tool.name for tool in absorbed.tools}
    return [entry for entry in entries if entry.model.name in names]
