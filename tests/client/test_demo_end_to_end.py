"""The bundled demo over real stdio, in both protocol eras, through the app's own connection code.

A wire tap between the client and the demo copies every line the client sends, so the tests read the raw
JSON-RPC: the client's capability travels at ``initialize`` on a legacy connection and in the ``_meta``
of every ``tools/list`` and ``tools/resolve`` on a 2026-07-28 one. Then the whole path: list, preflight in
all three dialects, call, progress, cancel, and elicitation (``input_required`` round trips on 2026).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from servers.harness import HERE, running, wait_until

from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig, Timeouts
from tui.model.events import ElicitationRequested
from tui.model.results import CallStatus, Progress, ResolveOutcome
from tui.model.servers import EXTENSION_ID, ToolInfo
from tui.safety.grade import Grade
from tui.session.preflight import PreflightEngine, PreflightStatus

CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
TIMEOUTS = Timeouts(connect=15.0, request=10.0, call=10.0, preflight=5.0)


def tapped_demo(mode: str, tmp_path: Path) -> tuple[ServerConfig, Path]:
    wire = tmp_path / "wire.jsonl"
    config = ServerConfig(
        name="demo",
        transport="stdio",
        command=sys.executable,
        args=(
            str(HERE / "wire_tap.py"),
            str(wire),
            sys.executable,
            "-m",
            "tui.demo",
            "--sandbox",
            str(tmp_path / "sandbox"),
        ),
        protocol=mode,
    )
    return config, wire


def sent(wire: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in wire.read_text(encoding="utf-8").splitlines() if line.strip()]


def engine_for(manager: ConnectionManager) -> PreflightEngine:
    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    return PreflightEngine(resolver, manager.connection_id, timeout=5.0)


def extension_in(meta_holder: dict[str, Any]) -> Any:
    return meta_holder.get("extensions", {}).get(EXTENSION_ID)


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_the_client_capability_on_the_raw_wire(mode: str, tmp_path: Path) -> None:
    config, wire = tapped_demo(mode, tmp_path)
    async with running([config], TIMEOUTS) as (manager, _):
        await wait_until(lambda: bool(manager.tools("demo")), 15)
        tools = {t.name: t for t in manager.tools("demo")}
        engine = engine_for(manager)
        resolved = await engine.preflight(tools["manage_files"], {"action": "read", "path": "welcome.txt"})
    assert resolved.status is PreflightStatus.RESOLVED, resolved.error
    messages = sent(wire)
    by_method: dict[str, list[dict[str, Any]]] = {}
    for message in messages:
        by_method.setdefault(message.get("method", "?"), []).append(message)
    assert by_method["tools/list"]
    assert by_method["tools/resolve"]
    if mode == "legacy":
        (initialize,) = by_method["initialize"]
        assert extension_in(initialize["params"]["capabilities"]) == {}
        for message in by_method["tools/list"] + by_method["tools/resolve"]:
            assert CAPABILITIES not in message.get("params", {}).get("_meta", {})
    else:
        assert "initialize" not in by_method
        for message in by_method["tools/list"] + by_method["tools/resolve"]:
            assert extension_in(message["params"]["_meta"][CAPABILITIES]) == {}, message["method"]


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_the_demo_end_to_end(mode: str, tmp_path: Path) -> None:
    config, _wire = tapped_demo(mode, tmp_path)
    async with running([config], TIMEOUTS) as (manager, recorder):
        await wait_until(lambda: bool(manager.tools("demo")), 15)
        tools = {t.name: t for t in manager.tools("demo")}
        engine = engine_for(manager)

        # Each tool in the best dialect it offers. sql also offers SEP-1862, but on a server that speaks
        # the extension, tools/resolve is answered in the extension's shape to a client that advertised
        # it (this one always does), so the earlier draft is what is left for sql.
        assert tools["manage_files"].dialect == EXTENSION_ID
        assert tools["sql"].dialect == "tools/annotations"
        assert tools["http_api"].dialect == "tools/annotations"
        files = await engine.preflight(tools["manage_files"], {"action": "delete", "path": "welcome.txt"})
        sql = await engine.preflight(tools["sql"], {"query": "select * from fruits"})
        http = await engine.preflight(tools["http_api"], {"method": "GET", "path": "/notes"})
        invalid = await engine.preflight(tools["manage_files"], {"action": "read", "path": 7})
        assert (files.grade, sql.grade, http.grade) == (Grade.HIGH, Grade.SAFE, Grade.LOW)
        assert all(r.status is PreflightStatus.RESOLVED for r in (files, sql, http))
        assert invalid.status is PreflightStatus.INVALID, "checked locally; nothing sent"

        # A call with progress, then one cancelled half-way.
        progress: list[Progress] = []
        counted = await manager.call_tool(
            "demo", "slow_count", {"steps": 3, "delay_seconds": 0.01}, on_progress=progress.append
        )
        assert counted.status is CallStatus.OK
        assert [p.progress for p in progress] == [1, 2, 3]
        started: list[Progress] = []
        task = asyncio.ensure_future(
            manager.call_tool(
                "demo", "slow_count", {"steps": 50, "delay_seconds": 0.2}, on_progress=started.append
            )
        )
        await wait_until(lambda: bool(started), 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

        # Elicitation: on 2026-07-28 it travels as input_required round trips on the call itself.
        async def answer() -> None:
            await wait_until(lambda: bool(recorder.of(ElicitationRequested)), 10)
            recorder.of(ElicitationRequested)[0].answer.set_result(
                ("accept", {"name": "Ada", "colour": "green"})
            )

        answering = asyncio.ensure_future(answer())
        greeted = await manager.call_tool("demo", "ask_user", {})
        await answering
        # The connection is still fine after all of that.
        again = await manager.call_tool("demo", "sandbox_stats", {})
    assert greeted.status is CallStatus.OK, greeted.error
    assert greeted.content[0].text.startswith("Nice to meet you, Ada!")  # type: ignore[union-attr]
    assert again.status is CallStatus.OK
