"""SEP-2322: a 2026-07-28 result without ``resultType`` is a complete result.

The spec says a client MUST read an absent ``resultType`` as ``"complete"``, but the SDK (mcp 2.3) checks
every result against the 2026-07-28 wire models, where the field is required, before any result type we
could give it is used: a server that leaves it out would have each of its answers refused as "does not
follow the MCP schema". The transport watch fills it in before the SDK sees the answer, and only for the
answer to a request that was sent on the 2026-07-28 protocol (its ``_meta`` names the version); answers
on earlier versions, errors, and results that state a ``resultType`` pass unchanged.
"""

from __future__ import annotations

from mcp.shared.message import SessionMessage
from mcp_types import PROTOCOL_VERSION_META_KEY, JSONRPCError, JSONRPCRequest, JSONRPCResponse
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

MAX_PENDING = 10_000
"""Requests never answered must not pile up: past this many, the oldest are forgotten."""


class ModernRequests:
    """The ids of requests sent on a modern protocol and not yet answered."""

    def __init__(self) -> None:
        self._pending: dict[str | int, None] = {}

    def sent(self, item: SessionMessage) -> None:
        message = item.message
        if not isinstance(message, JSONRPCRequest):
            return
        meta = (message.params or {}).get("_meta")
        if isinstance(meta, dict) and meta.get(PROTOCOL_VERSION_META_KEY) in MODERN_PROTOCOL_VERSIONS:
            if len(self._pending) >= MAX_PENDING:
                del self._pending[next(iter(self._pending))]
            self._pending[message.id] = None

    def received(self, item: SessionMessage) -> SessionMessage:
        """``item``, or a copy stating ``resultType: "complete"`` where a modern result left it out."""
        message = item.message
        if not isinstance(message, JSONRPCResponse | JSONRPCError) or message.id not in self._pending:
            return item
        del self._pending[message.id]  # answered (an error answers it too)
        if isinstance(message, JSONRPCError) or "resultType" in message.result:
            return item
        result = {**message.result, "resultType": "complete"}
        return SessionMessage(message.model_copy(update={"result": result}), metadata=item.metadata)
