"""Whether the session has started, and whether each server has settled since its last (re)connect.

A server settles when it has listed its tools, failed, been disconnected or asked for sign-in; a new
connection (a reconnect, a sign-in) unsettles it again. ``Session.ready`` waits for this, so a front end or
a headless command acts on a server once there is something to act on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence

from tui.model.events import ClientEvent, ServerStateChanged, ToolsChanged
from tui.model.servers import ConnectionStatus

_SETTLED = (ConnectionStatus.FAILED, ConnectionStatus.DISCONNECTED, ConnectionStatus.NEEDS_SIGN_IN)


class SessionNotStarted(RuntimeError):
    """A method that needs the servers was called before ``start()``."""


class Readiness:
    def __init__(self, servers: Iterable[str]) -> None:
        self._settled = {name: asyncio.Event() for name in servers}
        self.started = asyncio.Event()
        """Set once ``Session.start`` has built the connections (and started them, when asked to)."""

    def knows(self, server: str) -> bool:
        """Whether ``server`` is one of the session's servers."""
        return server in self._settled

    def unsettle(self, server: str) -> None:
        """``server`` connects again: it is not settled until that connection lists its tools or ends."""
        self._settled[server].clear()

    def heard(self, event: ClientEvent) -> None:
        """Follow a connection's event: a tool list or an end settles the server, connecting unsettles it."""
        if isinstance(event, ToolsChanged):
            self._settled[event.server].set()
        elif isinstance(event, ServerStateChanged):
            status = event.state.status
            if status in _SETTLED:
                self._settled[event.state.name].set()
            elif status is ConnectionStatus.CONNECTING:
                self._settled[event.state.name].clear()

    async def wait(self, servers: Sequence[str], timeout: float | None) -> None:
        """Wait until the session has started and each of ``servers`` has settled.

        Raises ``KeyError`` for a name that is not one of the session's servers (before waiting), and
        ``TimeoutError`` after ``timeout`` seconds."""
        for name in servers:
            if name not in self._settled:
                raise KeyError(f"no server named {name!r}")

        async def settled() -> None:
            await self.started.wait()
            for name in servers:
                await self._settled[name].wait()

        await asyncio.wait_for(settled(), timeout)
