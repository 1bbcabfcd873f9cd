"""An HTTP error status in answer to the handshake, said as one: the URL, the status, and the likely fix.

The SDK turns a 404 to ``initialize`` into a JSON-RPC "method not found" error ("Not Found"), which reads
as "the server does not support this request", and any other error status into "Server returned an error
response". What happened is that nothing answers MCP at that URL: most often a typo in the path, or a
legacy SSE endpoint (``/sse``; a POST there gets 404 or 405) configured as streamable HTTP. One GET
asking for an event stream tells the second case apart: an SSE endpoint answers it with one.
"""

from __future__ import annotations

import httpx2
import mcp_types as types
from mcp import MCPError

from tui.client.errors import leaf_exceptions
from tui.config.model import ServerConfig

PROBE_SECONDS = 5.0
"""The one GET that asks whether the URL is an SSE endpoint; the handshake has failed already."""


def handshake_status(exc: BaseException) -> str | None:
    """The HTTP status behind the SDK's stand-in error, in words; None when ``exc`` is not one."""
    for leaf in leaf_exceptions(exc):
        if not isinstance(leaf, MCPError):
            continue
        if leaf.code == types.METHOD_NOT_FOUND and leaf.message == "Not Found":
            return "HTTP 404 (Not Found)"
        if leaf.code == types.INTERNAL_ERROR and leaf.message == "Server returned an error response":
            return "an HTTP error status"
    return None


async def answers_like_sse(config: ServerConfig) -> bool:
    """Whether ``config.url`` answers a GET for ``text/event-stream`` with an event stream (read only its
    headers, then close: an SSE endpoint keeps the stream open)."""
    headers = {**config.headers, "Accept": "text/event-stream"}
    try:
        async with (
            httpx2.AsyncClient(timeout=PROBE_SECONDS) as client,
            client.stream("GET", str(config.url), headers=headers) as response,
        ):
            kind = response.headers.get("content-type", "").lower()
            return response.status_code == 200 and kind.startswith("text/event-stream")
    except httpx2.HTTPError:
        return False


async def describe_http_status(config: ServerConfig, status: str) -> str:
    """The handshake's HTTP error in words, with ``--sse`` / ``transport = "sse"`` when the URL answers
    as SSE."""
    said = f"{config.url} answered the MCP handshake with {status}: no streamable HTTP endpoint there"
    if await answers_like_sse(config):
        return (
            f"{said}; it answers like a legacy SSE endpoint: use --sse with --url, or "
            'transport = "sse" in the server\'s table in config.toml'
        )
    return f"{said}; check the URL"
