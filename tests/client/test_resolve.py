"""send_resolve against real servers: well-formed answers in both eras, and every way a server can fail."""

from __future__ import annotations

import time

import pytest
from misbehaving.connect import connected
from misbehaving.servers import (
    BY_ACTION,
    MALFORMED,
    SCHEMA,
    build_server,
    errors_with,
    hangs,
    malformed,
    well_behaved,
    well_behaved_annotations,
)

from tui.client.resolve import send_resolve

READ = {"action": "read", "path": "notes.txt"}
IN_PROCESS = lambda: False  # noqa: E731 - an in-process server has no transport that could end
LONG = 30.0
"""The limit where it is not the subject: an answer given at once never misses it, however slow the
machine."""


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_resolve_answers_in_both_protocol_eras(mode: str) -> None:
    async with connected(build_server(well_behaved), mode) as conn:
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, LONG, IN_PROCESS)
    assert outcome.error is None, outcome.error
    assert outcome.annotations == BY_ACTION["read"]
    assert outcome.tool is not None
    assert outcome.tool["name"] == "files"
    assert outcome.method == "tools/resolve"
    assert not outcome.timed_out
    assert outcome.elapsed_s > 0


async def test_earlier_draft_tools_annotations() -> None:
    server = build_server(well_behaved_annotations, method="tools/annotations")
    async with connected(server) as conn:
        assert conn.tools["files"].resolve_method == "tools/annotations"
        outcome = await send_resolve(
            conn.client.session, "tools/annotations", "files", READ, LONG, IN_PROCESS
        )
    assert outcome.error is None
    assert outcome.annotations == BY_ACTION["read"]
    assert outcome.tool is None
    assert outcome.method == "tools/annotations"


async def test_hanging_resolution_times_out() -> None:
    async with connected(build_server(hangs)) as conn:
        started = time.perf_counter()
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, 0.3, IN_PROCESS)
        waited = time.perf_counter() - started
        # It waited out its limit (a slow machine only waits longer), and the connection is still usable
        # afterwards: the timeout cost nothing but the wait.
        assert (await conn.client.list_tools()).tools
    assert outcome.timed_out
    assert outcome.annotations is None
    assert outcome.error == "no answer within 0.3 s"
    assert waited >= 0.3


@pytest.mark.parametrize(
    ("code", "label"),
    # -32000 and -32001 too: the SDK's own "connection closed" and "timed out" carry those codes.
    [(-32602, "invalid params"), (-32603, "internal error"), (-32000, "error"), (-32001, "error")],
)
async def test_server_errors_keep_their_code(code: int, label: str) -> None:
    async with connected(build_server(errors_with(code))) as conn:
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, LONG, IN_PROCESS)
    assert outcome.error_code == code
    assert outcome.annotations is None
    assert outcome.error is not None
    assert f"error {code} ({label})" in outcome.error
    assert "refused on purpose" in outcome.error


async def test_method_not_found_although_advertised() -> None:
    # The server flags the tool resolvable but only serves the other draft's method: a real -32601.
    server = build_server(well_behaved_annotations, method="tools/annotations")
    async with connected(server) as conn:
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, LONG, IN_PROCESS)
    assert outcome.error_code == -32601
    assert outcome.error is not None
    assert "although it advertised the method" in outcome.error


async def test_explicit_method_not_found_error() -> None:
    async with connected(build_server(errors_with(-32601))) as conn:
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, LONG, IN_PROCESS)
    assert outcome.error_code == -32601


@pytest.mark.parametrize(
    ("kind", "detail"),
    [
        ("no tool", "the result has no tool"),
        ("tool not an object", "tool is a string, not an object"),
        ("wrong hint types", "readOnlyHint is a string, not true or false"),
        ("annotations not an object", "annotations is an array, not an object"),
        ("tool without a name", "the tool has no name"),
    ],
)
async def test_malformed_results_are_errors(kind: str, detail: str) -> None:
    assert kind in MALFORMED
    async with connected(build_server(malformed(kind))) as conn:
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, LONG, IN_PROCESS)
    assert outcome.annotations is None
    assert outcome.error == f"malformed result: {detail}"
    assert outcome.error_code is None


async def test_annotations_result_without_annotations_is_malformed() -> None:
    server = build_server(malformed("no tool"), method="tools/annotations")
    async with connected(server) as conn:
        outcome = await send_resolve(
            conn.client.session, "tools/annotations", "files", READ, LONG, IN_PROCESS
        )
    assert outcome.error == "malformed result: the result has no annotations"


async def test_an_answer_about_another_tool_is_a_name_mismatch_that_breaks_resolution() -> None:
    async with connected(build_server(malformed("another tool's name"))) as conn:
        outcome = await send_resolve(conn.client.session, "tools/resolve", "files", READ, LONG, IN_PROCESS)
    assert outcome.annotations is None
    assert outcome.error == "name mismatch: asked about 'files' but the server described 'plain'"
    assert outcome.broke_extension


async def test_an_answer_with_another_input_schema_breaks_resolution() -> None:
    listed = {**SCHEMA, "required": ["action"]}
    async with connected(build_server(well_behaved)) as conn:
        session = conn.client.session
        outcome = await send_resolve(session, "tools/resolve", "files", READ, LONG, IN_PROCESS, listed)
        same = await send_resolve(session, "tools/resolve", "files", READ, LONG, IN_PROCESS, SCHEMA)
    assert outcome.annotations is None
    assert outcome.error is not None
    assert outcome.error.startswith("schema mismatch: ")
    assert outcome.broke_extension
    assert same.error is None
    assert same.annotations == BY_ACTION["read"]
