"""A server's own error answers, through the app's call and preflight paths over real stdio: -32000 and
-32001 are the server refusing (not the SDK's "connection closed" / "timed out", which share the codes),
and an invalid error object ends the request at once instead of at its timeout."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, cast

import anyio
import pytest
from mcp.shared.exceptions import MCPError
from servers.harness import running, serving, stdio, wait_until

from tui.client import health
from tui.client.health import watch_health
from tui.config.model import ServerConfig, Timeouts
from tui.model.results import CallStatus, TextBlock
from tui.model.servers import ConnectionStatus

SERVER_ERRORS = [
    (-32000, "Server overloaded"),
    (-32001, "plain"),
]
INVALID_ERRORS = [
    ({"message": "nocode"}, "the error has no code"),
    ({"code": "x", "message": "m"}, "the error code is a string, not an integer"),
    ({"code": 1}, "the error has no message"),
    ("overloaded", "the error is a string, not an object"),
]
LONG = 30.0
"""Far beyond any answer given at once, even on a loaded machine, and within the test's own timeout: a
request that waited for its limit instead of ending on the answer ends timed out, which the checks on the
outcome's words tell apart from the answer. No check here is on how long anything took."""
PATIENT = Timeouts(connect=LONG, request=LONG, call=LONG, preflight=LONG)


def answering(error: object) -> ServerConfig:
    return stdio("e", "error_server.py", json.dumps(error))


@pytest.mark.parametrize(("code", "message"), SERVER_ERRORS)
async def test_a_server_error_with_an_sdk_code_is_the_server_refusing(code: int, message: str) -> None:
    async with running([answering({"code": code, "message": message})], PATIENT) as (manager, _):
        await wait_until(lambda: bool(manager.tools("e")))
        outcome = await manager.call_tool("e", "fail", {})
        assert outcome.status is CallStatus.ERROR
        assert outcome.error == f"The server refused the call: {message}"
        assert outcome.error_code == code
        assert not outcome.connection_lost
        # Answered at once: the call did not wait for the connection to end, and the connection and the
        # server's process were fine all along.
        assert manager.connection("e").ended_reason is None
        assert manager.state("e").status is ConnectionStatus.CONNECTED
        assert (await manager.call_tool("e", "echo", {})).content == (TextBlock("still here"),)


@pytest.mark.parametrize(("error", "problem"), INVALID_ERRORS)
async def test_an_invalid_error_object_fails_the_call_at_once(error: object, problem: str) -> None:
    async with running([answering(error)], PATIENT) as (manager, _):
        await wait_until(lambda: bool(manager.tools("e")))
        outcome = await manager.call_tool("e", "fail", {})
        assert outcome.status is CallStatus.ERROR
        assert outcome.error == f"The server sent an invalid error response: {problem}."
        assert outcome.error_code is None
        # The traffic log shows what the server sent, not the stand-in the call ended on.
        records = manager.connection("e").traffic.records
        [answer] = [r for r in records if r.direction == "in" and r.method == "tools/call"]
        assert answer.unredacted == {"jsonrpc": "2.0", "id": answer.id, "error": error}
        assert (await manager.call_tool("e", "echo", {})).content == (TextBlock("still here"),)


@pytest.mark.parametrize(("error", "problem"), INVALID_ERRORS[:2])
async def test_an_invalid_error_object_over_legacy_sse_ends_the_call_at_once(
    error: object, problem: str
) -> None:
    # The SDK's SSE client hands such a message on only as the validation error: the call matched no answer
    # and waited for its timeout (30 s here).
    with serving("sse_error_server.py", json.dumps(error)) as port:
        server = ServerConfig(name="e", transport="sse", url=f"http://127.0.0.1:{port}/sse")
        async with running([server], PATIENT) as (manager, _):
            await wait_until(lambda: bool(manager.tools("e")))
            outcome = await manager.call_tool("e", "fail", {})
            assert outcome.error == f"The server sent an invalid error response: {problem}."
            assert (await manager.call_tool("e", "echo", {})).content == (TextBlock("still here"),)


TOO_DEEP = "The server sent an invalid response: it is nested more deeply than mcp-tui reads (200 levels)."
# 300 levels: past the SDK's parser (200); 3000: past Python's own too, so not even the id can be decoded.
DEPTHS = [300, 3000]


@pytest.mark.parametrize("depth", DEPTHS)
async def test_an_answer_nested_too_deeply_ends_the_call_at_once_with_the_reason(depth: int) -> None:
    async with running([answering({"code": 1, "message": "unused"})], PATIENT) as (manager, _):
        await wait_until(lambda: bool(manager.tools("e")))
        outcome = await manager.call_tool("e", "deep", {"depth": depth})
        assert outcome.error == TOO_DEEP
        assert (await manager.call_tool("e", "echo", {})).content == (TextBlock("still here"),)


