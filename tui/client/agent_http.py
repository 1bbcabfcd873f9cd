"""The gateway over streamable HTTP on 127.0.0.1, for several agents at once, behind a bearer token.

Any local process can reach a local port, so every HTTP request must carry ``Authorization: Bearer
TOKEN`` (the token the gateway printed once when it started); any other gets 401 and reaches nothing.
"""

from __future__ import annotations

import hmac
import socket
from typing import Any

Scope = dict[str, Any]


class BearerGuard:
    """ASGI middleware: HTTP requests without the right bearer token get 401; lifespan passes through."""

    def __init__(self, app: Any, token: str) -> None:
        self._app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and not self._authorized(scope):
            await send(
                {
                    "type": "http.response.start",
                    "status": 401,
                    "headers": [(b"www-authenticate", b"Bearer"), (b"content-type", b"text/plain")],
                }
            )
            await send({"type": "http.response.body", "body": b"mcp-tui gateway: a bearer token is needed\n"})
            return
        await self._app(scope, receive, send)

    def _authorized(self, scope: Scope) -> bool:
        given = dict(scope.get("headers") or []).get(b"authorization", b"")
        return hmac.compare_digest(given, self._expected)  # constant time: the token is the only lock


async def serve_http(app: Any, listening: socket.socket, token: str) -> None:
    """Serve the ASGI ``app`` on ``listening`` (bound to 127.0.0.1) until interrupted, behind ``token``."""
    import uvicorn

    config = uvicorn.Config(BearerGuard(app, token), log_level="warning")
    await uvicorn.Server(config).serve(sockets=[listening])
