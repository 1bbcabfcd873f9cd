"""Telling the SDK's own failures apart from a server's error answer that carries the same code.

The SDK reports two conditions of its own as ``MCPError`` with codes from JSON-RPC's server-error range:
``CONNECTION_CLOSED`` (-32000) when the transport ends or the session has shut down, and
``REQUEST_TIMEOUT`` (-32001) when a request's read timeout elapses. Servers use the same codes for their
own errors (-32000 is the most common code in the wild), so the code alone says nothing. What happened
does (mcp 2.3, ``mcp.shared.jsonrpc_dispatcher``; ``tests/client/test_sdk_canary.py`` checks it):

- its timeout is raised while it handles the ``TimeoutError`` of the request's clock, so that
  ``TimeoutError`` is the error's ``__context__``; a server's answer is raised outside any handler;
- it reports a closed connection when the transport has ended (the connection knows: its transport
  watch saw the stream end) or when writing the request failed (a stream error is the ``__context__``);
- the streamable HTTP transport resolves a request whose response stream broke off with a stand-in
  error whose message starts "SSE stream" (``StreamableHTTPTransport._resolve_abandoned_request``).
"""

from __future__ import annotations

import anyio
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT

SDK_CLOSED_MESSAGE = "Connection closed"
"""The message of the SDK's own -32000 when a connection ends under a request (its dispatcher's)."""

_HTTP_STAND_IN_PREFIX = "SSE stream "
"""How the streamable HTTP transport's stand-ins for a broken response stream begin."""


def sdk_timed_out(error: MCPError) -> bool:
    """The SDK's read timeout elapsed (not a server answering -32001)."""
    return error.code == REQUEST_TIMEOUT and isinstance(error.__context__, TimeoutError)


def sdk_connection_closed(error: MCPError, transport_ended: bool) -> bool:
    """The connection ended under the request (not a server answering -32000).

    ``transport_ended``: whether the connection's transport had ended, or the connection was being
    closed, when the error arrived.
    """
    if error.code != CONNECTION_CLOSED:
        return False
    if transport_ended:
        return True
    if isinstance(error.__context__, anyio.BrokenResourceError | anyio.ClosedResourceError):
        return True
    return error.message.startswith(_HTTP_STAND_IN_PREFIX)


def from_server(error: MCPError, transport_ended: bool) -> bool:
    """The error is the server's own answer."""
    return not sdk_timed_out(error) and not sdk_connection_closed(error, transport_ended)
