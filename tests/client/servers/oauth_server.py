"""A real OAuth-protected streamable HTTP MCP server for tests, built from the SDK's own server auth pieces:
protected resource metadata, authorization server metadata, dynamic registration, PKCE, tokens, refresh.

Its authorization endpoint approves at once (there is no login page), so a test's "browser" is an HTTP
client following redirects back to mcp-tui's callback listener. ``serving()`` runs it with uvicorn on the
test's own event loop; ``provider`` lets a test look at or spoil what the server holds.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import uvicorn
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass
class AutoApprove:
    """An authorization server that says yes to every well-formed request (test double of a person)."""

    access_ttl: int = 3600
    clients: dict[str, OAuthClientInformationFull] = field(default_factory=dict)
    codes: dict[str, AuthorizationCode] = field(default_factory=dict)
    access: dict[str, AccessToken] = field(default_factory=dict)
    refresh: dict[str, RefreshToken] = field(default_factory=dict)
    refreshes: int = 0
    authorizations: int = 0
    presented: list[str] = field(default_factory=list)
    """Every access and refresh token a client showed this server, valid or not."""

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        assert client_info.client_id is not None
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        self.authorizations += 1
        code = secrets.token_urlsafe(24)
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or [],
            expires_at=time.time() + 300,
            client_id=str(client.client_id),
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
        )
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: str
    ) -> AuthorizationCode | None:
        return self.codes.get(authorization_code)

    async def exchange_authorization_code(
        self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode
    ) -> OAuthToken:
        del self.codes[authorization_code.code]
        return self._issue(str(client.client_id), authorization_code.scopes, authorization_code.resource)

    async def load_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: str
    ) -> RefreshToken | None:
        self.presented.append(refresh_token)
        return self.refresh.get(refresh_token)

    async def exchange_refresh_token(
        self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]
    ) -> OAuthToken:
        self.refreshes += 1
        del self.refresh[refresh_token.token]
        return self._issue(str(client.client_id), scopes or refresh_token.scopes, refresh_token.resource)

    async def load_access_token(self, token: str) -> AccessToken | None:
        self.presented.append(token)
        found = self.access.get(token)
        if found is None or (found.expires_at is not None and found.expires_at < time.time()):
            return None
        return found

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.access.pop(token.token, None)
        self.refresh.pop(token.token, None)

    def revoke_all_access(self) -> None:
        """Every access token stops working (as after the server's restart); refresh tokens still do."""
        self.access.clear()

    def _issue(self, client_id: str, scopes: list[str], resource: str | None) -> OAuthToken:
        access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        expires = int(time.time()) + self.access_ttl
        self.access[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes, expires_at=expires, resource=resource
        )
        self.refresh[refresh] = RefreshToken(
            token=refresh, client_id=client_id, scopes=scopes, resource=resource
        )
        return OAuthToken(
            access_token=access,
            expires_in=self.access_ttl,
            refresh_token=refresh,
            scope=" ".join(scopes) or None,
        )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def build_server(base: str, provider: AutoApprove) -> MCPServer:
    server = MCPServer(
        "oauth-test",
        auth_server_provider=provider,
        auth=AuthSettings(
            issuer_url=base,  # type: ignore[arg-type]
            resource_server_url=f"{base}/mcp",  # type: ignore[arg-type]
            client_registration_options=ClientRegistrationOptions(enabled=True),
            validate_token_resource=False,
        ),
    )

    @server.tool()
    def whoami() -> str:
        """Says that the caller got through."""
        return "signed in"

    return server


METADATA_PATH = "/.well-known/oauth-authorization-server"


def with_authorize_at(app: ASGIApp, authorize: str) -> ASGIApp:
    """``app`` with its authorization server metadata naming ``authorize`` as the authorization endpoint:
    what a hostile server can send (the rest of the sign-in is left as it is)."""

    async def rewritten(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] != METADATA_PATH:
            await app(scope, receive, send)
            return
        body = bytearray()

        async def keep(message: Message) -> None:
            if message["type"] == "http.response.body":
                body.extend(message.get("body", b""))

        await app(scope, receive, keep)
        metadata = json.loads(body)
        metadata["authorization_endpoint"] = authorize
        await JSONResponse(metadata)(scope, receive, send)

    return rewritten


@asynccontextmanager
async def serving(
    provider: AutoApprove | None = None, *, authorize_at: str | None = None
) -> AsyncIterator[tuple[str, AutoApprove]]:
    """The MCP endpoint URL of a running server, and its authorization server's state.

    ``authorize_at`` replaces the authorization endpoint its metadata names; ``{host}`` in it stands for
    the server's own host and port."""
    provider = provider or AutoApprove()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = build_server(base, provider).streamable_http_app()
    if authorize_at is not None:
        app = with_authorize_at(app, authorize_at.format(host=f"127.0.0.1:{port}"))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.get_running_loop().create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        yield f"{base}/mcp", provider
    finally:
        server.should_exit = True
        await task
