"""Transports for each kind of server, all wrapped in a ``TransportWatch``.

The watch sits between the transport and the SDK session. It keeps the raw handshake result (the SDK
drops capability fields it does not know, such as the draft ``tools.resolve``), notices when the
transport ends (a crashed server, a dropped connection) and remembers transport errors, so the
connection can say what went wrong in words.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.lowlevel
import httpx2
import mcp_types as types
from anyio.abc import Process
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client
from mcp.os.posix.utilities import terminate_posix_process_tree
from mcp.shared.message import SessionMessage

from tui.client import invalid_response
from tui.client.early_spawn import launch_options
from tui.client.live_http import LiveTimeoutClient
from tui.client.result_type import ModernRequests
from tui.client.stderr_pipe import READ_CHUNK, LineLog, decode_line, pump_lines, split_lines
from tui.config.model import ServerConfig

MAX_MESSAGE_BYTES = 256 * 1024 * 1024
"""A single stdout line longer than this is dropped rather than held in memory."""
EXIT_GRACE_S = 2.0
"""How long a stdio server may take to exit on its own after its stdin closes."""


TransportStreams = tuple[Any, Any]
"""What every transport yields: (messages from the server or transport errors, a way to send messages).

Left loose on purpose: the SDK's own alias and its stream protocols live in private modules, and anyio's
memory streams, which our stdio transport yields, satisfy them."""


class ConnectFailure(Exception):
    """A failure already phrased for the user (no traceback needed)."""


@dataclass
class TransportWatch:
    ended: anyio.Event = field(default_factory=anyio.Event)
    handshake: dict[str, Any] | None = None
    """The raw result of ``initialize`` or ``server/discover``."""
    errors: list[BaseException] = field(default_factory=list)
    process: Process | None = None
    """stdio only: the server process (for its exit code)."""
    traffic: Callable[[str, dict[str, Any]], None] | None = None
    """Called with ("in" | "out", the JSON-RPC message as a wire dict) for every message both ways."""
    stamp: Callable[[str, int | str, dict[str, Any] | None], Mapping[str, str]] | None = None
    """Called with (method, id, params) of each request to the server; returns what to add to its
    ``params._meta`` (trace context, see ``tui.model.telemetry.WireObserver``)."""
    answered: Callable[[int | str, int | str | None], None] | None = None
    """Called with (id, error) of each answer from the server: a JSON-RPC error code, ``"tool_error"``
    for a result with isError, or None."""


@asynccontextmanager
async def watched(
    inner: AbstractAsyncContextManager[TransportStreams], watch: TransportWatch
) -> AsyncIterator[TransportStreams]:
    """Forward ``inner``'s messages while recording what the watch needs.

    Messages pass unchanged, but for a 2026-07-28 result without ``resultType`` (see ``result_type``).
    """
    async with inner as (read, write):
        send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](16)
        modern = ModernRequests()

        async def pump() -> None:
            try:
                async with send:
                    async for item in read:
                        if isinstance(item, Exception) and (answer := invalid_response.stand_in_for(item)):
                            item = SessionMessage(answer)  # an invalid answer ends its request now
                        elif not isinstance(item, Exception) and (
                            restated := invalid_response.too_deep_over_http(item.message)
                        ):
                            item = SessionMessage(restated)
                        if isinstance(item, Exception):
                            watch.errors.append(item)
                            if watch.handshake is None:
                                # Before the handshake a transport error is fatal: fail now, not later.
                                break
                        else:
                            if watch.handshake is None:
                                _maybe_capture(item, watch)
                            _record(watch, "in", item)  # as the server sent it
                            if watch.answered is not None:
                                _tell_answered(watch.answered, item.message)
                            item = modern.received(item)
                        await send.send(item)
            except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
                pass
            finally:
                watch.ended.set()

        async with anyio.create_task_group() as tg:
            tg.start_soon(pump)
            outgoing, to_server = anyio.create_memory_object_stream[SessionMessage](0)
            tg.start_soon(_forward_out, to_server, write, watch, modern)
            try:
                yield receive, outgoing
            finally:
                tg.cancel_scope.cancel()
                receive.close()


async def _forward_out(source: Any, write: Any, watch: TransportWatch, modern: ModernRequests) -> None:
    """The write side, seen: each message the SDK sends is recorded, then passed on unchanged."""
    try:
        async with source:
            async for message in source:
                if watch.stamp is not None:
                    message = _stamped(message, watch.stamp)
                _record(watch, "out", message)
                modern.sent(message)
                await write.send(message)
    except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
        pass
    finally:
        # The SDK closing its write side is how a transport learns the session ended.
        with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
            await write.aclose()


def _record(watch: TransportWatch, direction: str, item: SessionMessage) -> None:
    if watch.traffic is not None:
        message = item.message
        sent = None
        if isinstance(message, types.JSONRPCError):
            # A stand-in for an invalid answer is logged as what the server really sent.
            sent = invalid_response.received(message.error.data)
        watch.traffic(direction, sent or message.model_dump(by_alias=True, mode="json", exclude_unset=True))


def _stamped(
    item: SessionMessage, stamp: Callable[[str, int | str, dict[str, Any] | None], Mapping[str, str]]
) -> SessionMessage:
    """``item`` with the stamp's entries added to a request's ``params._meta`` (the SDK's own entries,
    such as the 2026-07-28 client capabilities, kept); anything else unchanged."""
    message = item.message
    if not isinstance(message, types.JSONRPCRequest):
        return item
    extra = stamp(message.method, message.id, message.params)
    if not extra:
        return item
    params = dict(message.params or {})
    meta = params.get("_meta")
    params["_meta"] = {**(meta if isinstance(meta, dict) else {}), **extra}
    stamped = message.model_copy(update={"params": params})
    return SessionMessage(stamped, metadata=item.metadata)


def _tell_answered(answered: Callable[[int | str, int | str | None], None], message: Any) -> None:
    if isinstance(message, types.JSONRPCError):
        if message.id is not None:
            answered(message.id, message.error.code)
    elif isinstance(message, types.JSONRPCResponse):
        result = message.result
        answered(
            message.id, "tool_error" if isinstance(result, dict) and result.get("isError") is True else None
        )


def _maybe_capture(item: SessionMessage, watch: TransportWatch) -> None:
    message = item.message
    if (
        isinstance(message, types.JSONRPCResponse)
        and isinstance(message.result, dict)
        and "capabilities" in message.result
    ):
        watch.handshake = dict(message.result)


def http_transport(
    config: ServerConfig, request_seconds: Callable[[], float], auth: httpx2.Auth | None = None
) -> AbstractAsyncContextManager[TransportStreams]:
    """``request_seconds``: the request timeout now (read at each HTTP request, see ``live_http``);
    ``auth``: the server's sign-in (``tui.client.auth``), which answers a 401 and adds the token."""

    @asynccontextmanager
    async def open_http() -> AsyncIterator[TransportStreams]:
        async with (
            LiveTimeoutClient(request_seconds, headers=dict(config.headers), auth=auth) as http,
            streamable_http_client(str(config.url), http_client=http) as streams,
        ):
            yield streams

    return open_http()


