"""Noticing that a network server has gone away while nothing is being asked of it.

A stdio server that dies closes its pipe, and the connection ends at once. An HTTP server that dies
sends nothing, so without this it would look connected until the next call failed.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio
import mcp_types as types
from mcp import Client
from mcp.shared.exceptions import MCPError

from tui.client import errors

HEALTH_INTERVAL = 5.0
"""Seconds between pings: often enough to show a dead server within seconds, rare enough to cost nothing."""
HEALTH_TIMEOUT = 10.0
"""Seconds a ping may take before the server counts as gone (a busy server still answers pings)."""


async def watch_health(client: Client, on_lost: Callable[[str], None]) -> None:
    """Ping every :data:`HEALTH_INTERVAL` s; on the first failure call ``on_lost(reason)`` and return."""
    while True:
        await anyio.sleep(HEALTH_INTERVAL)
        try:
            with anyio.fail_after(HEALTH_TIMEOUT):
                await client.send_ping()
        except MCPError as error:
            # The SDK makes up these two itself when a stream fails or a request times out: not an
            # answer. Any other error reply (say, no ping in this protocol era) means it is there.
            if error.code not in (types.CONNECTION_CLOSED, types.REQUEST_TIMEOUT):
                continue
            on_lost(f"the server stopped answering ({errors.describe(error)})")
            return
        except Exception as exc:
            on_lost(f"the server stopped answering ({errors.describe(exc)})")
            return
