"""The canary of the private names of the mcp SDK and pydantic: an upgrade that moves one fails here first.

Every private name ``tui`` reaches lives in ``tui.client.sdk_internals`` (the SDK's) or
``tui.model.pydantic_internals`` (pydantic's), each function saying what to check on upgrade; each test
here exercises one of them against the installed library (``tests/test_private_access.py`` checks that
every one is exercised here, and that no other module of ``tui`` reaches a private name). Besides,
``tui.client.sdk_errors`` tells the SDK's own "timed out" and "connection closed" from a server's error
with the same code by how the SDK raises them (no private name, but undocumented behaviour): the last
tests check that behaviour.
"""

from __future__ import annotations

import inspect
import time
from typing import Any, cast

import httpx2
import mcp_types as types
import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from misbehaving.servers import build_server, well_behaved
from pydantic import TypeAdapter

from tui.client.sdk_internals import (
    OAuthProviderWithLoadHook,
    OAuthProviderWithOwnGrant,
    absorb_tool_listing,
    in_memory_transport,
    send_unvalidated,
)
from tui.model.pydantic_internals import type_adapters_deferred


async def test_in_memory_transport_connects_a_client_to_an_in_process_server() -> None:
    async with Client(in_memory_transport(build_server(well_behaved))) as client:
        listed = await client.list_tools()
    assert [tool.name for tool in listed.tools] == ["files", "plain"]


async def test_send_unvalidated_answers_with_the_result_as_the_server_sent_it() -> None:
    """``tui.client.list_entries`` sends list requests as ``send_request`` does, minus its whole-result
    check, so one malformed entry cannot hide the rest."""
    async with Client(build_server(well_behaved), mode="legacy") as client:
        raw = await send_unvalidated(client, types.ListToolsRequest(), 30.0)
    assert isinstance(raw, dict)
    assert [tool["name"] for tool in raw["tools"]] == ["files", "plain"]
    assert raw["tools"][0]["resolve"] is True  # a draft flag the SDK's Tool model would drop


def test_send_request_still_stamps_and_dispatches_as_send_unvalidated_does() -> None:
    from mcp.client.session import ClientSession
    from mcp.shared.dispatcher import Dispatcher

    source = inspect.getsource(ClientSession.send_request)
    assert "self._stamp(data, opts)" in source
    assert 'self._dispatcher.send_raw_request(method, data.get("params"), opts)' in source
    send_raw = inspect.signature(Dispatcher.send_raw_request).parameters
    assert list(send_raw) == ["self", "method", "params", "opts"]


def _region_tools() -> MCPServer:
    server = MCPServer("headers")

    @server.tool()
    def good(region: str) -> str:
        return region

    @server.tool()
    def bad(region: str) -> str:
        return region

    return server


@pytest.mark.parametrize(("mode", "kept"), [("auto", ["good"]), ("legacy", ["good", "bad"])])
async def test_absorb_tool_listing_keeps_what_the_session_learnt(mode: str, kept: list[str]) -> None:
    """``tui.client.tool_listing`` lists tools itself and gives the session the result to learn from: on
    2026-07-28 it drops a tool whose ``x-mcp-header`` is invalid (a space in a header name)."""
    headers = {"good": "Region", "bad": "My Region"}
    async with Client(_region_tools(), mode=mode) as client:
        listed = await client.list_tools()
        tools = []
        for tool in listed.tools:
            schema = {**tool.input_schema}
            schema["properties"] = {
                "region": {**schema["properties"]["region"], "x-mcp-header": headers[tool.name]}
            }
            tools.append(tool.model_copy(update={"input_schema": schema}))
        absorbed = absorb_tool_listing(client, types.ListToolsResult(tools=tools))
    assert isinstance(absorbed, types.ListToolsResult)
    assert sorted(tool.name for tool in absorbed.tools) == sorted(kept)


class _Stored:
    """A token storage holding one token, as the token file would."""

    async def get_tokens(self) -> OAuthToken | None:
        return OAuthToken(access_token="stored", token_type="Bearer", refresh_token="r")

    async def set_tokens(self, tokens: OAuthToken) -> None:
        raise AssertionError("nothing is stored here")

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return None

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        raise AssertionError("nothing is stored here")


class _Restoring(OAuthProviderWithLoadHook):
    """As the sign-in's provider does: after loading, set the stored token's expiry (here: long past)."""

    loaded: list[Any]

    def after_tokens_loaded(self) -> None:
        self.loaded = [self.context.current_tokens]
        self.context.token_expiry_time = time.time() - 60


