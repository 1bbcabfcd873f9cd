"""tools/list with every page and the draft flags kept (the SDK's models would drop them)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import mcp_types as types
from mcp import Client

from tui.client.convert import tool_info
from tui.client.ext_types import ExtListToolsResult, marks_tools
from tui.client.models import ToolInfo

MAX_PAGES = 100
"""A paginating server that never ends its cursor chain cannot hang the listing."""

_LISTINGS = itertools.count(1)
"""Numbers every listing, so answers given about an earlier listing are never reused (tools/list_changed)."""


async def list_all_tools(
    client: Client, server: str, capabilities: dict[str, Any], timeout: float
) -> tuple[ToolInfo, ...]:
    raw_tools: dict[str, dict[str, Any]] = {}
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await client.session.send_request(
            types.ListToolsRequest(params=params), ExtListToolsResult, request_read_timeout_seconds=timeout
        )
        for tool in page.tools:
            # A repeated name keeps its first definition: calls go by name, so later ones are unreachable.
            raw_tools.setdefault(tool.name, tool.model_dump(by_alias=True, mode="json", exclude_none=True))
        cursor = page.next_cursor
        if not cursor:
            break
    marked = marks_tools(list(raw_tools.values()))
    listing = next(_LISTINGS)
    return tuple(
        replace(tool_info(server, raw, capabilities, listing_marks_tools=marked), listing=listing)
        for raw in raw_tools.values()
    )
