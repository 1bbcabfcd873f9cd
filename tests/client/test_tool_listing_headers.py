"""2026-07-28 tool listings follow the SDK's x-mcp-header rules although mcp-tui lists tools itself.

mcp-tui sends tools/list on its own (to keep the draft fields the SDK's models drop), so it must hand
the listing to the SDK session: a tool whose ``x-mcp-header`` annotation is invalid is left out (a MUST
of 2026-07-28, with a line in the server's log saying why), and the valid ones are what lets a later
tools/call carry its ``Mcp-Param-*`` headers (checked end to end by the conformance suite's
http-custom-headers scenario). Earlier protocol versions have no such rule: every tool stays.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from servers.harness import running, wait_status, wait_until

from tui.config.model import ServerConfig
from tui.model.events import StderrLine
from tui.model.servers import ConnectionStatus

HEADERS = {"good": "Region", "bad": "My Region"}
"""The header each tool's ``region`` argument is mirrored into; a space is not allowed in a header name."""


async def annotate(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    result = await call_next(ctx)
    if isinstance(result, dict) and ctx.method == "tools/list":
        for tool in result.get("tools", []):
            tool["inputSchema"]["properties"]["region"]["x-mcp-header"] = HEADERS[tool["name"]]
    return result


def server() -> MCPServer:
    built = MCPServer("headers")

    @built.tool()
    def good(region: str) -> str:
        return region

    @built.tool()
    def bad(region: str) -> str:
        return region

    built.middleware.append(annotate)
    return built


@pytest.mark.parametrize(("mode", "listed"), [("auto", {"good"}), ("legacy", {"good", "bad"})])
async def test_a_tool_with_an_invalid_header_annotation_is_left_out_on_2026(
    mode: str, listed: set[str]
) -> None:
    config = ServerConfig(name="h", transport="stdio", command="unused", protocol=mode)
    async with running([config], targets={"h": server()}) as (manager, events):
        await wait_status(manager, "h", ConnectionStatus.CONNECTED)
        await wait_until(lambda: bool(manager.tools("h")))
        assert {tool.name for tool in manager.tools("h")} == listed
        notes = [e.line for e in events.of(StderrLine) if "x-mcp-header" in e.line]
        assert bool(notes) == ("bad" not in listed)
        assert all('"bad" is left out' in note for note in notes)
