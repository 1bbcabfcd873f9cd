"""A connected server's capabilities exactly as it sent them.

The SDK's typed capabilities keep only what it models, so they lack the draft ``tools.resolve`` flags this
client reads (``ext_types``). The capabilities are therefore taken from the handshake as sent; a 2026
connection whose handshake carried none is asked with server/discover; the typed ones are the last resort.
"""

from __future__ import annotations

from typing import Any

import anyio
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tui.client.transports import TransportWatch


async def sent_capabilities(client: Client, watch: TransportWatch, timeout: float) -> dict[str, Any]:
    """The capabilities of the server ``client`` is connected to; ``timeout``: seconds for server/discover."""
    raw = (watch.handshake or {}).get("capabilities")
    if raw is None and client.protocol_version in MODERN_PROTOCOL_VERSIONS:
        try:
            with anyio.fail_after(timeout):
                discovered = await client.session.send_discover(client.protocol_version)
            raw = discovered.get("capabilities")
        except (MCPError, TimeoutError):
            raw = None
    if not isinstance(raw, dict):
        raw = client.server_capabilities.model_dump(by_alias=True, mode="json", exclude_none=True)
    return raw
