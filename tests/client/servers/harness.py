"""Runs a ConnectionManager in a test and records what it emits."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig, Timeouts
from tui.model.events import ClientEvent, ServerStateChanged
from tui.model.servers import ConnectionStatus, ServerState

HERE = Path(__file__).parent
LIMITS = Timeouts(connect=30.0, request=30.0, call=30.0, preflight=30.0)
"""Far above what a well-behaved server needs, even on a loaded machine: a test never fails because a server
started or answered slowly. A test about a timeout that expires sets its own."""


class Recorder:
    def __init__(self) -> None:
        self.events: list[ClientEvent] = []

    def __call__(self, event: ClientEvent) -> None:
        self.events.append(event)

    def of(self, kind: type) -> list:  # type: ignore[type-arg]
        return [e for e in self.events if isinstance(e, kind)]

    def statuses(self, name: str) -> list[ConnectionStatus]:
        return [e.state.status for e in self.of(ServerStateChanged) if e.state.name == name]


async def wait_until(check: Callable[[], bool], timeout: float = 30.0) -> None:
    """Until ``check()`` holds; ``timeout`` only bounds how long a broken test hangs."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.01)


async def wait_status(
    manager: ConnectionManager,
    name: str,
    *wanted: ConnectionStatus,
    timeout: float = 30.0,
) -> None:
    await wait_until(lambda: manager.state(name).status in wanted, timeout)


async def settled(manager: ConnectionManager, name: str) -> ServerState:
    """The server's state once its current (re)connect is no longer connecting: the connection's own
    ``settled`` event, which the sign-in waits on too."""
    await manager.connection(name).settled.wait()
    return manager.state(name)


def stdio(name: str, script: str, *args: str, protocol: str = "legacy", **kw: object) -> ServerConfig:
    return ServerConfig(
        name=name,
        transport="stdio",
        command=sys.executable,
        args=(str(HERE / script), *args),
        protocol=protocol,
        **kw,  # type: ignore[arg-type]
    )


@asynccontextmanager
async def running(
    servers: list[ServerConfig], timeouts: Timeouts = LIMITS, targets: dict[str, object] | None = None
) -> AsyncIterator[tuple[ConnectionManager, Recorder]]:
    recorder = Recorder()
    manager = ConnectionManager(servers, timeouts, recorder, targets=targets)
    await manager.start()
    try:
        yield manager, recorder
    finally:
        await manager.aclose()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(script: str, *args: str) -> Iterator[int]:
    """``python servers/SCRIPT PORT ARGS...`` on a free port, once it accepts connections."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(HERE / script), str(port), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30  # bounds only a server that never starts
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(
                        f"servers/{script} did not start (exit code {process.poll()})"
                    ) from None
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(5)
