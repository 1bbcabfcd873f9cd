"""One server's sign-in: the SDK's OAuth provider chosen from ``[servers.NAME.auth]``, wrapped so the
connection learns at once why a request could not be authorized.

All of OAuth is the SDK's: discovery, registration, PKCE, the resource parameter, scopes, step-up, the
refresh. mcp-tui supplies the configuration, the token file and the browser step, and adds what the SDK
lacks around its flow: DPoP (``dpop_auth.py``) and the workload identity grant (``jwt_bearer.py``).
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncGenerator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, cast

import httpx2
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
    SignedJWTParameters,
)
from mcp.client.auth.extensions.identity_assertion import IdentityAssertionOAuthProvider
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata
from mcp.shared.exceptions import MCPDeprecationWarning

from tui.client.auth.browser_step import BrowserStep, free_port
from tui.client.auth.dpop_auth import DpopAuth
from tui.client.auth.dpop_keys import DpopKeyHolder
from tui.client.auth.errors import SignInFailed
from tui.client.auth.identity_assertion import id_jag_source
from tui.client.auth.jwt_bearer import JwtBearerProvider
from tui.client.auth.store import TokenStore
from tui.client.sdk_internals import OAuthProviderWithLoadHook
from tui.config.auth_model import AuthSettings
from tui.config.model import ServerConfig
from tui.model.servers import StoredSignIn

CLIENT_NAME = "mcp-tui"


class ReportingAuth(httpx2.Auth):
    """Runs the provider's flow unchanged; an exception from it is also handed to ``on_error``. The SDK's
    transport only logs errors raised while sending, so without this a refused sign-in would look like a
    server that never answers."""

    requires_response_body = True

    def __init__(self, inner: httpx2.Auth, on_error: Callable[[BaseException], None]) -> None:
        self.inner = inner
        self.on_error = on_error

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        flow = cast(Any, self.inner).async_auth_flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                response = yield outgoing
                outgoing = await flow.asend(response)
        except StopAsyncIteration:
            return
        except Exception as error:
            self.on_error(error)
            raise
        finally:
            await flow.aclose()


class _AuthorizationCodeProvider(OAuthProviderWithLoadHook):
    """The SDK's provider, plus: the stored expiry is restored, so an expired token is refreshed before it
    is sent rather than rejected first (the SDK only knows expiry for tokens it got in this process)."""

    def after_tokens_loaded(self) -> None:
        storage = self.context.storage
        if self.context.current_tokens is not None and isinstance(storage, TokenStore):
            self.context.token_expiry_time = storage.expires_at()


def _code_flow_auth_method(s: AuthSettings) -> str:
    """How an authorization-code client authenticates at the token endpoint: as configured, else with
    its secret (client_secret_basic), else not at all (a public client)."""
    return s.token_endpoint_auth_method or ("client_secret_basic" if s.client_secret else "none")


def _secret_auth_method(s: AuthSettings) -> Literal["client_secret_post", "client_secret_basic"]:
    """How a client with a secret sends it: in the form when configured so, else by HTTP basic."""
    return (
        "client_secret_post"
        if s.token_endpoint_auth_method == "client_secret_post"
        else "client_secret_basic"
    )


class ServerAuth:
    """Everything one server's sign-in needs, alive as long as the server's connection object."""

    def __init__(self, config: ServerConfig, auth_dir: Path) -> None:
        assert config.url is not None
        self.config = config
        self.settings = config.auth or AuthSettings()
        port = self.settings.callback_port or free_port()
        self.redirect_uri = f"http://127.0.0.1:{port}/callback"
        self.browser = BrowserStep(config.name, port, self.settings.sign_in_timeout)
        self.store = TokenStore(auth_dir, config.name, config.url, self._preset())
        self.keys = DpopKeyHolder(config.name, config.url, self.settings.dpop_key, auth_dir)
        self._provider: httpx2.Auth | None = None

    def httpx_auth(self, on_error: Callable[[BaseException], None]) -> httpx2.Auth:
        """The auth for one connection's HTTP client (the provider itself lives on: it holds the metadata)."""
        if self._provider is None:
            self._provider = DpopAuth(self._build(), self.keys, self.store, self.settings.dpop)
        return ReportingAuth(self._provider, on_error)

    def forget(self) -> bool:
        """Sign out: drop the stored tokens and registration, the DPoP key, and what the provider holds
        in memory."""
        self._provider = None
        self.keys.discard()
        return self.store.forget()

    def rotate_key(self) -> None:
        """Discard the DPoP key, so the next token request makes a new one; tokens bound to the old key
        are useless without it, so they go too (bearer tokens stay)."""
        if self.store.dpop_binding() is not None:
            self.store.forget()
        self.keys.discard()
        self._provider = None

    def status(self) -> StoredSignIn:
        """What is stored, and where the key of a DPoP-bound token is kept."""
        stored = self.store.status()
        return replace(stored, dpop_key=self.keys.where) if stored.dpop_bound else stored

    @property
    def grant(self) -> str:
        """The grant this server signs in with, as configured."""
        return self.settings.grant

    def _preset(self) -> OAuthClientInformationFull | None:
        s = self.settings
        if s.grant != "authorization_code" or not s.client_id:
            return None
        method = _code_flow_auth_method(s)
        return OAuthClientInformationFull(
            client_id=s.client_id,
            client_secret=s.client_secret,
            token_endpoint_auth_method=method,
            redirect_uris=[cast(Any, self.redirect_uri)],
            grant_types=["authorization_code", "refresh_token"],
        )

    def _build(self) -> httpx2.Auth:
        s, url = self.settings, str(self.config.url)
        if s.grant == "jwt-bearer":
            return JwtBearerProvider(url, self.store, s)
        if s.grant == "client_credentials":
            return self._client_credentials(s, url)
        if s.grant == "identity_assertion":
            return self._identity_assertion(s, url)
        method = _code_flow_auth_method(s)
        metadata = OAuthClientMetadata(
            redirect_uris=[cast(Any, self.redirect_uri)],
            client_name=CLIENT_NAME,
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            token_endpoint_auth_method=cast(Any, method),
        )
        try:
            return _AuthorizationCodeProvider(
                url,
                metadata,
                self.store,
                redirect_handler=self.browser.redirect,
                callback_handler=self.browser.callback,
                client_metadata_url=s.client_metadata_url,
            )
        except ValueError as error:
            raise SignInFailed(f"client_metadata_url: {error}") from error

    def _client_credentials(self, s: AuthSettings, url: str) -> httpx2.Auth:
        assert s.client_id is not None
        with warnings.catch_warnings():
            # Without an issuer the SDK warns (it will be required in 3.0); the setting documents that.
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            if s.token_endpoint_auth_method == "private_key_jwt" or s.private_key_file:
                return PrivateKeyJWTOAuthProvider(
                    url,
                    self.store,
                    s.client_id,
                    self._signed_assertions(s, s.client_id),
                    scope=s.scope,
                    issuer=s.issuer,
                )
            if not s.client_secret:
                raise SignInFailed('grant = "client_credentials" needs client_secret or private_key_file')
            return ClientCredentialsOAuthProvider(
                url,
                self.store,
                s.client_id,
                s.client_secret,
                token_endpoint_auth_method=_secret_auth_method(s),
                scope=s.scope,
                issuer=s.issuer,
            )

    def _identity_assertion(self, s: AuthSettings, url: str) -> httpx2.Auth:
        if not (s.client_id and s.client_secret and s.issuer):
            raise SignInFailed('grant = "identity_assertion" needs client_id, client_secret and issuer')
        return IdentityAssertionOAuthProvider(
            url,
            self.store,
            s.client_id,
            s.client_secret,
            s.issuer,
            id_jag_source(s),
            scope=s.scope,
            token_endpoint_auth_method=_secret_auth_method(s),
        )

    @staticmethod
    def _signed_assertions(s: AuthSettings, client_id: str) -> Any:
        if not s.private_key_file:
            raise SignInFailed('token_endpoint_auth_method = "private_key_jwt" needs private_key_file')
        try:
            key = Path(s.private_key_file).read_text(encoding="utf-8")
        except OSError as error:
            problem = f"cannot read private_key_file {s.private_key_file}: {error.strerror}"
            raise SignInFailed(problem) from error
        parameters = SignedJWTParameters(
            issuer=client_id, subject=client_id, signing_key=key, signing_algorithm=s.signing_algorithm
        )
        return parameters.create_assertion_provider()
