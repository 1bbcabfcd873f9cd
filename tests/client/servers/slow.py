"""An in-process server that holds its answer to ``initialize`` until the test opens a gate.

It stands for a server that is slow to start: whatever a front end shows before the gate opens came from
somewhere other than this server (the tool cache of an earlier run).
"""

from __future__ import annotations

import asyncio
from typing import Any

import mcp_types as types
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer


class Gate:
    def __init__(self, opened: bool = False) -> None:
        self._event = asyncio.Event()
        if opened:
            self._event.set()

    def open(self) -> None:
        self._event.set()

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if ctx.method == "initialize":
            await self._event.wait()
        return await call_next(ctx)


def build_slow(gate: Gate, echo_description: str = "Returns its input.") -> MCPServer:
    """Tools ``echo`` (read-only; its description is the test's to choose) and ``shout``."""
    server = MCPServer("slow-test", version="2.0.0")

    @server.tool(
        description=echo_description,
        annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
    )
    def echo(text: str) -> str:
        return text

    @server.tool(annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False))
    def shout(text: str) -> str:
        """Returns its input in capitals."""
        return text.upper()

    server.middleware.append(gate)
    return server
