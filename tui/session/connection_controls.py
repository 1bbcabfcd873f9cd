"""What a person does to one server's connection through the session: sign in (OAuth, HTTP servers), cancel
a sign-in, sign out, disconnect and reconnect.

Each goes to the connection manager, which exists once ``Session.start`` has run (before, each raises
``SessionNotStarted``). Signing in and reconnecting make a new connection, so the server is no longer
settled and ``Session.ready`` waits for it again. ``Session`` offers these methods as its own.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from tui.model.servers import ServerState, StoredSignIn
from tui.session.readiness import Readiness, SessionNotStarted

if TYPE_CHECKING:
    from tui.client.manager import ConnectionManager


class ConnectionControls:
    manager: ConnectionManager | None
    _readiness: Readiness

    def cannot_sign_in(self, server: str) -> str | None:
        """Why ``server`` has nothing to sign in to (it is a stdio server), or None when it can sign in."""
        from tui.client.auth.who_signs_in import nothing_to_sign_in

        # Asked of the connection, the one that signs in: the same answer its sign_in would give (it
        # follows who_signs_in.signs_in, which ``mcp-tui auth`` asks before there is a connection).
        if self._manager_or_raise().can_sign_in(server):
            return None
        return nothing_to_sign_in(server)

    def sign_in(
        self, server: str, show_url: Callable[[str], None], *, open_browser: bool = True
    ) -> Awaitable[ServerState]:
        """Reconnect ``server``, running the browser step if it asks for sign-in; the state it ends in.

        ``show_url`` receives the authorization address (always shown, whether or not a browser opens).
        Raises ValueError for a server that cannot sign in (``cannot_sign_in``), before changing anything.
        """
        if (reason := self.cannot_sign_in(server)) is not None:
            raise ValueError(reason)
        self._readiness.unsettle(server)
        return self._manager_or_raise().sign_in(server, show_url, open_browser=open_browser)

    def cancel_sign_in(self, server: str) -> None:
        self._manager_or_raise().cancel_sign_in(server)

    async def sign_out(self, server: str) -> bool:
        """Disconnect and forget the stored tokens; True when there were any."""
        return await self._manager_or_raise().sign_out(server)

    def new_sign_in_key(self, server: str) -> None:
        """Discard the server's DPoP key and the tokens bound to it, before a sign-in that makes a new
        one (``mcp-tui auth login --rotate-key``). Raises ValueError for a server that cannot sign in."""
        if (reason := self.cannot_sign_in(server)) is not None:
            raise ValueError(reason)
        self._manager_or_raise().new_sign_in_key(server)

    def sign_in_status(self, server: str) -> StoredSignIn | None:
        """What is stored for ``server`` (None when it cannot sign in, e.g. a stdio server)."""
        return self._manager_or_raise().sign_in_status(server)

    def disconnect(self, server: str) -> Awaitable[None]:
        """Close the server's connection (a stdio server is stopped); ``reconnect`` starts it again."""
        return self._manager_or_raise().disconnect(server)

    def reconnect(self, server: str) -> Awaitable[None]:
        self._readiness.unsettle(server)
        return self._manager_or_raise().reconnect(server)

    def _manager_or_raise(self) -> ConnectionManager:
        if self.manager is None:
            raise SessionNotStarted("the session has not started its servers yet")
        return self.manager
