"""Connecting the preflight code to a misbehaving server: real SDK client, real requests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
from mcp import Client
from mcp.server.lowlevel import Server
from pydantic import ConfigDict

from tui.client.resolve import send_resolve
from tui.model.results import ResolveOutcome
from tui.model.servers import ResolveMethod, ToolInfo
from tui.session.preflight import PreflightEngine

SERVER = "misbehaving"


class _RawList(types.Result):
    model_config = ConfigDict(extra="allow")


async def list_tool_infos(client: Client) -> dict[str, ToolInfo]:
    """tools/list with the draft flags kept (the SDK's Tool model would drop them)."""
    result = await client.session.send_request(types.ListToolsRequest(), _RawList)
    infos = {}
    for raw in (result.model_extra or {})["tools"]:
        method: ResolveMethod | None = None
        if raw.get("resolve"):
            method = "tools/resolve"
        elif raw.get("dynamicAnnotations"):
            method = "tools/annotations"
        infos[raw["name"]] = ToolInfo(
            server=SERVER,
            name=raw["name"],
            title=raw.get("title"),
            description=raw.get("description") or "",
            input_schema=raw["inputSchema"],
            output_schema=raw.get("outputSchema"),
            annotations=raw.get("annotations"),
            resolve_method=method,
            raw=raw,
        )
    return infos


@dataclass
class Connected:
    client: Client
    tools: dict[str, ToolInfo]
    connection: int = 1
    sent: list[dict[str, Any]] = field(default_factory=list)
    """Every arguments dict the resolver sent, in order."""

    async def resolve(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        timeout: float,
    ) -> ResolveOutcome:
        assert tool.resolve_method is not None
        self.sent.append(arguments)
        # In process: there is no transport to end (``Connection.ending`` says so on the app's path).
        session = self.client.session
        return await send_resolve(session, tool.resolve_method, tool.name, arguments, timeout, lambda: False)

    def engine(self, timeout: float = 30.0) -> PreflightEngine:
        """``timeout``: 30 s unless a test is about an expiring limit (never the reason a test fails)."""
        return PreflightEngine(self.resolve, lambda server: self.connection, timeout)


@asynccontextmanager
async def connected(server: Server[Any], mode: str = "legacy") -> AsyncIterator[Connected]:
    async with Client(server, mode=mode) as client:
        yield Connected(client, await list_tool_infos(client))
