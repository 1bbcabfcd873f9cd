"""Enterprise-managed sign-in (SEP-990, cross-app access), leg 1: trade the person's identity provider
ID token for an ID-JAG at the identity provider (RFC 8693 token exchange).

The SDK's ``IdentityAssertionOAuthProvider`` does leg 2 (the ID-JAG for an MCP access token) and leaves
this leg to the application, since obtaining the ID token is deployment-specific: here it is configured
(``id_token``, usually ``${VAR}``) together with the identity provider's token endpoint.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import httpx2

from tui.client.auth.errors import SignInFailed
from tui.config.auth_model import AuthSettings

TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"
ID_JAG = "urn:ietf:params:oauth:token-type:id-jag"


def id_jag_source(settings: AuthSettings) -> Callable[[str, str], Awaitable[str]]:
    """The SDK's ``assertion_provider``: ``(audience, resource) -> ID-JAG``."""
    endpoint, id_token = settings.idp_token_endpoint, settings.id_token
    if not endpoint or not id_token:
        raise SignInFailed('grant = "identity_assertion" needs idp_token_endpoint and id_token')

    async def exchange(audience: str, resource: str) -> str:
        form = {
            "grant_type": TOKEN_EXCHANGE,
            "subject_token": id_token,
            "subject_token_type": ID_TOKEN,
            "requested_token_type": ID_JAG,
            "audience": audience,
            "resource": resource,
        }
        if settings.idp_client_id:
            form["client_id"] = settings.idp_client_id
        async with httpx2.AsyncClient(timeout=30) as client:
            answer = await client.post(endpoint, data=form)
        try:
            body = answer.json()
        except ValueError:
            body = {}
        if answer.status_code != 200 or not isinstance(body.get("access_token"), str):
            said = body.get("error_description") or body.get("error") or f"HTTP {answer.status_code}"
            raise SignInFailed(f"the identity provider refused the token exchange: {said}")
        return str(body["access_token"])

    return exchange
