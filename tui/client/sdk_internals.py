"""Every place mcp-tui reaches a private name of the mcp SDK: this module and no other.

The SDK offers no public way to do the four things below, and each is needed for something the client
promises (listings that survive one bad entry, the x-mcp-header rules, in-process test servers, a stored
token's expiry). Each function says which private name it touches, why there is no public way, and what
to check when the SDK is upgraded. ``tests/client/test_sdk_canary.py`` exercises every one against the
installed SDK, so an upgrade that moves a name fails there, in one obvious place;
``tests/test_private_access.py`` fails if any other module of ``tui`` reaches a private SDK name.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.shared.dispatcher import CallOptions


def absorb_tool_listing(client: Client, listing: types.ListToolsResult) -> types.ListToolsResult:
    """The part of ``listing`` the client session keeps, after it has learnt it as its own
    ``list_tools`` would have.

    Touches ``ClientSession._absorb_tool_listing(result, *, complete)``. mcp-tui lists tools itself (to
    keep the fields the SDK's models drop, and to check each entry on its own), so the session never
    sees a tools/list answer; but on 2026-07-28 connections the session must drop tools whose
    ``x-mcp-header`` annotations are invalid and remember the rest, which is how ``call_tool`` mirrors
    those arguments into ``Mcp-Param-*`` headers. No public method hands the session a listing.
    On upgrade: the method still exists, is synchronous, takes ``complete`` by keyword and returns the
    kept result; or ``list_tools`` now keeps the fields (then list with it and delete this).
    """
    absorbed: types.ListToolsResult = client.session._absorb_tool_listing(listing, complete=True)
    return absorbed


async def send_unvalidated(client: Client, request: types.ClientRequest, timeout: float) -> Any:
    """``request`` sent as ``ClientSession.send_request`` sends it; the result as the server sent it.

    Touches ``ClientSession._stamp`` (adds what the negotiated version needs to the request: its
    ``_meta``, the protocol fields) and ``ClientSession._dispatcher.send_raw_request``. ``send_request``
    validates the whole result at once, so one malformed entry of a list would hide every good one;
    there is no public way to send a request and receive its result unvalidated.
    On upgrade: ``send_request`` still calls ``self._stamp(data, opts)`` and then
    ``self._dispatcher.send_raw_request(method, params, opts)`` (the canary reads its source).
    """
    session = client.session
    data = request.model_dump(by_alias=True, mode="json", exclude_none=True)
    options: CallOptions = {"timeout": timeout}
    session._stamp(data, options)
    return await session._dispatcher.send_raw_request(data["method"], data.get("params"), options)


def in_memory_transport(server: Any) -> Any:
    """The SDK's in-memory transport to an in-process legacy-era ``Server``/``MCPServer`` (a test hook).

    Touches ``mcp.client._memory.InMemoryTransport``: the SDK has no public name for it (``Client``
    takes a server object directly only for the 2026 era, which needs no transport).
    On upgrade: the class still takes the server as its first argument and is an async context manager
    giving the JSON-RPC streams.
    """
    from mcp.client._memory import InMemoryTransport

    return InMemoryTransport(server)


class OAuthProviderWithLoadHook(OAuthClientProvider):
    """The SDK's OAuth provider, with ``after_tokens_loaded`` called once it has read its stored state.

    Touches ``OAuthClientProvider._initialize``, the coroutine in which the provider reads the stored
    tokens and client information before its first request (it overrides nothing else). The SDK knows a
    token's expiry only for tokens it got in this process, and offers no public hook after loading, so a
    stored token's expiry can only be restored by running after it.
    On upgrade: ``_initialize`` still exists as an ``async def _initialize(self)`` that loads
    ``self.context.current_tokens``, and ``OAuthContext`` still has ``token_expiry_time``.
    """

    async def _initialize(self) -> None:
        await super()._initialize()
        self.after_tokens_loaded()

    def after_tokens_loaded(self) -> None:
        """Runs once the stored tokens and client information are loaded (``self.context``)."""


class OAuthProviderWithOwnGrant(OAuthClientProvider):
    """The SDK's OAuth provider for a grant the SDK does not have: a fixed client (no registration, no
    browser) whose token request ``token_form`` writes; discovery, the resource parameter, scopes, the
    refresh and storage stay the SDK's.

    Touches ``OAuthClientProvider._initialize`` (loads the stored tokens; here it also sets the fixed
    client, as the SDK's own ``ClientCredentialsOAuthProvider`` does) and ``_perform_authorization``
    (returns the token request; the SDK's grants each override it). The SDK offers no public way to add
    a grant. On upgrade: both still exist, ``_perform_authorization`` is ``async`` and returns the
    ``httpx2.Request`` the flow then yields, ``self._initialized`` still marks the load done, and
    ``_get_token_endpoint`` and ``context.prepare_token_auth`` still build the endpoint and client auth.
    """

    def __init__(self, server_url: str, storage: Any, client_info: Any, scope: str | None) -> None:
        from mcp.shared.auth import OAuthClientMetadata

        metadata = OAuthClientMetadata(
            redirect_uris=None,
            grant_types=list(client_info.grant_types or []),
            token_endpoint_auth_method=client_info.token_endpoint_auth_method,
            scope=scope,
        )
        super().__init__(server_url, metadata, storage, None, None)
        self.fixed_client = client_info

    async def _initialize(self) -> None:
        self.context.current_tokens = await self.context.storage.get_tokens()
        self.context.client_info = self.fixed_client
        self._initialized = True
        self.after_tokens_loaded()

    def after_tokens_loaded(self) -> None:
        """Runs once the stored tokens are loaded (``self.context``)."""

    async def _perform_authorization(self) -> Any:
        import httpx2

        form = await self.token_form()
        form["client_id"] = self.fixed_client.client_id
        if self.context.should_include_resource_param(self.context.protocol_version):
            form["resource"] = self.context.get_resource_url()
        if self.context.client_metadata.scope:
            form["scope"] = self.context.client_metadata.scope
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        form, headers = self.context.prepare_token_auth(form, headers)
        return httpx2.Request("POST", self._get_token_endpoint(), data=form, headers=headers)

    async def token_form(self) -> dict[str, str]:
        """The grant's own fields of the token request (``grant_type`` and what it needs)."""
        raise NotImplementedError
