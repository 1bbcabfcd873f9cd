"""tools/resolve and tools/annotations: per-call hints, error codes, no side effects, determinism."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import mcp
import mcp_types as types
import pytest

from tests.demo.conftest import MODES, annotations, hints_of, raw_tools, resolve, snapshot
from tui.demo.registry import TOOLS
from tui.demo.server import DemoServer

# (readOnly, destructive, idempotent, openWorld)
SAFE = (True, False, True, False)
LOW = (True, False, True, True)
ADD = (False, False, False, False)
HIGH = (False, True, True, False)
HIGH_ONCE = (False, True, False, False)

PER_CALL = [
    ("manage_files", {"action": "read", "path": "welcome.txt"}, SAFE),
    ("manage_files", {"action": "append", "path": "notes.md", "content": "x"}, ADD),
    ("manage_files", {"action": "replace", "path": "notes.md", "content": "x"}, HIGH),
    ("manage_files", {"action": "delete", "path": "notes.md"}, HIGH),
    ("sql", {"query": "SELECT * FROM fruits"}, SAFE),
    ("sql", {"query": "  -- look\n select 1"}, SAFE),
    ("sql", {"query": "PRAGMA table_info(fruits)"}, SAFE),
    ("sql", {"query": "INSERT INTO fruits (name, stock) VALUES ('fig', 1)"}, ADD),
    ("sql", {"query": "UPDATE fruits SET stock = 0"}, HIGH_ONCE),
    ("sql", {"query": "/* select */ DELETE FROM fruits"}, HIGH_ONCE),
    ("sql", {"query": "DROP TABLE fruits"}, HIGH),
    ("sql", {"query": "WITH x AS (SELECT 1) DELETE FROM fruits"}, HIGH_ONCE),
    ("sql", {"query": "SELECT 1; DELETE FROM fruits"}, HIGH_ONCE),
    ("sql", {"query": "FROBNICATE"}, HIGH_ONCE),
    ("http_api", {"method": "GET", "path": "/notes"}, LOW),
    ("http_api", {"method": "HEAD", "path": "/notes"}, LOW),
    ("http_api", {"method": "POST", "path": "/notes", "body": {"text": "x"}}, (False, False, False, True)),
    ("http_api", {"method": "PUT", "path": "/notes/1", "body": {}}, (False, True, True, True)),
    ("http_api", {"method": "PATCH", "path": "/notes/1", "body": {}}, (False, True, False, True)),
    ("http_api", {"method": "DELETE", "path": "/notes/1"}, (False, True, True, True)),
]


MINIMAL: dict[str, dict[str, Any]] = {name: arguments for name, arguments, _ in PER_CALL}
MINIMAL.update({"add_note": {"text": "x"}, "word_count": {"path": "welcome.txt"}})


@pytest.mark.parametrize("mode", MODES)
async def test_resolve_and_annotations_per_argument_class(server: DemoServer, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        listed = await raw_tools(client)
        for name, arguments, expected in PER_CALL:
            resolved = await resolve(client, name, arguments)
            tool = resolved["tool"]
            assert hints_of(tool["annotations"]) == expected, (name, arguments)
            # The full definition comes back, only the annotations differ.
            assert {k: v for k, v in tool.items() if k != "annotations"} == {
                k: v for k, v in listed[name].items() if k != "annotations"
            }
            earlier = await annotations(client, name, arguments)
            assert earlier["annotations"] == tool["annotations"]


def _rank(hints: tuple[bool, bool, bool, bool]) -> tuple[int, int, int, int]:
    """Higher is riskier on every axis."""
    read_only, destructive, idempotent, open_world = hints
    return (int(not read_only), int(destructive and not read_only), int(not idempotent), int(open_world))


async def test_static_annotations_are_the_worst_case_of_every_resolution(server: DemoServer) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        listed = await raw_tools(client)
    for name, _, resolved in PER_CALL:
        static = _rank(hints_of(listed[name]["annotations"]))
        assert all(s >= r for s, r in zip(static, _rank(resolved), strict=True)), name


async def test_a_static_tool_resolves_to_its_static_definition(server: DemoServer) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        listed = await raw_tools(client)
        resolved = await resolve(client, "add_note", {"text": "hi"})
        bare = await annotations(client, "roll_dice", {})
    assert resolved["tool"] == listed["add_note"]
    assert bare == {"annotations": {}}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("name", "arguments", "says"),
    [
        ("no_such_tool", {}, "Unknown tool 'no_such_tool'"),
        ("manage_files", {"action": "explode", "path": "a"}, "action: 'explode' is not one of"),
        ("manage_files", {"action": "read"}, "'path' is a required property"),
        ("manage_files", {"action": "read", "path": "a", "extra": 1}, "Additional properties"),
        ("sql", {"query": 42}, "query: 42 is not of type 'string'"),
        ("sql", None, "'query' is a required property"),
        ("http_api", {"method": "GET", "path": "notes"}, "does not match '^/'"),
    ],
)
async def test_bad_requests_are_invalid_params_with_a_helpful_message(
    server: DemoServer, mode: str, name: str, arguments: dict[str, Any] | None, says: str
) -> None:
    async with mcp.Client(server, mode=mode) as client:
        for ask in (resolve, annotations):
            with pytest.raises(mcp.MCPError) as raised:
                await ask(client, name, arguments)
            assert raised.value.error.code == types.INVALID_PARAMS
            assert says in raised.value.error.message


async def test_an_internal_failure_is_internal_error(
    server: DemoServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from tui.demo import registry

    def broken(arguments: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("classifier exploded")

    monkeypatch.setitem(registry.BY_NAME, "sql", replace(registry.BY_NAME["sql"], refine=broken))
    async with mcp.Client(server, mode="legacy") as client:
        with pytest.raises(mcp.MCPError) as raised:
            await resolve(client, "sql", {"query": "SELECT 1"})
    assert raised.value.error.code == types.INTERNAL_ERROR
    assert "classifier exploded" not in raised.value.error.message


@pytest.mark.parametrize("mode", MODES)
async def test_resolving_leaves_the_sandbox_byte_for_byte_unchanged(
    server: DemoServer, sandbox: Path, mode: str
) -> None:
    async with mcp.Client(server, mode=mode) as client:
        await client.call_tool("sql", {"query": "SELECT 1"})  # the sandbox and its database exist now
        await client.call_tool("add_note", {"text": "keep me"})
        before = snapshot(sandbox)
        store_before = repr(server.state.store)
        for name, arguments, _ in PER_CALL:
            await resolve(client, name, arguments)
            await annotations(client, name, arguments)
        for tool in TOOLS:
            await resolve(client, tool.name, MINIMAL.get(tool.name, {}))
    assert snapshot(sandbox) == before
    assert repr(server.state.store) == store_before


async def test_resolving_never_creates_the_sandbox(server: DemoServer, sandbox: Path) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        for name, arguments, _ in PER_CALL:
            await resolve(client, name, arguments)
    assert not await anyio.Path(sandbox).exists()


async def test_resolution_is_deterministic_across_connections_and_servers(
    sandbox: Path, tmp_path: Path
) -> None:
    from tui.demo.server import build_server

    answers: list[list[dict[str, Any]]] = []
    for root in (sandbox, tmp_path / "other"):
        for mode in MODES:
            async with mcp.Client(build_server(root), mode=mode) as client:
                answers.append([await resolve(client, n, a) for n, a, _ in PER_CALL for _ in range(2)])
    stripped = [[{k: v for k, v in a.items() if k in ("tool",)} for a in run] for run in answers]
    assert all(run == stripped[0] for run in stripped)
