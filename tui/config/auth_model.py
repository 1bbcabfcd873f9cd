"""The ``[servers.NAME.auth]`` settings: how mcp-tui signs in to an HTTP server (OAuth). Read by
``tui.config.auth_settings``; kept apart so the config model can name the type without a cycle.

Without it, an HTTP server that asks for sign-in gets the defaults: the person signs in in the browser, and
mcp-tui registers itself with the server's authorization server (dynamic client registration). Secrets may
be written as ``${VAR}`` so they stay out of the file. Tokens are never kept here: they live in the user
data directory (see ``tui/client/auth/store.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Grant = Literal["authorization_code", "client_credentials", "identity_assertion", "jwt-bearer"]
DpopKeyPlace = Literal["memory", "keyring", "file"]
TokenAuthMethod = Literal["none", "client_secret_basic", "client_secret_post", "private_key_jwt"]
GRANTS: tuple[Grant, ...] = ("authorization_code", "client_credentials", "identity_assertion", "jwt-bearer")
DPOP_KEY_PLACES: tuple[DpopKeyPlace, ...] = ("memory", "keyring", "file")
METHODS: tuple[TokenAuthMethod, ...] = (
    "none",
    "client_secret_basic",
    "client_secret_post",
    "private_key_jwt",
)
DEFAULT_CALLBACK_PORT = 33418
AUTH_KEYS = (
    "client_id",
    "client_secret",
    "token_endpoint_auth_method",
    "client_metadata_url",
    "grant",
    "private_key_file",
    "signing_algorithm",
    "issuer",
    "scope",
    "callback_port",
    "sign_in_timeout",
    "idp_token_endpoint",
    "idp_client_id",
    "id_token",
    "dpop",
    "dpop_key",
    "assertion_file",
    "assertion_env",
)


@dataclass(frozen=True)
class AuthSettings:
    client_id: str | None = None
    """A client id registered in advance with the server's authorization server. Without one (and without
    client_metadata_url), mcp-tui registers itself dynamically when the server offers that."""
    client_secret: str | None = None
    """The secret that goes with client_id, if the authorization server issued one (use ${VAR})."""
    token_endpoint_auth_method: TokenAuthMethod | None = None
    """How the token request proves the client: none, client_secret_basic, client_secret_post, or
    private_key_jwt (client_credentials only). Default: client_secret_basic with a secret, else none."""
    client_metadata_url: str | None = None
    """An https URL of a Client ID Metadata Document describing mcp-tui; used as the client id by
    authorization servers that support it, instead of registering."""
    grant: Grant = "authorization_code"
    """authorization_code: a person signs in in the browser. client_credentials: machine use, no person;
    needs client_id and client_secret, or client_id and private_key_file (private_key_jwt).
    identity_assertion: enterprise-managed (SEP-990); needs client_id, client_secret, issuer,
    idp_token_endpoint and id_token. jwt-bearer: workload identity (SEP-1933, RFC 7523), no person; the
    workload's token from assertion_file or assertion_env is exchanged for an access token."""
    private_key_file: str | None = None
    """private_key_jwt: the PEM file of the key that signs the client assertion."""
    signing_algorithm: str = "RS256"
    """private_key_jwt: the JWT signing algorithm of that key (RS256, ES256, ...)."""
    issuer: str | None = None
    """client_credentials: the authorization server these credentials belong to; they are sent to no
    other. Recommended."""
    scope: str | None = None
    """client_credentials: the scopes to ask for (space separated). Sign-in in the browser takes the
    scopes the server asks for."""
    callback_port: int = DEFAULT_CALLBACK_PORT
    """The port on 127.0.0.1 that receives the browser's redirect after sign-in (0: any free port; a
    pre-registered client needs the port its redirect URI names)."""
    sign_in_timeout: float = 300.0
    """Seconds to wait for the browser step before giving up."""
    idp_token_endpoint: str | None = None
    """identity_assertion: the enterprise identity provider's token endpoint (RFC 8693 token exchange)."""
    idp_client_id: str | None = None
    """identity_assertion: mcp-tui's client id at the identity provider."""
    id_token: str | None = None
    """identity_assertion: the person's ID token from the identity provider (use ${VAR})."""

    dpop: bool | None = None
    """DPoP-bound tokens (RFC 9449): true always, false never; unset: when the server requires them
    (dpop_bound_access_tokens_required, or its sign-in challenge names the DPoP scheme)."""
    dpop_key: DpopKeyPlace | None = None
    """Where the DPoP key is kept: memory (a new key each run), keyring (the OS keyring) or file (its own
    0600 file, apart from the tokens). Default: the keyring where one exists, else memory."""
    assertion_file: str | None = None
    """jwt-bearer: the file holding the workload's token (a JWT), read afresh for each token request."""
    assertion_env: str | None = None
    """jwt-bearer: the environment variable holding the workload's token (when no assertion_file)."""

    @property
    def redirect_uri(self) -> str:
        return f"http://127.0.0.1:{self.callback_port}/callback"