@pytest.mark.parametrize("depth", DEPTHS)
async def test_an_answer_nested_too_deeply_over_legacy_sse_ends_the_call_at_once(depth: int) -> None:
    with serving("sse_error_server.py", json.dumps({"code": 1, "message": "unused"})) as port:
        server = ServerConfig(name="e", transport="sse", url=f"http://127.0.0.1:{port}/sse")
        async with running([server], PATIENT) as (manager, _):
            await wait_until(lambda: bool(manager.tools("e")))
            outcome = await manager.call_tool("e", "deep", {"depth": depth})
            assert outcome.error == TOO_DEEP
            assert (await manager.call_tool("e", "echo", {})).content == (TextBlock("still here"),)


@pytest.mark.parametrize("depth", DEPTHS)
async def test_an_answer_nested_too_deeply_over_streamable_http_says_why(depth: int) -> None:
    # The SDK's client ends such a call at once itself, but said "the server refused the call" over the
    # parser's multi-line report.
    with serving("http_error_server.py", json.dumps({"code": 1, "message": "unused"})) as port:
        url = f"http://127.0.0.1:{port}/mcp"
        server = ServerConfig(name="e", transport="http", url=url, protocol="legacy")
        async with running([server], PATIENT) as (manager, _):
            await wait_until(lambda: bool(manager.tools("e")))
            outcome = await manager.call_tool("e", "deep", {"depth": depth})
            assert outcome.error == TOO_DEEP
            assert (await manager.call_tool("e", "echo", {})).content == (TextBlock("still here"),)


@pytest.mark.parametrize(("code", "message"), SERVER_ERRORS)
async def test_preflight_reads_a_server_error_with_an_sdk_code_as_its_answer(code: int, message: str) -> None:
    async with running([answering({"code": code, "message": message})], PATIENT) as (manager, _):
        await wait_until(lambda: bool(manager.tools("e")))
        outcome = await manager.resolve("e", "fail", {}, LONG)
    assert not outcome.timed_out
    assert outcome.error_code == code
    assert outcome.error == f"the server answered tools/resolve with error {code} (error): {message}"


async def test_preflight_ends_at_once_on_an_invalid_error_object() -> None:
    async with running([answering({"message": "nocode"})], PATIENT) as (manager, _):
        await wait_until(lambda: bool(manager.tools("e")))
        outcome = await manager.resolve("e", "fail", {}, LONG)  # ended by the answer, not the limit
    assert not outcome.timed_out
    assert outcome.error == "the server sent an invalid error response: the error has no code"


async def test_preflight_on_a_server_that_dies_says_the_connection_closed() -> None:
    script = Path(__file__).parent / "misbehaving" / "exit_on_resolve.py"
    config = ServerConfig(name="x", transport="stdio", command=sys.executable, args=(str(script),))
    async with running([config], PATIENT) as (manager, _):
        await wait_until(lambda: bool(manager.tools("x")))
        # A dead server must not be mistaken for a slow one: only the connection's end can end this.
        outcome = await manager.resolve("x", "files", {"action": "read", "path": "n"}, LONG)
    assert not outcome.timed_out
    assert outcome.error == "the connection closed before the server answered"
    assert outcome.error_code is None


class _Pinged:
    """A client whose ping gets ``error``, as the server's answer or as the SDK's own; after ``enough``
    pings it stops the watch (by ``scope``), which has then kept watching that long."""

    def __init__(self, error: Exception, scope: anyio.CancelScope, enough: int) -> None:
        self.error, self.scope, self.enough, self.pings = error, scope, enough, 0
        self.session = self  # the health watch pings through the session

    async def send_ping(self) -> None:
        self.pings += 1
        if self.pings == self.enough:
            self.scope.cancel()
        raise self.error


async def _watch(error: Exception, transport_ended: bool, enough: int = 5) -> tuple[list[str], int]:
    lost: list[str] = []
    with anyio.CancelScope() as scope:
        client = _Pinged(error, scope, enough)
        await watch_health(cast(Any, client), lost.append, lambda: transport_ended)
    return lost, client.pings


async def test_health_keeps_a_server_answering_ping_with_32000(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "HEALTH_INTERVAL", 0.01)
    lost, pings = await _watch(MCPError(-32000, "Server overloaded"), transport_ended=False)
    assert lost == []
    assert pings == 5, "still watching after five refused pings"
    lost, pings = await _watch(MCPError(-32000, "Connection closed"), transport_ended=True)
    assert lost == ["the server stopped answering (the server closed the connection)"]
    assert pings == 1


def test_a_listing_refused_with_32000_reads_as_the_servers_answer_not_a_closed_connection() -> None:
    """``describe`` words listing and handshake failures, where no connection is at hand."""
    from mcp.shared.exceptions import MCPError

    from tui.client.errors import describe

    refused = MCPError(code=-32000, message="rate limited")
    assert describe(refused) == "the server answered with an error: rate limited (code -32000)"
    assert describe(MCPError(code=-32000, message="Connection closed")) == "the server closed the connection"
