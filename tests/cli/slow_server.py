"""A stdio MCP server for the headless tests: a call that waits until cancelled, and an image.

Run as ``python slow_server.py MARKER``: when the client cancels ``wait`` (notifications/cancelled), the
server writes "cancelled" to MARKER, so a test can prove the server was told.
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

import anyio
import mcp_types as types
from mcp.server.mcpserver import MCPServer

MARKER = Path(sys.argv[1])
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(32))
server = MCPServer("slow-test", version="1.0.0")


@server.tool(annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False))
async def wait(seconds: float = 600) -> str:
    """Wait, then answer; records its own cancellation."""
    MARKER.write_text("started", encoding="utf-8")  # noqa: ASYNC240 (a tiny file, once: keep it simple)
    try:
        await anyio.sleep(seconds)
    except anyio.get_cancelled_exc_class():
        MARKER.write_text("cancelled", encoding="utf-8")  # noqa: ASYNC240
        raise
    return "done waiting"


@server.tool(annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False))
def picture() -> list[types.ImageContent | types.TextContent]:
    """A small PNG and a caption."""
    image = types.ImageContent(type="image", data=base64.b64encode(PNG).decode(), mime_type="image/png")
    return [image, types.TextContent(type="text", text="a tiny picture")]


if __name__ == "__main__":
    server.run("stdio")
