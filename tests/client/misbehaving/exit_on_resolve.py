"""A real stdio MCP server that exits the moment it receives tools/resolve (a crash mid-request)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp.server.context import ServerRequestContext
from mcp.server.stdio import stdio_server

sys.path.insert(0, str(Path(__file__).parent))
from servers import ResolveRequestParams, build_server


async def exit_now(ctx: ServerRequestContext[Any, Any], params: ResolveRequestParams) -> Any:
    os._exit(3)  # no reply, no clean shutdown: what a crash looks like to the client


async def main() -> None:
    server = build_server(exit_now)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
