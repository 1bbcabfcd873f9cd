"""The demo server as a real process: stdio in both eras, and streamable HTTP."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import anyio
import mcp
import pytest
from mcp.client.stdio import StdioServerParameters

from tests.demo.conftest import MODES, raw_tools, resolve

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mode", MODES)
async def test_stdio_both_eras(tmp_path: Path, mode: str) -> None:
    sandbox = tmp_path / "sandbox"
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "tui.demo", "--sandbox", str(sandbox)], cwd=str(ROOT)
    )
    with anyio.fail_after(30):
        async with mcp.Client(params, mode=mode) as client:
            listed = await raw_tools(client)
            assert listed["manage_files"]["resolve"] is True
            resolved = await resolve(client, "manage_files", {"action": "delete", "path": "welcome.txt"})
            assert resolved["tool"]["annotations"]["destructiveHint"] is True
            await client.call_tool("add_note", {"text": f"over stdio, {mode}"})
    assert (sandbox / "notes.md").read_text(encoding="utf-8") == f"- over stdio, {mode}\n"


async def test_stdio_honours_the_sandbox_environment_variable(tmp_path: Path) -> None:
    sandbox = tmp_path / "from-env"
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "tui.demo"],
        cwd=str(ROOT),
        env={"MCP_TUI_DEMO_SANDBOX": str(sandbox)},
    )
    with anyio.fail_after(30):
        async with mcp.Client(params, mode="legacy") as client:
            await client.call_tool("launch_confetti", {})
    assert "rainbow confetti" in (sandbox / "confetti.log").read_text(encoding="utf-8")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _wait_for_port(port: int) -> None:
    """Until the server accepts connections (the bound is only for a server that never starts)."""
    with anyio.fail_after(30):
        while True:
            try:
                stream = await anyio.connect_tcp("127.0.0.1", port)
            except OSError:
                await anyio.sleep(0.05)
            else:
                await stream.aclose()
                return


@pytest.mark.parametrize("mode", MODES)
async def test_streamable_http(tmp_path: Path, mode: str) -> None:
    port = _free_port()
    sandbox = tmp_path / "sandbox"
    command = [sys.executable, "-m", "tui.demo", "--http", str(port), "--sandbox", str(sandbox)]
    process = await anyio.open_process(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        await _wait_for_port(port)
        with anyio.fail_after(30):
            async with mcp.Client(f"http://127.0.0.1:{port}/mcp", mode=mode) as client:
                listed = await raw_tools(client)
                assert listed["http_api"]["dynamicAnnotations"] is True
                resolved = await resolve(client, "http_api", {"method": "GET", "path": "/notes"})
                assert resolved["tool"]["annotations"]["readOnlyHint"] is True
                result = await client.call_tool("sql", {"query": "SELECT count(*) AS n FROM fruits"})
                assert result.content[0].text.splitlines() == ["n", "5"]  # type: ignore[union-attr]
    finally:
        process.terminate()
        with anyio.fail_after(10):
            await process.wait()
        await process.aclose()
    assert (sandbox / "demo.db").exists()
