"""Workload identity (SEP-1933): the workload's own token, a JWT its platform issues (a CI job's OIDC
token, a Kubernetes service account token), exchanged for an access token with the RFC 7523 jwt-bearer
grant. No person and no browser are involved.

The token is read from ``auth.assertion_file`` (afresh for each token request: platforms rotate it) or
from the environment variable ``auth.assertion_env``. A refused exchange is reported as it is: no retry,
no other grant.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from mcp.shared.auth import OAuthClientInformationFull

from tui.client.auth.errors import SignInFailed
from tui.client.auth.store import TokenStore
from tui.client.sdk_internals import OAuthProviderWithOwnGrant
from tui.config.auth_model import AuthSettings

JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"


def workload_token(settings: AuthSettings, environ: Mapping[str, str] | None = None) -> str:
    """The workload's token, from its file or its environment variable; why not, in words."""
    env = os.environ if environ is None else environ
    if settings.assertion_file:
        try:
            token = Path(settings.assertion_file).read_text(encoding="utf-8").strip()
        except OSError as error:
            raise SignInFailed(
                f"cannot read assertion_file {settings.assertion_file}: {error.strerror}"
            ) from error
        if not token:
            raise SignInFailed(f"assertion_file {settings.assertion_file} is empty")
        return token
    if settings.assertion_env:
        token = env.get(settings.assertion_env, "").strip()
        if not token:
            raise SignInFailed(f"assertion_env: the environment variable {settings.assertion_env} is not set")
        return token
    raise SignInFailed('grant = "jwt-bearer" needs assertion_file or assertion_env (the workload\'s token)')


class JwtBearerProvider(OAuthProviderWithOwnGrant):
    """The jwt-bearer grant for one server; a public client unless a client_secret is configured."""

    def __init__(self, server_url: str, store: TokenStore, settings: AuthSettings) -> None:
        assert settings.client_id is not None
        method = settings.token_endpoint_auth_method or (
            "client_secret_basic" if settings.client_secret else "none"
        )
        client = OAuthClientInformationFull(
            redirect_uris=None,
            client_id=settings.client_id,
            client_secret=settings.client_secret,
            grant_types=[JWT_BEARER],
            token_endpoint_auth_method=cast(Any, method),
            scope=settings.scope,
        )
        super().__init__(server_url, store, client, settings.scope)
        self.settings = settings

    def after_tokens_loaded(self) -> None:
        # The stored expiry, so an expired token is exchanged again before it is sent (as for a sign-in).
        storage = self.context.storage
        if self.context.current_tokens is not None and isinstance(storage, TokenStore):
            self.context.token_expiry_time = storage.expires_at()

    async def token_form(self) -> dict[str, str]:
        return {"grant_type": JWT_BEARER, "assertion": workload_token(self.settings)}
