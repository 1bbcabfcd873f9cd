"""One connection's side of its server's sign-in: whether the person started it (only then may the
browser step run, and the handshake waits for it), and the error that left the server needing sign-in."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import httpx2

from tui.client.transports import TransportWatch
from tui.config.model import ServerConfig

if TYPE_CHECKING:
    from tui.client.auth.providers import ServerAuth


class ConnectionAuth:
    def __init__(self, config: ServerConfig, auth_dir: Path | None, *, remote: bool) -> None:
        self.server: ServerAuth | None = None
        """http / sse with a token directory: the server's sign-in (used when it answers 401)."""
        if auth_dir is not None and remote:
            # The OAuth providers (with jwt and cryptography) load only for a server that may sign in.
            from tui.client.auth.providers import ServerAuth

            self.server = ServerAuth(config, auth_dir)
        self.person_started = False
        self.error: BaseException | None = None
        """Why the sign-in could not authorize a request (the connection then needs sign-in)."""

    def begin(self, *, person_started: bool) -> None:
        """A (re)connect starts: without the person asking, no browser opens and nothing waits for one."""
        self.person_started = person_started
        self.error = None
        if self.server is not None and not person_started:
            self.server.browser.disallow()

    def extra_seconds(self) -> float:
        """Extra seconds for the handshake: the browser step of a sign-in the person started."""
        if self.server is None or not self.person_started:
            return 0.0
        return self.server.settings.sign_in_timeout

    def httpx_auth(self, watch: TransportWatch) -> httpx2.Auth | None:
        """The auth for this connection's HTTP client; a failure ends the connection at once, saying why."""
        if self.server is None:
            return None
        return self.server.httpx_auth(lambda error: self._failed(error, watch))

    def _failed(self, error: BaseException, watch: TransportWatch) -> None:
        self.error = error
        watch.errors.append(error)
        watch.ended.set()
