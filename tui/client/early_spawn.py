"""Start stdio servers before anything else loads, and adopt them into the event loop later.

A typical Python or Node server takes about a second to start, and so do Textual and the mcp SDK on our
side. ``spawn_early`` runs in ``cli.main`` before either is imported (plain ``subprocess``), so the server
starts up while our first frame is painted and the SDK loads; ``adopt`` then wraps the running process
in the small async interface the stdio transport uses.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
from typing import IO, Any

from tui.config.model import ServerConfig

# What the SDK's stdio client passes on to a server (mcp.client.stdio.get_default_environment).
INHERITED_ENV_VARS = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER")


def default_environment() -> dict[str, str]:
    """The inherited variables, skipping exported shell functions (values starting with "()")."""
    return {
        key: value
        for key in INHERITED_ENV_VARS
        if (value := os.environ.get(key)) is not None and not value.startswith("()")
    }


def launch_options(config: ServerConfig) -> tuple[list[str], dict[str, Any]]:
    """The command line and process options every stdio server is started with (by Popen or anyio)."""
    assert config.command
    return [config.command, *config.args], {
        "stdin": subprocess.PIPE,
        "stdout": subprocess.PIPE,
        "stderr": subprocess.PIPE,
        "env": default_environment() | dict(config.env),
        "cwd": config.cwd,
        "start_new_session": True,  # its own process group, so the whole tree can be stopped
    }


def spawn_early(servers: list[ServerConfig]) -> dict[str, subprocess.Popen[bytes]]:
    """Start every stdio server now; one that cannot start is left out (its connect reports why)."""
    started: dict[str, subprocess.Popen[bytes]] = {}
    for config in servers:
        if config.transport != "stdio" or not config.command:
            continue
        argv, options = launch_options(config)
        try:
            started[config.name] = subprocess.Popen(argv, **options)
        except OSError:
            continue
    return started


def stop_unadopted(processes: dict[str, subprocess.Popen[bytes]]) -> None:
    """A safety net at exit: end any early server no connection took over."""
    for process in processes.values():
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)
        for pipe in (process.stdin, process.stdout, process.stderr):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=2)


class _PipeReader:
    def __init__(self, reader: asyncio.StreamReader, transport: asyncio.BaseTransport) -> None:
        self._reader, self._transport = reader, transport

    async def receive(self, max_bytes: int = 65536) -> bytes:
        import anyio

        data = await self._reader.read(max_bytes)
        if not data:
            raise anyio.EndOfStream
        return data

    async def aclose(self) -> None:
        self._transport.close()


class _PipeWriter:
    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer

    async def send(self, data: bytes) -> None:
        self._writer.write(data)
        await self._writer.drain()

    async def aclose(self) -> None:
        self._writer.close()


class AdoptedProcess:
    """The parts of ``anyio.abc.Process`` the stdio transport uses, over an already running Popen."""

    def __init__(
        self, popen: subprocess.Popen[bytes], stdin: _PipeWriter, stdout: _PipeReader, stderr: _PipeReader
    ):
        self._popen = popen
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

    @property
    def pid(self) -> int:
        return self._popen.pid

    @property
    def returncode(self) -> int | None:
        return self._popen.poll()


async def _reader(pipe: IO[bytes] | None) -> _PipeReader:
    assert pipe is not None
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**24)
    transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
    return _PipeReader(reader, transport)


async def adopt(popen: subprocess.Popen[bytes]) -> Any:
    """Wrap a running server for the stdio transport (typed Any: it stands in for anyio's Process)."""
    assert popen.stdin is not None
    loop = asyncio.get_running_loop()
    transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, popen.stdin)
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    return AdoptedProcess(
        popen, _PipeWriter(writer), await _reader(popen.stdout), await _reader(popen.stderr)
    )
