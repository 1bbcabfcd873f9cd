"""A streamable HTTP server that dies while connected shows as failed without any action, and can be
reconnected once it is back."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from servers.harness import running, wait_status, wait_until

from tui.client.health import HEALTH_INTERVAL, HEALTH_TIMEOUT
from tui.config.model import ServerConfig
from tui.model.servers import ConnectionStatus

SERVERS = Path(__file__).parent / "servers"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def spawn(port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, str(SERVERS / "http_server.py"), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def start_server(port: int) -> subprocess.Popen[bytes]:
    """The test HTTP server on ``port``, once it accepts connections (the test's loop keeps running)."""
    process = spawn(port)

    def accepts() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return process.poll() is not None  # it exited: stop waiting, and say so below
        return True

    try:
        await wait_until(accepts)
    except AssertionError:
        process.kill()
        raise
    if process.poll() is not None:
        raise AssertionError(f"the test HTTP server exited with {process.returncode}")
    return process


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_a_killed_http_server_shows_failed_by_itself_and_reconnects_when_back(mode: str) -> None:
    port = free_port()
    server = await start_server(port)
    config = ServerConfig(name="h", transport="http", url=f"http://127.0.0.1:{port}/mcp", protocol=mode)
    try:
        async with running([config]) as (manager, _):
            await wait_until(lambda: bool(manager.tools("h")))
            assert manager.state("h").status is ConnectionStatus.CONNECTED
            server.kill()
            server.wait(5)
            # No call, no key: the next health ping finds it gone.
            await wait_status(
                manager, "h", ConnectionStatus.FAILED, timeout=HEALTH_INTERVAL + HEALTH_TIMEOUT + 20
            )
            # The failed ping surfaces as the transport's own error (refused, or the open stream broke
            # off) or as the ping's; either way in words, never an exception's class name.
            error = manager.state("h").error or ""
            assert error == "connection refused" or error.startswith(
                ("the server stopped answering", "the connection to the server broke off")
            ), error
            server = await start_server(port)
            await manager.reconnect("h")
            await wait_status(manager, "h", ConnectionStatus.CONNECTED)
            await wait_until(lambda: bool(manager.tools("h")))
    finally:
        server.kill()
        server.wait(5)
