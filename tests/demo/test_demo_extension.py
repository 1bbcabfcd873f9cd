"""The demo speaks the tool-resolution extension, negotiated per request, beside the two seed dialects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp
import mcp_types as types
import pytest
from mcp.client.extension import advertise
from mcp.shared.exceptions import MCPError

from tests.demo.conftest import MODES, RAW, raw_tools, resolve, snapshot
from tui.demo.server import DemoServer
from tui.model.hints import Hints, Provenance
from tui.safety.resolution_bounds import broken_bounds

ID = "io.modelcontextprotocol/tool-resolution"

# The extension repository's wire example, in our own words: reading a file through manage_files is
# answered as read-only, non-destructive, idempotent and closed-world.
EXAMPLE_ARGUMENTS = {"path": "/home/user/notes.txt", "action": "read"}
EXAMPLE_ANSWER = {
    "resultType": "complete",
    "name": "manage_files",
    "annotations": {
        "readOnlyHint": True,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    },
}

# Argument sets across every branch of the three resolvable tools.
CALLS: list[tuple[str, dict[str, Any]]] = [
    *(("manage_files", {"action": a, "path": "n.md", "content": "x"}) for a in ("read", "append", "replace")),
    ("manage_files", {"action": "delete", "path": "n.md"}),
    *(
        ("sql", {"query": q})
        for q in ("select 1", "insert into t values (1)", "delete from t", "drop table t")
    ),
    *(("sql", {"query": q}) for q in ("update t set a = 1", "create table u (a)", "vacuum", "nonsense ((")),
    *(
        ("http_api", {"method": m, "path": "/notes/1"})
        for m in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
    ),
]


def speaking(server: DemoServer, mode: str) -> mcp.Client:
    return mcp.Client(server, mode=mode, extensions=[advertise(ID)])


@pytest.mark.parametrize("mode", MODES)
async def test_capability_and_markers_only_for_a_client_that_advertises(
    server: DemoServer, mode: str
) -> None:
    async with speaking(server, mode) as client:
        marked = await raw_tools(client)
        if mode == "auto":
            discovered = await client.session.send_request(types.DiscoverRequest(), RAW)
            assert discovered["capabilities"]["extensions"] == {ID: {}}
    async with mcp.Client(server, mode=mode) as plain:
        unmarked = await raw_tools(plain)
    # ``_meta`` also carries display templates (another extension): look for this one's marker only.
    assert {name for name, tool in marked.items() if ID in tool.get("_meta", {})} == {"manage_files"}
    assert marked["manage_files"]["_meta"][ID] == {"resolvable": True}
    assert not any(ID in tool.get("_meta", {}) for tool in unmarked.values())


@pytest.mark.parametrize("mode", MODES)
async def test_one_method_two_shapes(server: DemoServer, mode: str) -> None:
    async with speaking(server, mode) as client:
        extension = await resolve(client, "manage_files", EXAMPLE_ARGUMENTS)
    async with mcp.Client(server, mode=mode) as plain:
        sep_1862 = await resolve(plain, "manage_files", EXAMPLE_ARGUMENTS)
    # On 2026-07-28 the SDK adds core result metadata (serverInfo); nothing else may ride along.
    core_meta = extension.pop("_meta", {})
    assert set(core_meta) <= {"io.modelcontextprotocol/serverInfo"}
    assert extension == EXAMPLE_ANSWER
    assert "tool" in sep_1862
    assert "annotations" not in sep_1862
    assert sep_1862["tool"]["annotations"]["readOnlyHint"] is True


@pytest.mark.parametrize(
    ("name", "arguments", "words"),
    [
        ("manage_files", {"action": "shred", "path": "a"}, "do not match its input schema"),
        ("manage_files", {"path": "a"}, "do not match its input schema"),
        ("sql", {"query": "select 1"}, "not marked resolvable"),
        ("roll_dice", {}, "not marked resolvable"),
        ("no_such_tool", {}, "Unknown tool"),
    ],
)
async def test_invalid_params_before_resolving(
    server: DemoServer, name: str, arguments: Any, words: str
) -> None:
    async with speaking(server, "auto") as client:
        with pytest.raises(MCPError) as raised:
            await resolve(client, name, arguments)
    assert raised.value.code == types.INVALID_PARAMS
    assert words in raised.value.message


async def test_all_four_hints_within_the_bounds_and_no_side_effects(
    server: DemoServer, sandbox: Path
) -> None:
    async with speaking(server, "legacy") as client:
        listed = await raw_tools(client)
        await client.call_tool("manage_files", {"action": "append", "path": "n.md", "content": "hello"})
        before = snapshot(sandbox)
        store = server.state.store.collections.copy()
        answers = [
            (name, await resolve(client, name, args)) for name, args in CALLS if name == "manage_files"
        ]
        async with mcp.Client(server, mode="legacy") as plain:
            answers += [
                (name, await resolve(plain, name, args)) for name, args in CALLS if name != "manage_files"
            ]
    assert snapshot(sandbox) == before
    assert server.state.store.collections == store
    for name, answer in answers:
        hints = answer["annotations"] if "annotations" in answer else answer["tool"]["annotations"]
        claimed = Hints.from_annotations(hints, Provenance.RESOLVED)
        static = Hints.from_annotations(listed[name]["annotations"])
        assert broken_bounds(static, claimed) == (), (name, hints)
        assert set(hints) >= {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
