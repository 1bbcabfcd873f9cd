"""Production code uses only public names of the mcp SDK, with four watched exceptions.

``tui.client.transport_factory.in_memory_transport`` (a test hook for in-process servers) needs the SDK's
in-memory transport, which has no public name; ``tui.client.auth.providers`` overrides the OAuth
provider's ``_initialize`` to restore a stored token's expiry; ``tui.client.tool_listing`` hands its own
tools/list result to the session's ``_absorb_tool_listing`` (the x-mcp-header rules of 2026-07-28);
``tui.client.list_entries`` sends list requests through the session's ``_stamp`` and ``_dispatcher``;
``tui.client.sdk_errors`` tells the SDK's own "timed out" and "connection closed" from a server's error
with the same code by how the SDK raises them. If an SDK upgrade moves any of them, these tests say so first.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import tui

PACKAGE_ROOT = Path(tui.__file__).parent
ALLOWED_PRIVATE = {"tui/client/transport_factory.py": {"mcp.client._memory"}}


def _private_sdk_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] in ("mcp", "mcp_types") and any(part.startswith("_") for part in parts):
                found.add(name)
    return found


def test_production_code_imports_no_private_sdk_module_but_the_canaried_one() -> None:
    found = {}
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        relative = f"tui/{path.relative_to(PACKAGE_ROOT)}"
        private = _private_sdk_imports(path) - ALLOWED_PRIVATE.get(relative, set())
        if private:
            found[relative] = sorted(private)
    assert found == {}


def test_the_sdk_in_memory_transport_is_where_we_use_it() -> None:
    from mcp.client._memory import InMemoryTransport

    parameters = inspect.signature(InMemoryTransport).parameters
    assert next(iter(parameters)) == "server"
    assert hasattr(InMemoryTransport, "__aenter__")
    assert hasattr(InMemoryTransport, "__aexit__")


def test_the_oauth_provider_still_loads_its_state_in_initialize() -> None:
    """Our provider restores the stored expiry after the SDK's ``_initialize`` has read the tokens."""
    from mcp.client.auth import OAuthClientProvider

    initialize = OAuthClientProvider.__dict__.get("_initialize")
    assert initialize is not None
    assert inspect.iscoroutinefunction(initialize)
    assert list(inspect.signature(initialize).parameters) == ["self"]
    from mcp.client.auth.oauth2 import OAuthContext

    assert "token_expiry_time" in OAuthContext.__annotations__


def test_the_session_still_absorbs_a_tool_listing_it_did_not_send() -> None:
    """``tui.client.tool_listing`` lists tools itself and gives the SDK the result to learn from."""
    from mcp.client.session import ClientSession

    absorb = ClientSession.__dict__.get("_absorb_tool_listing")
    assert absorb is not None
    assert not inspect.iscoroutinefunction(absorb)
    parameters = inspect.signature(absorb).parameters
    assert list(parameters) == ["self", "result", "complete"]
    assert parameters["complete"].kind is inspect.Parameter.KEYWORD_ONLY


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


def test_the_session_still_stamps_and_dispatches_a_request_it_does_not_validate() -> None:
    """``tui.client.list_entries`` sends list requests as ``send_request`` does, minus its whole-result
    check, so one malformed entry cannot hide the rest: it needs the stamp and the dispatcher."""
    from mcp.client.session import ClientSession
    from mcp.shared.dispatcher import Dispatcher

    source = inspect.getsource(ClientSession.send_request)
    assert "self._stamp(data, opts)" in source
    assert 'self._dispatcher.send_raw_request(method, data.get("params"), opts)' in source
    send_raw = inspect.signature(Dispatcher.send_raw_request).parameters
    assert list(send_raw) == ["self", "method", "params", "opts"]