def sse_transport(
    config: ServerConfig, request_seconds: Callable[[], float], auth: httpx2.Auth | None = None
) -> AbstractAsyncContextManager[TransportStreams]:
    """As ``http_transport``, over the legacy SSE transport."""

    def live_client(
        headers: dict[str, str] | None = None, timeout: object = None, auth: httpx2.Auth | None = None
    ) -> httpx2.AsyncClient:
        return LiveTimeoutClient(request_seconds, headers=headers, auth=auth)

    return sse_client(
        str(config.url), headers=dict(config.headers), httpx_client_factory=live_client, auth=auth
    )


def _spawn_error(config: ServerConfig, exc: OSError) -> ConnectFailure:
    if config.cwd and not os.path.isdir(config.cwd):
        return ConnectFailure(f"working directory not found: {config.cwd}")
    if isinstance(exc, FileNotFoundError):
        return ConnectFailure(f"command not found: {config.command}")
    if isinstance(exc, PermissionError):
        return ConnectFailure(f"not allowed to run {config.command} (permission denied)")
    return ConnectFailure(f"could not start {config.command}: {exc.strerror or exc}")


@asynccontextmanager
async def stdio_transport(
    config: ServerConfig, log: LineLog, watch: TransportWatch, prestarted: Process | None = None
) -> AsyncIterator[TransportStreams]:
    """Run the server as a child process in its own process group (or adopt ``prestarted``).

    Unlike the SDK's ``stdio_client`` this keeps the process (for its exit code), reads stderr into
    ``log`` instead of a file, and files stray non-JSON stdout lines there too instead of raising.
    """
    if not config.command:
        raise ConnectFailure("no command configured")
    if prestarted is not None:
        process = prestarted
    else:
        argv, options = launch_options(config)
        try:
            process = await anyio.open_process(argv, **options)
        except OSError as exc:
            raise _spawn_error(config, exc) from exc
    watch.process = process
    assert process.stdin
    assert process.stdout
    assert process.stderr
    stdin, stdout, stderr = process.stdin, process.stdout, process.stderr
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](0)

    async def stdout_reader() -> None:
        pending = bytearray()
        async with read_writer:
            try:
                while True:
                    chunk = await stdout.receive(READ_CHUNK)
                    for raw in split_lines(pending, chunk):
                        if raw.strip():
                            await _deliver(raw, read_writer, log)
                    if len(pending) > MAX_MESSAGE_BYTES:
                        log.append(f"stdout: dropped a line longer than {MAX_MESSAGE_BYTES} bytes")
                        pending.clear()
            except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
                pass

    async def stdin_writer() -> None:
        try:
            async with write_reader:
                async for message in write_reader:
                    data = message.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
                    await stdin.send(data.encode())
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            await read_writer.aclose()

    async with anyio.create_task_group() as tg:
        tg.start_soon(stdout_reader)
        tg.start_soon(stdin_writer)
        tg.start_soon(pump_lines, stderr, log)
        try:
            yield read_stream, write_stream
        finally:
            with anyio.CancelScope(shield=True):
                await _stop(process)
                for stream in (read_stream, write_stream, read_writer, write_reader):
                    await stream.aclose()
            tg.cancel_scope.cancel()


