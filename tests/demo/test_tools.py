"""Every demo tool really acts, in a temporary sandbox, in both protocol eras."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import anyio
import mcp
import mcp_types as types
import pytest

from tests.demo.conftest import MODES
from tui.demo.server import DemoServer


def _text(result: types.CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, types.TextContent)
    return block.text


async def _call(
    server: DemoServer, name: str, arguments: dict[str, Any], mode: str = "legacy"
) -> types.CallToolResult:
    async with mcp.Client(server, mode=mode) as client:
        return await client.call_tool(name, arguments, read_timeout_seconds=10)


@pytest.mark.parametrize("mode", MODES)
async def test_manage_files_reads_appends_replaces_and_deletes(
    server: DemoServer, sandbox: Path, mode: str
) -> None:
    async with mcp.Client(server, mode=mode) as client:
        read = await client.call_tool("manage_files", {"action": "read", "path": "welcome.txt"})
        assert _text(read).startswith("Welcome to the mcp-tui demo sandbox")
        await client.call_tool("manage_files", {"action": "append", "path": "dir/a.txt", "content": "one\n"})
        await client.call_tool("manage_files", {"action": "append", "path": "dir/a.txt", "content": "two\n"})
        assert (sandbox / "dir/a.txt").read_text(encoding="utf-8") == "one\ntwo\n"
        await client.call_tool("manage_files", {"action": "replace", "path": "dir/a.txt", "content": "new"})
        assert (sandbox / "dir/a.txt").read_text(encoding="utf-8") == "new"
        deleted = await client.call_tool("manage_files", {"action": "delete", "path": "dir/a.txt"})
        assert not deleted.is_error
        assert not (sandbox / "dir/a.txt").exists()


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        ({"action": "read", "path": "../escape.txt"}, "'..'"),
        ({"action": "replace", "path": "/tmp/escape.txt", "content": "x"}, "absolute"),
        ({"action": "read", "path": "missing.txt"}, "missing"),
        ({"action": "append", "path": "a.txt"}, "needs 'content'"),
        ({"action": "explode", "path": "a.txt"}, "input schema"),
        ({"action": "read"}, "input schema"),
    ],
)
async def test_manage_files_refuses_plainly(server: DemoServer, arguments: dict[str, Any], says: str) -> None:
    result = await _call(server, "manage_files", arguments)
    assert result.is_error
    assert says in _text(result)


async def test_manage_files_never_follows_a_symlink_out(
    server: DemoServer, sandbox: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep", encoding="utf-8")
    server.sandbox.ensure()
    (sandbox / "link.txt").symlink_to(outside)
    result = await _call(server, "manage_files", {"action": "replace", "path": "link.txt", "content": "gone"})
    assert result.is_error
    assert "outside the sandbox" in _text(result)
    assert outside.read_text(encoding="utf-8") == "keep"


@pytest.mark.parametrize("mode", MODES)
async def test_sql_reads_and_writes_the_sandbox_database(
    server: DemoServer, sandbox: Path, mode: str
) -> None:
    async with mcp.Client(server, mode=mode) as client:
        listing = await client.call_tool("sql", {"query": "SELECT name FROM fruits ORDER BY id"})
        assert _text(listing).splitlines()[:3] == ["name", "apple", "banana"]
        inserted = await client.call_tool(
            "sql", {"query": "INSERT INTO fruits (name, stock) VALUES ('fig', 1)"}
        )
        assert "1 row changed" in _text(inserted)
        await client.call_tool("sql", {"query": "DELETE FROM fruits WHERE stock = 0; SELECT 1"})
    with sqlite3.connect(sandbox / "demo.db") as db:
        names = [row[0] for row in db.execute("SELECT name FROM fruits ORDER BY id")]
    assert names == ["apple", "banana", "cherry", "kiwi", "fig"]


async def test_sql_reports_errors_and_refuses_attach(
    server: DemoServer, sandbox: Path, tmp_path: Path
) -> None:
    broken = await _call(server, "sql", {"query": "SELECT * FROM nowhere"})
    assert broken.is_error
    assert "no such table" in _text(broken)
    attach = await _call(server, "sql", {"query": f"ATTACH DATABASE '{tmp_path / 'x.db'}' AS x"})
    assert attach.is_error
    assert "outside the sandbox" in _text(attach)
    assert not (tmp_path / "x.db").exists()


async def test_sql_stops_a_runaway_query(server: DemoServer) -> None:
    query = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"
    with anyio.fail_after(15):
        result = await _call(server, "sql", {"query": query})
    assert result.is_error
    assert "interrupted" in _text(result)


@pytest.mark.parametrize("mode", MODES)
async def test_http_api_is_a_working_rest_store(server: DemoServer, mode: str) -> None:
    async with mcp.Client(server, mode=mode) as client:
        listed = await client.call_tool("http_api", {"method": "GET", "path": "/notes"})
        assert "HTTP 200" in _text(listed)
        assert "Buy oat milk" in _text(listed)
        created = await client.call_tool(
            "http_api", {"method": "POST", "path": "/notes", "body": {"text": "hi"}}
        )
        assert "HTTP 201" in _text(created)
        assert '"id": "100"' in _text(created)
        patched = await client.call_tool(
            "http_api", {"method": "PATCH", "path": "/notes/100", "body": {"done": True}}
        )
        assert '"done": true' in _text(patched)
        await client.call_tool("http_api", {"method": "PUT", "path": "/notes/7", "body": {"text": "seven"}})
        assert "seven" in _text(await client.call_tool("http_api", {"method": "GET", "path": "/notes/7"}))
        gone = await client.call_tool("http_api", {"method": "DELETE", "path": "/notes/1"})
        assert "HTTP 204" in _text(gone)
        missing = await client.call_tool("http_api", {"method": "HEAD", "path": "/notes/1"})
        assert missing.is_error
        assert "HTTP 404" in _text(missing)


async def test_static_tools_act_in_the_sandbox(server: DemoServer, sandbox: Path) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        await client.call_tool("add_note", {"text": "first"})
        await client.call_tool("add_note", {"text": "second   note"})
        assert (sandbox / "notes.md").read_text(encoding="utf-8") == "- first\n- second note\n"
        listing = _text(await client.call_tool("list_sandbox", {}))
        assert "notes.md" in listing
        assert "welcome.txt" in listing
        cleared = await client.call_tool("clear_notes", {})
        assert "2 notes removed" in _text(cleared)
        assert (sandbox / "notes.md").read_text(encoding="utf-8") == ""
        await client.call_tool("launch_confetti", {"colour": "gold"})
        assert (sandbox / "confetti.log").read_text(encoding="utf-8").strip().endswith("gold confetti")
        counted = _text(await client.call_tool("word_count", {"path": "welcome.txt"}))
        assert "3 lines" in counted
        rolled = _text(await client.call_tool("roll_dice", {"sides": 6, "count": 3}))
        assert rolled.startswith("Rolled 3d6")
        clock = await client.call_tool("world_clock", {"timezone": "UTC"})
        assert "in UTC" in _text(clock)
        bad_zone = await client.call_tool("world_clock", {"timezone": "Mars/Olympus"})
        assert bad_zone.is_error


@pytest.mark.parametrize("mode", MODES)
async def test_sandbox_stats_returns_structured_content(server: DemoServer, sandbox: Path, mode: str) -> None:
    server.sandbox.ensure()
    (sandbox / "notes.md").write_text("- a\n- b\n", encoding="utf-8")
    async with mcp.Client(server, mode=mode) as client:
        result = await client.call_tool("sandbox_stats", {})
    assert result.structured_content == {
        "files": 2,
        "bytes": (sandbox / "welcome.txt").stat().st_size + 8,
        "notes": 2,
        "largest": "welcome.txt",
    }


@pytest.mark.parametrize("mode", MODES)
async def test_slow_count_reports_progress(server: DemoServer, mode: str) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append((value, total, message))

    async with mcp.Client(server, mode=mode) as client:
        result = await client.call_tool(
            "slow_count",
            {"steps": 4, "delay_seconds": 0.01},
            progress_callback=progress,
            read_timeout_seconds=10,
        )
    assert _text(result) == "Counted to 4."
    assert [s[0] for s in seen] == [1, 2, 3, 4]
    assert seen[-1] == (4, 4, "step 4 of 4")


@pytest.mark.parametrize("mode", MODES)
async def test_slow_count_stops_when_cancelled(server: DemoServer, mode: str) -> None:
    started = anyio.Event()

    async def progress(value: float, total: float | None, message: str | None) -> None:
        started.set()

    async with mcp.Client(server, mode=mode) as client:
        async with anyio.create_task_group() as group:

            async def call() -> None:
                await client.call_tool(
                    "slow_count", {"steps": 100, "delay_seconds": 0.05}, progress_callback=progress
                )

            group.start_soon(call)
            with anyio.fail_after(30):  # bounds only a broken test
                await started.wait()
            group.cancel_scope.cancel()
        # Still connected: only the cancellation notification can stop the server-side run.
        with anyio.fail_after(30):  # a wait for the server's counter (no event to wait on), bounded
            while server.state.long_runs_cancelled < 1:  # noqa: ASYNC110 - a counter in the server, no event
                await anyio.sleep(0.01)
        assert (
            _text(await client.call_tool("slow_count", {"steps": 1, "delay_seconds": 0})) == "Counted to 1."
        )
    assert server.state.long_runs_started == 2


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("answer", "says"),
    [
        (
            types.ElicitResult(action="accept", content={"name": "Ada", "colour": "blue"}),
            "Nice to meet you, Ada! Blue",
        ),
        (types.ElicitResult(action="decline"), "You declined"),
        (types.ElicitResult(action="cancel"), "You dismissed"),
    ],
)
async def test_ask_user_asks_through_elicitation(
    server: DemoServer, mode: str, answer: types.ElicitResult, says: str
) -> None:
    asked: list[str] = []

    async def elicit(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return answer

    async with mcp.Client(server, mode=mode, elicitation_callback=elicit) as client:
        result = await client.call_tool("ask_user", {}, read_timeout_seconds=10)
    assert asked == ["The demo server would like to greet you. What is your name?"]
    assert _text(result).startswith(says)
    assert not result.is_error


@pytest.mark.parametrize("mode", MODES)
async def test_ask_user_says_plainly_when_the_client_cannot_ask(server: DemoServer, mode: str) -> None:
    result = await _call(server, "ask_user", {}, mode)
    assert result.is_error
    assert "does not support elicitation" in _text(result)


async def test_unknown_tool_is_invalid_params(server: DemoServer) -> None:
    async with mcp.Client(server, mode="legacy") as client:
        with pytest.raises(mcp.MCPError) as raised:
            await client.call_tool("no_such_tool", {})
    assert raised.value.error.code == types.INVALID_PARAMS