async def test_the_load_hook_runs_once_the_provider_has_loaded_the_stored_token() -> None:
    metadata = OAuthClientMetadata(redirect_uris=[cast(Any, "http://127.0.0.1:1/callback")])
    provider = _Restoring("http://127.0.0.1:1/mcp", metadata, _Stored())
    flow = provider.async_auth_flow(httpx2.Request("GET", "http://127.0.0.1:1/mcp"))
    await flow.__anext__()  # the first request: the provider loads its state before deciding anything
    await flow.aclose()
    assert [token.access_token for token in provider.loaded] == ["stored"]
    assert not provider.context.is_token_valid(), "the restored expiry counts"


def test_the_oauth_context_still_has_the_expiry_the_hook_restores() -> None:
    from mcp.client.auth.oauth2 import OAuthContext

    assert "token_expiry_time" in OAuthContext.__annotations__


class _Grant(OAuthProviderWithOwnGrant):
    async def token_form(self) -> dict[str, str]:
        return {"grant_type": "urn:example:grant", "assertion": "a.b.c"}


async def test_a_grant_of_our_own_has_its_fixed_client_and_writes_the_token_request() -> None:
    """``tui.client.auth.jwt_bearer`` adds the jwt-bearer grant: the SDK loads the stored tokens and
    takes the fixed client (no registration), and its flow sends the request ``token_form`` wrote."""
    client = OAuthClientInformationFull(
        redirect_uris=None,
        client_id="workload",
        grant_types=["urn:example:grant"],
        token_endpoint_auth_method="none",
    )
    provider = _Grant("http://127.0.0.1:1/mcp", _Stored(), client, "read")
    flow = provider.async_auth_flow(httpx2.Request("GET", "http://127.0.0.1:1/mcp"))
    first = await flow.__anext__()
    await flow.aclose()
    assert first.headers["Authorization"] == "Bearer stored", "the stored token was loaded"
    assert provider.context.client_info is client
    request = await provider._perform_authorization()
    assert (request.method, str(request.url)) == ("POST", "http://127.0.0.1:1/token")
    form = dict(pair.split("=") for pair in request.content.decode().split("&"))
    assert form == {
        "grant_type": "urn%3Aexample%3Agrant",
        "assertion": "a.b.c",
        "client_id": "workload",
        "scope": "read",
    }


def test_type_adapters_made_within_the_block_wait_for_first_use() -> None:
    with type_adapters_deferred() as deferred:
        adapter = TypeAdapter(int | list[str])
    assert deferred, "this pydantic no longer has TypeAdapter._defer_build: only the models defer"
    assert not adapter.pydantic_complete
    assert adapter.validate_python(["a"]) == ["a"]
    assert adapter.pydantic_complete
    assert TypeAdapter(int | str).pydantic_complete, "afterwards adapters build at once again"


async def test_the_sdk_times_out_inside_its_handler_of_the_clocks_timeout_error() -> None:
    """``sdk_timed_out``: the SDK's -32001 has the ``TimeoutError`` as its context; a server's has none."""
    from mcp.shared.exceptions import MCPError
    from mcp_types import EmptyResult
    from misbehaving.connect import connected
    from misbehaving.servers import build_server, errors_with, hangs

    from tui.client.resolve import ResolveParams, ResolveToolRequest
    from tui.client.sdk_errors import sdk_timed_out

    request = ResolveToolRequest(params=ResolveParams(name="files", arguments={}))
    errors = []
    for handler in (hangs, errors_with(-32001)):
        async with connected(build_server(handler)) as conn:
            try:
                await conn.client.session.send_request(request, EmptyResult, request_read_timeout_seconds=0.2)
            except MCPError as error:
                errors.append(error)
    sdk_timeout, server_answer = errors
    assert (sdk_timeout.code, server_answer.code) == (-32001, -32001)
    assert isinstance(sdk_timeout.__context__, TimeoutError)
    assert (sdk_timed_out(sdk_timeout), sdk_timed_out(server_answer)) == (True, False)


def test_streamable_http_stand_ins_for_a_broken_stream_still_begin_the_same() -> None:
    """``sdk_connection_closed`` knows the HTTP transport's stand-in errors by how their message begins."""
    from mcp.client.streamable_http import StreamableHTTPTransport

    source = inspect.getsource(StreamableHTTPTransport)
    assert "def _resolve_abandoned_request" in source
    assert source.count('"SSE stream ') + source.count('f"SSE stream ') >= 3
