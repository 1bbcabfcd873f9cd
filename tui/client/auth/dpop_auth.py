"""DPoP on top of the SDK's OAuth flow: the flow runs unchanged, and every request it makes passes here.

- a token request (the first, every refresh, any grant) gets a proof when DPoP is wanted; a DPoP-bound
  token in the answer is recorded as bound to the key (by its thumbprint, in the token file) and handed
  to the SDK in the form its model reads;
- a request to the MCP server that carries a bound token presents it with the ``DPoP`` scheme and a fresh
  proof (``ath`` included); a token bound to a key no longer held is not sent at all, so the server asks
  for sign-in again instead of refusing a proof that cannot match;
- a ``use_dpop_nonce`` answer, from the authorization server (400) or the MCP server (401), is retried
  once with the nonce it supplied; a nonce supplied on any other answer is used for the next proof.

DPoP is wanted when ``auth.dpop`` says so, or, unset, when the server requires it: its protected resource
metadata says ``dpop_bound_access_tokens_required``, or its 401 challenge names the DPoP scheme (and for
the refresh of a bound token, which is bound as well). What the
two metadata documents say about DPoP is read here as they pass (the SDK's models drop the authorization
server's ``dpop_signing_alg_values_supported``), so this works around any of the SDK's providers.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncGenerator
from typing import Any, Literal, cast

import httpx2

from tui.client.auth.dpop_keys import DpopKeyHolder
from tui.client.auth.dpop_proof import make_proof
from tui.client.auth.store import TokenStore

Kind = Literal["token", "resource", "other"]
_DPOP_CHALLENGE = re.compile(r"(?:^|[\s,])DPoP(?:\s|$)", re.IGNORECASE)
_UNSENT_HEADERS = frozenset({"content-length", "content-encoding", "transfer-encoding"})
log = logging.getLogger(__name__)


class DpopAuth(httpx2.Auth):
    requires_response_body = True

    def __init__(
        self, inner: httpx2.Auth, keys: DpopKeyHolder, store: TokenStore, setting: bool | None
    ) -> None:
        self.inner = inner
        self.keys = keys
        self.store = store
        self.setting = setting
        self._nonces: dict[Kind, str] = {}
        """The last nonce each server supplied: the authorization server's and the MCP server's."""
        self._server_asked = False
        """The MCP server's 401 challenge named the DPoP scheme."""
        self._required = False
        """The MCP server's protected resource metadata says ``dpop_bound_access_tokens_required``."""
        self.advertised: list[str] | None = None
        """The authorization server's ``dpop_signing_alg_values_supported``, once its metadata is read."""

    def wanted(self) -> bool:
        """Whether token requests carry a proof (and so ask for a DPoP-bound token)."""
        if self.setting is not None:
            return self.setting
        # A stored bound token: its refresh token is bound too, so the refresh needs a proof as well.
        return self._server_asked or self._required or self.store.dpop_binding() is not None

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        flow = cast(Any, self.inner).async_auth_flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                kind = _kind(outgoing, request)
                self._sign(outgoing, kind)
                response = yield outgoing
                if await self._learn(outgoing, kind, response):  # use_dpop_nonce: again, with the nonce
                    self._sign(outgoing, kind)
                    response = yield outgoing
                    await self._learn(outgoing, kind, response)
                if kind == "token":
                    response = self._token_answer(outgoing, response)
                outgoing = await flow.asend(response)
        except StopAsyncIteration:
            return
        finally:
            await flow.aclose()

    def _sign(self, outgoing: httpx2.Request, kind: Kind) -> None:
        outgoing.headers.pop("DPoP", None)
        if kind == "token" and self.wanted():
            advertised = self.advertised
            key = self.keys.key_accepted_by(advertised)
            outgoing.headers["DPoP"] = make_proof(
                key, outgoing.method, str(outgoing.url), nonce=self._nonces.get(kind), advertised=advertised
            )
        elif kind == "resource":
            self._present_token(outgoing)

    def _present_token(self, outgoing: httpx2.Request) -> None:
        _, _, token = outgoing.headers.get("Authorization", "").partition(" ")
        binding = self.store.dpop_binding() if token else None
        if binding is None:
            return
        key = self.keys.current()
        if key is None or key.thumbprint() != binding:
            log.info("%s: the token is bound to a DPoP key no longer held; not sending it", self.keys.server)
            del outgoing.headers["Authorization"]
            return
        outgoing.headers["Authorization"] = f"DPoP {token}"
        outgoing.headers["DPoP"] = make_proof(
            key, outgoing.method, str(outgoing.url), access_token=token, nonce=self._nonces.get("resource")
        )

    async def _learn(self, outgoing: httpx2.Request, kind: Kind, response: httpx2.Response) -> bool:
        """Remember what the answer says about DPoP; True when it asks for a retry with its nonce."""
        if kind != "resource":
            await response.aread()  # the flow's own requests (the MCP request's body is the transport's)
        nonce = response.headers.get("DPoP-Nonce")
        if nonce and kind != "other":
            self._nonces[kind] = nonce
        challenge = response.headers.get("WWW-Authenticate", "")
        if kind == "resource" and response.status_code == 401 and _DPOP_CHALLENGE.search(challenge):
            self._server_asked = True
        if kind == "other" and outgoing.method == "GET" and response.status_code == 200:
            self._read_metadata(response)
        if not nonce or "DPoP" not in outgoing.headers:
            return False
        if kind == "resource":
            return response.status_code == 401 and "use_dpop_nonce" in challenge
        return kind == "token" and response.status_code == 400 and _oauth_error(response) == "use_dpop_nonce"

    def _read_metadata(self, response: httpx2.Response) -> None:
        """What a metadata document says about DPoP: protected resource metadata (RFC 9728) names its
        authorization servers, authorization server metadata (RFC 8414) its token endpoint."""
        try:
            document = response.json()
        except ValueError:
            return
        if not isinstance(document, dict):
            return
        if "authorization_servers" in document:
            self._required = document.get("dpop_bound_access_tokens_required") is True
        elif "token_endpoint" in document:
            algorithms = document.get("dpop_signing_alg_values_supported")
            valid = isinstance(algorithms, list) and all(isinstance(a, str) for a in algorithms)
            self.advertised = algorithms if valid else None

    def _token_answer(self, outgoing: httpx2.Request, response: httpx2.Response) -> httpx2.Response:
        """Record whether the new tokens are bound; a bound token is handed on as the SDK's model reads
        it (its ``token_type`` is Bearer only), the binding being kept here and in the token file."""
        if response.status_code not in (200, 201):
            return response
        try:
            body = response.json()
        except ValueError:
            return response
        bound = isinstance(body, dict) and str(body.get("token_type", "")).lower() == "dpop"
        key = self.keys.current()
        if not bound or "DPoP" not in outgoing.headers or key is None:
            self.store.bind_next_tokens(None)
            return response
        self.store.bind_next_tokens(key.thumbprint())
        body["token_type"] = "Bearer"
        headers = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _UNSENT_HEADERS]
        return httpx2.Response(
            response.status_code, headers=headers, content=json.dumps(body).encode(), request=outgoing
        )


def _kind(outgoing: httpx2.Request, original: httpx2.Request) -> Kind:
    """A token request (a form POST with a grant), the request being authorized, or anything else
    (discovery, registration)."""
    if outgoing is original:
        return "resource"
    form = outgoing.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded")
    if outgoing.method == "POST" and form and b"grant_type=" in outgoing.content:
        return "token"
    return "other"


def _oauth_error(response: httpx2.Response) -> str | None:
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("error") if isinstance(body, dict) and isinstance(body.get("error"), str) else None
