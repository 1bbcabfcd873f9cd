"""A stdio MCP server with one prompt, ``blocks``, whose messages carry every kind of content block."""

from __future__ import annotations

import base64
from typing import Any

from mcp.server.mcpserver import MCPServer

PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x01").decode()
WAV = base64.b64encode(b"RIFF\x00\x00WAVE").decode()
MESSAGES: list[dict[str, Any]] = [
    {
        "role": "user",
        "content": {"type": "text", "text": "[b]Look[/b] at these", "annotations": {"priority": 1}},
    },
    {"role": "user", "content": {"type": "image", "data": PNG, "mimeType": "image/png"}},
    {"role": "assistant", "content": {"type": "audio", "data": WAV, "mimeType": "audio/wav"}},
    {
        "role": "user",
        "content": {
            "type": "resource",
            "resource": {"uri": "notes://one", "mimeType": "text/plain", "text": "the note"},
        },
    },
]


def build() -> MCPServer:
    server = MCPServer("prompt-blocks")

    @server.prompt(name="blocks", description="One message of each kind")
    def blocks() -> list[dict[str, Any]]:
        return MESSAGES

    return server


if __name__ == "__main__":
    build().run("stdio")