async def _deliver(raw: bytes, writer: Any, log: LineLog) -> None:
    message: types.JSONRPCMessage
    try:
        message = types.jsonrpc_message_adapter.validate_json(raw, by_name=False)
    except ValueError as error:
        # An answer to a request that is not valid JSON-RPC ends that request now, not at its timeout.
        problem = invalid_response.TOO_DEEP if invalid_response.too_deep(error) else None
        answer = invalid_response.stand_in(invalid_response.decoded(raw), problem)
        if answer is None:
            # A server that prints to stdout breaks the protocol; show the line, keep the connection.
            log.append("stdout (not JSON-RPC): " + decode_line(raw[:2000]))
            await anyio.lowlevel.checkpoint()
            return
        message = answer
    with suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
        await writer.send(SessionMessage(message))


async def wait_exit(process: Process, timeout: float) -> int | None:
    """The exit code, polling (``wait()`` also waits for pipe EOF, which a grandchild can hold open)."""
    with anyio.move_on_after(timeout):
        while process.returncode is None:  # noqa: ASYNC110 - nothing signals an exit; polling it is
            await anyio.sleep(0.01)
    return process.returncode


async def _stop(process: Process) -> None:
    """The spec's shutdown: close stdin, give the server a moment, then end its whole process group."""
    assert process.stdin
    with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
        await process.stdin.aclose()
    if await wait_exit(process, EXIT_GRACE_S) is None:
        await terminate_posix_process_tree(process, EXIT_GRACE_S)
        await wait_exit(process, EXIT_GRACE_S)
    # Close the pipes too: a surviving grandchild could otherwise hold them (and this task) open.
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            with suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
                await pipe.aclose()
