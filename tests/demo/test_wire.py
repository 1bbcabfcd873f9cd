"""The draft fields really go out on the wire: capabilities and per-tool flags, in both eras."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp
import mcp_types as types
import pytest

from tests.demo.conftest import MODES, RAW, raw_tools
from tui.demo.dialects import EXTENSION
from tui.demo.registry import TOOLS
from tui.demo.server import DemoServer
from tui.model.display_templates import DISPLAY_TEMPLATES_ID

RESOLVABLE = {"manage_files", "sql", "http_api"}
# Each resolvable tool offers a different set of the seed dialects, so one client sees all three at work.
SEED_FLAGS = {
    "manage_files": {"resolve": True, "dynamicAnnotations": True},
    "sql": {"resolve": True, "dynamicAnnotations": True},
    "http_api": {"dynamicAnnotations": True},
}


@pytest.mark.parametrize("mode", MODES)
async def test_tools_list_carries_the_resolve_flags(server: DemoServer, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        listed = await raw_tools(client)
    assert list(listed) == [tool.name for tool in TOOLS]
    for name, tool in listed.items():
        flags = {key: tool[key] for key in ("resolve", "dynamicAnnotations") if key in tool}
        assert flags == SEED_FLAGS.get(name, {}), name
        meta = tool.get("_meta", {})
        assert EXTENSION not in meta, "no extension marker for a client that did not advertise it"
        assert set(meta) <= {DISPLAY_TEMPLATES_ID}, name
        assert tool["title"], name
        assert len(tool["description"]) > 40, name


async def test_modern_discover_advertises_the_capability(server: DemoServer) -> None:
    async with mcp.Client(server, mode="auto") as client:
        assert client.protocol_version == "2026-07-28"
        result = await client.session.send_request(
            types.DiscoverRequest(), RAW, request_read_timeout_seconds=10
        )
    assert result["capabilities"]["tools"]["resolve"] is True
    assert result["capabilities"]["tools"]["dynamicAnnotations"] is True


async def test_every_grade_is_covered_by_a_static_tool(server: DemoServer) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        listed = await raw_tools(client)
    static = {name: tool.get("annotations") for name, tool in listed.items() if name not in RESOLVABLE}
    stated = {n: a for n, a in static.items() if a}
    assert static["roll_dice"] is None
    assert stated["word_count"]["readOnlyHint"] is True
    assert stated["word_count"]["destructiveHint"] is True
    grades = {
        (a["readOnlyHint"], a.get("destructiveHint"), a["openWorldHint"])
        for n, a in stated.items()
        if n != "word_count"
    }
    assert grades >= {(True, False, False), (True, False, True), (False, False, False), (False, True, False)}
    assert stated["launch_confetti"]["destructiveHint"] is True
    assert stated["launch_confetti"]["openWorldHint"] is True
    assert listed["sandbox_stats"]["outputSchema"]["required"] == ["files", "bytes", "notes", "largest"]


def _exchange(process: subprocess.Popen[str], message: dict[str, Any]) -> dict[str, Any]:
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(json.dumps(message) + "\n")
    process.stdin.flush()
    if "id" not in message:
        return {}
    while True:
        reply = json.loads(process.stdout.readline())
        if reply.get("id") == message["id"]:
            return reply


def test_raw_legacy_handshake_over_stdio(tmp_path: Path) -> None:
    """Plain JSON lines over a real pipe: nothing between the server and these bytes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tui.demo", "--sandbox", str(tmp_path / "sandbox")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        init = _exchange(
            process,
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "raw-test", "version": "0"},
                },
            },
        )
        assert init["result"]["capabilities"]["tools"] == {
            "listChanged": False,
            "resolve": True,
            "dynamicAnnotations": True,
        }
        _exchange(process, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        listed = _exchange(process, {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        sql = next(t for t in listed["result"]["tools"] if t["name"] == "sql")
        assert sql["resolve"] is True
        assert sql["dynamicAnnotations"] is True
        resolved = _exchange(
            process,
            {
                "jsonrpc": "2.0",
                "id": 3,
                "method": "tools/resolve",
                "params": {"name": "sql", "arguments": {"query": "select 1"}},
            },
        )
        assert resolved["result"]["tool"]["annotations"]["readOnlyHint"] is True
        unknown = _exchange(
            process,
            {
                "jsonrpc": "2.0",
                "id": 4,
                "method": "tools/annotations",
                "params": {"name": "nope", "arguments": {}},
            },
        )
        assert unknown["error"]["code"] == -32602
        assert not (tmp_path / "sandbox").exists()  # resolving touched nothing, not even to create it
    finally:
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.close()
        process.wait(timeout=10)
        process.stdout.close()
