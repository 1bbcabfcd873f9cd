"""A tools/list_changed that a server announces while it answers a connection's first tools/list is
followed: the first listing may already be out of date, and the follower starts only after it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp_types as types
from feature_server import build
from mcp.server.context import ServerRequestContext
from servers.harness import wait_until
from session_harness import started


async def test_a_change_announced_during_the_first_listing_is_listed(home: Path) -> None:
    server = build()
    listed = server._lowlevel_server.get_request_handler("tools/list")
    assert listed is not None
    first = True

    def late_tool() -> str:
        """Added while the first listing was answered."""
        return "late"

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: Any) -> Any:
        nonlocal first
        answer = await listed.handler(ctx, params)  # the list as it is now, without late_tool
        if first:
            first = False
            server.add_tool(late_tool, name="late_tool")
            await ctx.session.send_tool_list_changed()  # heard before the answer it follows
        return answer

    server._lowlevel_server.add_request_handler("tools/list", types.PaginatedRequestParams, list_tools)
    async with started(home, server) as (session, _):
        await session.ready("f", timeout=45)
        await wait_until(lambda: "late_tool" in {tool.name for tool in session.manager.tools("f")})  # type: ignore[union-attr]
