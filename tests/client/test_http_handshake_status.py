"""An HTTP error status in answer to the handshake names the URL and the status, and suggests the SSE
transport when the URL answers like an SSE endpoint (real servers on ephemeral ports, the real mcp-tui)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from servers.harness import serving


def tools(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    return subprocess.run(
        [sys.executable, "-m", "tui", "tools", *args], capture_output=True, text=True, env=env, timeout=60
    )


def test_a_404_names_the_url_and_the_status(tmp_path: Path) -> None:
    with serving("http_server.py") as port:
        url = f"http://127.0.0.1:{port}/nope"
        result = tools(tmp_path, "--url", url)
    assert result.returncode == 3
    assert f"{url} answered the MCP handshake with HTTP 404 (Not Found)" in result.stderr
    assert "check the URL" in result.stderr
    assert "does not support this request" not in result.stderr
    assert "--sse" not in result.stderr  # it does not answer like SSE: the suggestion would not help


def test_an_sse_endpoint_taken_for_streamable_http_gets_the_sse_suggestion_which_works(
    tmp_path: Path,
) -> None:
    with serving("sse_server.py") as port:
        url = f"http://127.0.0.1:{port}/sse"
        wrong = tools(tmp_path, "--url", url)
        right = tools(tmp_path, "--url", url, "--sse")
    assert wrong.returncode == 3
    assert f"{url} answered the MCP handshake with an HTTP error status" in wrong.stderr
    assert 'it answers like a legacy SSE endpoint: use --sse with --url, or transport = "sse"' in wrong.stderr
    assert right.returncode == 0, right.stderr
    assert "echo" in right.stdout
