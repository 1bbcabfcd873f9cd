"""Noticing that a network server has gone away while nothing is being asked of it.

A stdio server that dies closes its pipe, and the connection ends at once. An HTTP server that dies
sends nothing, so without this it would look connected until the next call failed.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio
from mcp import Client
from mcp.shared.exceptions import MCPError

from tui.client import errors
from tui.client.sdk_errors import from_server

HEALTH_INTERVAL = 5.0
"""Seconds between pings: often enough to show a dead server within seconds, rare enough to cost nothing."""
HEALTH_TIMEOUT = 10.0
"""Seconds a ping may take before the server counts as gone (a busy server still answers pings)."""


async def watch_health(
    client: Client, on_lost: Callable[[str], None], transport_ended: Callable[[], bool] = lambda: False
) -> None:
    """Ping every :data:`HEALTH_INTERVAL` s; on the first failure call ``on_lost(reason)`` and return.

    ``transport_ended``: whether the connection is over (``Connection.ending``), see ``sdk_errors``.
    """
    while True:
        await anyio.sleep(HEALTH_INTERVAL)
        try:
            with anyio.fail_after(HEALTH_TIMEOUT):
                # Through the session: ``Client.send_ping`` is marked deprecated (ping is gone from
                # 2026-07-28) and would print an MCPDeprecationWarning on the legacy connections that
                # need it. A 2026 server answers "method not found", which says it is there just as well.
                await client.session.send_ping()
        except MCPError as error:
            # An error reply (say, no ping in this protocol era, or -32000 "overloaded") means it is
            # there; the SDK's own "connection closed" and "timed out" carry the same codes, and do not.
            if from_server(error, transport_ended()):
                continue
            on_lost(f"the server stopped answering ({errors.describe(error)})")
            return
        except Exception as exc:
            on_lost(f"the server stopped answering ({errors.describe(exc)})")
            return
