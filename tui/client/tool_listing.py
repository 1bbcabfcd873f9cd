"""tools/list with every page and the draft flags kept (the SDK's models would drop them)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import mcp_types as types
from mcp import Client

from tui.client.convert import tool_info
from tui.client.ext_types import ExtListToolsResult, ExtTool, marks_tools
from tui.client.models import ToolInfo

MAX_PAGES = 100
"""A paginating server that never ends its cursor chain cannot hang the listing."""

_LISTINGS = itertools.count(1)
"""Numbers every listing, so answers given about an earlier listing are never reused (tools/list_changed)."""


async def list_all_tools(
    client: Client,
    server: str,
    capabilities: dict[str, Any],
    timeout: float,
    note: Callable[[str], None] = lambda _line: None,
) -> tuple[ToolInfo, ...]:
    tools: dict[str, ExtTool] = {}
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await client.session.send_request(
            types.ListToolsRequest(params=params), ExtListToolsResult, request_read_timeout_seconds=timeout
        )
        for tool in page.tools:
            # A repeated name keeps its first definition: calls go by name, so later ones are unreachable.
            tools.setdefault(tool.name, tool)
        cursor = page.next_cursor
        if not cursor:
            break
    kept = _absorbed_by_sdk(client, list(tools.values()))
    for name in tools.keys() - {tool.name for tool in kept}:
        note(f"[mcp-tui] {name} is left out: its x-mcp-header annotations are invalid (2026-07-28 rule)")
    raw_tools = [tool.model_dump(by_alias=True, mode="json", exclude_none=True) for tool in kept]
    marked = marks_tools(raw_tools)
    listing = next(_LISTINGS)
    return tuple(
        replace(tool_info(server, raw, capabilities, listing_marks_tools=marked), listing=listing)
        for raw in raw_tools
    )


def _absorbed_by_sdk(client: Client, tools: list[ExtTool]) -> list[ExtTool]:
    """The tools the SDK keeps, after it has learnt them as its own ``list_tools`` would have.

    This listing bypasses ``ClientSession.list_tools`` to keep the fields its models drop, so the
    session is handed the complete listing here: on 2026-07-28 connections it drops tools whose
    ``x-mcp-header`` annotations are invalid (a MUST) and remembers the rest, which is how
    ``call_tool`` mirrors those arguments into ``Mcp-Param-*`` headers. Earlier versions keep every tool.
    ``tests/client/test_sdk_canary.py`` fails first if the private method moves.
    """
    listing = types.ListToolsResult(tools=list(tools))
    absorbed = client.session._absorb_tool_listing(listing, complete=True)
    names = {tool.name for tool in absorbed.tools}
    return [tool for tool in tools if tool.name in names]
