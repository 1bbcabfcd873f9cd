"""Opens the transport a server's configuration names: one small factory per kind, chosen by name.

Every transport is wrapped in a ``TransportWatch`` (see ``transports.py``) so the connection can read the
raw handshake and say in words why a transport ended. Adding a kind (sign-in for HTTP, say) means adding
a factory here, not another branch in the connection.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, cast

import httpx2
from anyio.abc import Process
from mcp.client import Transport

from tui.client import sdk_internals
from tui.client.stderr_pipe import LineLog
from tui.client.transports import (
    TransportStreams,
    TransportWatch,
    http_transport,
    sse_transport,
    stdio_transport,
    watched,
)
from tui.config.model import ServerConfig, TimeoutsSource


@dataclass
class TransportContext:
    """What a factory may need besides the server's configuration."""

    timeouts: TimeoutsSource
    """The timeouts in force now (HTTP and SSE read them at each HTTP request)."""
    log: LineLog
    """Where a stdio server's stderr (and stray stdout) lines go."""
    watch: TransportWatch
    prestarted: Process | None = None
    """A stdio server process started before the SDK loaded, to adopt instead of starting one."""
    auth: httpx2.Auth | None = None
    """http / sse: the server's sign-in (OAuth), used when it answers 401."""


Factory = Callable[[ServerConfig, TransportContext], AbstractAsyncContextManager[TransportStreams]]

FACTORIES: Mapping[str, Factory] = {
    "stdio": lambda config, ctx: stdio_transport(config, ctx.log, ctx.watch, ctx.prestarted),
    "http": lambda config, ctx: http_transport(config, lambda: ctx.timeouts().request, ctx.auth),
    "sse": lambda config, ctx: sse_transport(config, lambda: ctx.timeouts().request, ctx.auth),
}


def open_transport(config: ServerConfig, context: TransportContext) -> Transport:
    """The watched transport for ``config.transport`` (``stdio``, ``http`` or ``sse``)."""
    try:
        factory = FACTORIES[config.transport]
    except KeyError:
        raise ValueError(f"unknown transport {config.transport!r}") from None
    return cast(Transport, watched(factory(config, context), context.watch))


def in_memory_transport(server: object, config: ServerConfig, watch: TransportWatch) -> Any:
    """Tests: an in-process ``Server``/``MCPServer`` instead of the configured transport.

    The legacy handshake goes through JSON-RPC memory streams, which are watched like any transport;
    the 2026 era talks to the server object directly. The SDK has no public name for its in-memory
    transport: see ``sdk_internals``.
    """
    if config.protocol != "legacy":
        return server
    return watched(sdk_internals.in_memory_transport(server), watch)
