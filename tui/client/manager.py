"""All configured servers: connects them concurrently in the background and routes calls.

Runs on the app's asyncio loop; ``emit`` is called on that loop. Nothing here raises for a server's
problems: states, events and outcomes carry readable messages instead.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from anyio.abc import Process

from tui.client import calling
from tui.client.auth import sign_in
from tui.client.auth.browser_step import ShowUrl
from tui.client.connection import Connection
from tui.config.model import ServerConfig, Timeouts, TimeoutsSource
from tui.model.events import ClientEvent
from tui.model.results import CallOutcome, Progress, ResolveOutcome
from tui.model.servers import ServerState, StoredSignIn, ToolInfo
from tui.model.telemetry import WireObserver


class ConnectionManager:
    def __init__(
        self,
        servers: list[ServerConfig],
        timeouts: Timeouts | TimeoutsSource,
        emit: Callable[[ClientEvent], None],
        *,
        targets: dict[str, object] | None = None,
        prestarted: dict[str, Process] | None = None,
        auth_dir: Path | None = None,
        config_of: Callable[[str], ServerConfig] | None = None,
        wire: WireObserver | None = None,
        refusal: Callable[[ServerConfig], str | None] | None = None,
    ) -> None:
        """``targets`` (tests only) maps a server name to an in-process ``Server``/``MCPServer`` that is
        used instead of the configured transport; the config's ``protocol`` still picks the mode.
        ``prestarted`` maps a stdio server's name to its already running process (``early_spawn.py``).
        ``auth_dir`` (``AppPaths.auth_dir``) holds sign-in tokens; without it HTTP servers cannot sign in.
        ``timeouts``: the session passes its settings' source, so every connection reads the limits in
        force when a request starts.
        ``refusal`` says why a server may not start (the managed policy's allow-list), or None.
        ``config_of`` (the session's settings) gives a server's config as it holds now: each connection
        reads it there when it (re)connects and whenever it needs it, and keeps no copy. Without it the
        ``servers`` given hold for good (tests, scripts).
        ``wire`` (telemetry, when it exports) stamps trace context on each request and hears each answer."""
        targets = targets or {}
        prestarted = prestarted or {}
        self._connections: dict[str, Connection] = {
            s.name: Connection(
                partial(config_of, s.name) if config_of is not None else partial(_fixed, s),
                timeouts,
                emit,
                targets.get(s.name),
                prestarted.get(s.name),
                auth_dir,
                wire,
            )
            for s in servers
        }
        if refusal is not None:  # asked at each (re)connect: the policy in force then decides
            for connection in self._connections.values():
                connection.refusal = refusal

    def _get(self, name: str) -> Connection:
        try:
            return self._connections[name]
        except KeyError:
            raise KeyError(f"no server named {name!r}") from None

    def connection(self, name: str) -> Connection:
        """One server's connection (for resources, prompts, logs, roots and traffic)."""
        return self._get(name)

    async def start(self) -> None:
        """Start connecting every server in its own background task; returns at once."""
        for connection in self._connections.values():
            connection.start()

    async def reconnect(self, name: str) -> None:
        """Close the server's connection (if any) and start a new one; returns once it is starting."""
        connection = self._get(name)
        await connection.stop()
        connection.start()

    async def disconnect(self, name: str) -> None:
        await self._get(name).stop()

    async def aclose(self) -> None:
        """Close every connection concurrently; stdio servers are stopped and reaped."""
        await asyncio.gather(*(c.stop() for c in self._connections.values()))

    async def sign_in(self, name: str, show_url: ShowUrl, *, open_browser: bool = True) -> ServerState:
        """Reconnect, running the browser step if the server asks for sign-in; the state it ends in."""
        return await sign_in.sign_in(self._get(name), show_url, open_browser=open_browser)

    def cancel_sign_in(self, name: str) -> None:
        sign_in.cancel(self._get(name))

    async def sign_out(self, name: str) -> bool:
        """Disconnect and forget the stored sign-in; True when there was one."""
        return await sign_in.sign_out(self._get(name))

    def can_sign_in(self, name: str) -> bool:
        """Whether the server's connection has a sign-in (OAuth) at all: HTTP and SSE servers do."""
        return self._get(name).auth is not None

    def sign_in_status(self, name: str) -> StoredSignIn | None:
        """What is stored for the server (None: it cannot sign in, e.g. a stdio server)."""
        auth = self._get(name).auth
        return auth.status() if auth is not None else None

    def new_sign_in_key(self, name: str) -> None:
        """Discard the server's DPoP key (and tokens bound to it); the next sign-in makes a new one."""
        sign_in.new_key(self._get(name))

    def state(self, name: str) -> ServerState:
        return self._get(name).state

    def states(self) -> list[ServerState]:
        return [c.state for c in self._connections.values()]

    def tools(self, server: str | None = None) -> list[ToolInfo]:
        if server is not None:
            return list(self._get(server).tools)
        return [tool for c in self._connections.values() for tool in c.tools]

    def config(self, name: str) -> ServerConfig:
        """The server's config as it holds now (with ``config_of``: the session's one copy)."""
        return self._get(name).config

    def connection_id(self, name: str) -> int:
        """Increments on every (re)connect: preflight caches are valid for one connection only."""
        return self._get(name).connection_id

    def stderr(self, name: str) -> list[str]:
        """Recent stderr lines (and stray stdout lines, prefixed), oldest first; bounded."""
        return self._get(name).log.lines()

    def capabilities(self, name: str) -> dict[str, Any]:
        """The capabilities exactly as sent (camelCase, draft fields kept); empty if not connected."""
        return dict(self._get(name).capabilities)

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any],
        *,
        on_progress: Callable[[Progress], None] | None = None,
    ) -> CallOutcome:
        """Send tools/call. Never raises for server or transport problems (ERROR/TIMEOUT outcomes).

        Cancel by cancelling the awaiting task: the server gets ``notifications/cancelled`` and
        ``asyncio.CancelledError`` propagates to the caller, who records the call as CANCELLED.
        """
        return await calling.call_tool(self._get(server), tool, arguments, on_progress)

    async def resolve(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any],
        timeout: float,
    ) -> ResolveOutcome:
        """Ask the server (tools/resolve or tools/annotations, as the tool declares) for per-call hints."""
        return await calling.resolve(self._get(server), tool, arguments, timeout)


def _fixed(config: ServerConfig) -> ServerConfig:
    return config
