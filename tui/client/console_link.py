"""The console link: a gateway's local socket, and an mcp-tui attached to it to answer confirmations.

The gateway listens on ``gateway-PID.sock`` (mode 0600) in the user's run directory (mode 0700, owned by
this user, refused otherwise). Each side checks the other's user id with ``SO_PEERCRED`` where the system
has it: a process of another user is refused before a word of the protocol (``console_wire``). A question
goes to the console attached last; when that console goes away mid-question, the next one is asked, and
with none left the gateway's next route is tried (``ConsoleGone``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import os
import socket
import stat
import struct
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tui.client.console_wire import (
    MAX_LINE,
    PROTOCOL,
    WireError,
    decode_request,
    encode_request,
    line,
    parse,
    read_choice,
)
from tui.safety.confirm import ConfirmChoice, ConfirmRequest

SOCKET_PREFIX, SOCKET_SUFFIX = "gateway-", ".sock"
MAX_SOCKET_PATH = 100
"""A Unix socket's path has room for about 104 bytes (108 on Linux): a longer one cannot be bound."""


class ConsoleGone(Exception):
    """The console went away (or broke the protocol) before it answered."""


class ConsoleRefused(Exception):
    """The other end cannot be a console link: another user, another protocol, or not a gateway."""


def peer_uid(sock: socket.socket) -> int | None:
    """The user id of the process at the other end of a Unix socket; None where the system cannot say."""
    if not hasattr(socket, "SO_PEERCRED"):
        return None  # the 0700 directory and the 0600 socket are the only lock there
    raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", raw)
    return uid


def peer_refusal(uid: int | None, own_uid: int) -> str | None:
    """Why a peer is refused, or None: only this user's own processes may attach."""
    if uid is None or uid == own_uid:
        return None
    return f"refused: the process on the other end runs as user {uid}, not as this user ({own_uid})"


def private_dir(path: Path) -> Path:
    """``path``, created 0700 if missing; refused unless it is this user's own directory, closed to
    everyone else (a socket there is reachable only through it)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    info = path.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        raise ConsoleRefused(f"{path} is not a directory of this user's")
    # Whoever owns the directory it is in could swap it for another: this user or root only (e.g. a
    # /tmp/runtime-UID another user made first is refused).
    if path.parent.lstat().st_uid not in (os.getuid(), 0):
        raise ConsoleRefused(f"{path.parent} belongs to another user")
    if stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(path, 0o700)  # ours, but open to others: close it before a socket goes in
    return path


def socket_path(run_dir: Path, pid: int | None = None) -> Path:
    return run_dir / f"{SOCKET_PREFIX}{pid or os.getpid()}{SOCKET_SUFFIX}"


def running_gateways(run_dir: Path) -> list[Path]:
    """The sockets of gateways running now (their process alive), oldest name first."""
    found = []
    with contextlib.suppress(OSError):
        for path in sorted(run_dir.glob(f"{SOCKET_PREFIX}*{SOCKET_SUFFIX}")):
            pid = path.name.removeprefix(SOCKET_PREFIX).removesuffix(SOCKET_SUFFIX)
            if pid.isdigit() and _alive(int(pid)) and stat.S_ISSOCK(path.lstat().st_mode):
                found.append(path)
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# ---- the gateway's side ---------------------------------------------------------------------------


class _Console:
    """One attached mcp-tui, as the gateway sees it."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.pending: dict[str, asyncio.Future[ConfirmChoice]] = {}
        self._ids = itertools.count(1)

    async def ask(self, request: ConfirmRequest) -> ConfirmChoice:
        key = str(next(self._ids))
        answer: asyncio.Future[ConfirmChoice] = asyncio.get_running_loop().create_future()
        self.pending[key] = answer
        try:
            self.writer.write(line({"type": "ask", "id": key, "request": encode_request(request)}))
            await self.writer.drain()
            return await answer
        except (ConnectionError, RuntimeError) as error:
            raise ConsoleGone(str(error)) from None
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):  # the console may be gone too: nothing to withdraw then
                self.writer.write(line({"type": "withdraw", "id": key}))
            raise
        finally:
            self.pending.pop(key, None)

    def answered(self, message: dict[str, Any]) -> None:
        answer = self.pending.get(str(message.get("id")))
        if answer is not None and not answer.done():
            answer.set_result(read_choice(message.get("choice")))

    def gone(self) -> None:
        for answer in self.pending.values():
            if not answer.done():
                answer.set_exception(ConsoleGone("the console went away before it answered"))


class ConsoleServer:
    """The gateway's socket: consoles attach to it; ``ask`` puts a question to the one attached last."""

    def __init__(self, run_dir: Path, hello: dict[str, Any]) -> None:
        self.path = socket_path(run_dir)
        self._hello = {"type": "hello", "protocol": PROTOCOL, "gateway": hello}
        self._consoles: list[_Console] = []
        self._server: asyncio.AbstractServer | None = None

    @property
    def attached(self) -> int:
        return len(self._consoles)

    async def start(self) -> None:
        if len(str(self.path)) > MAX_SOCKET_PATH:
            raise ConsoleRefused(f"the socket path {self.path} is too long for a Unix socket")
        private_dir(self.path.parent)
        self.path.unlink(missing_ok=True)  # this pid's name: a socket left by a process long gone
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        previous = os.umask(0o177)  # created 0600: no moment when another user could connect
        try:
            sock.bind(str(self.path))
        finally:
            os.umask(previous)
        os.chmod(self.path, 0o600)
        self._server = await asyncio.start_unix_server(self._connected, sock=sock, limit=MAX_LINE)

    async def ask(self, request: ConfirmRequest) -> ConfirmChoice | None:
        """The answer of an attached console; None when none is attached or every one left unanswered."""
        for console in reversed(list(self._consoles)):
            if console not in self._consoles:
                continue  # it left while another was being asked
            try:
                return await console.ask(request)
            except ConsoleGone:
                continue  # the next one attached before it is asked
        return None

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        console: _Console | None = None
        try:
            refusal = peer_refusal(peer_uid(writer.get_extra_info("socket")), os.getuid())
            if refusal is not None:
                writer.write(line({"type": "refused", "reason": refusal}))
                return
            writer.write(line(self._hello))
            attach = parse(await reader.readline())
            if attach.get("type") != "attach" or attach.get("protocol") != PROTOCOL:
                writer.write(line({"type": "refused", "reason": f"this gateway speaks protocol {PROTOCOL}"}))
                return
            console = _Console(writer)
            self._consoles.append(console)
            writer.write(line({"type": "attached"}))  # counted now: the next question goes to it
            while raw := await reader.readline():
                message = parse(raw)
                if message["type"] == "answer":
                    console.answered(message)
        except (WireError, ConnectionError, ValueError, asyncio.IncompleteReadError):
            pass  # a console that breaks the protocol is dropped; its questions go on to the next route
        finally:
            if console is not None:
                self._consoles.remove(console)
                console.gone()
            writer.close()

    async def aclose(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        self.path.unlink(missing_ok=True)


# ---- mcp-tui's side -------------------------------------------------------------------------------

Ask = Callable[[ConfirmRequest], Awaitable[ConfirmChoice]]


class ConsoleLink:
    """mcp-tui attached to one gateway: each question is put to ``ask`` and its answer sent back."""

    def __init__(self, path: Path, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.path = path
        self.gateway: dict[str, Any] = {}
        self._reader, self._writer = reader, writer
        self._asking: dict[str, asyncio.Task[None]] = {}

    @classmethod
    async def open(cls, path: Path) -> ConsoleLink:
        """Connect and shake hands; ``ConsoleRefused`` (with the reason) or ``OSError`` otherwise."""
        reader, writer = await asyncio.open_unix_connection(str(path), limit=MAX_LINE)
        link = cls(path, reader, writer)
        try:
            refusal = peer_refusal(peer_uid(writer.get_extra_info("socket")), os.getuid())
            if refusal is not None:
                raise ConsoleRefused(refusal)
            hello = parse(await reader.readline())
            if hello.get("type") == "refused":
                raise ConsoleRefused(str(hello.get("reason")))
            if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL:
                raise ConsoleRefused(f"not a gateway speaking console protocol {PROTOCOL}")
            gateway = hello.get("gateway")
            link.gateway = gateway if isinstance(gateway, dict) else {}
            writer.write(line({"type": "attach", "protocol": PROTOCOL}))
            await writer.drain()
            attached = parse(await reader.readline())
            if attached.get("type") != "attached":
                raise ConsoleRefused(str(attached.get("reason") or "the gateway did not take the attachment"))
        except (WireError, ConsoleRefused, ConnectionError):
            writer.close()
            raise
        return link

    async def serve(self, ask: Ask) -> None:
        """Answer the gateway's questions until it (or this link) closes."""
        try:
            while raw := await self._reader.readline():
                message = parse(raw)
                key = str(message.get("id"))
                if message["type"] == "ask":
                    request = decode_request(message.get("request"))
                    task = asyncio.ensure_future(self._answer(key, request, ask))
                    self._asking[key] = task
                    task.add_done_callback(functools.partial(self._done, key))
                elif message["type"] == "withdraw" and key in self._asking:
                    self._asking[key].cancel()
        except (WireError, ConnectionError, ValueError):
            pass  # a gateway that breaks the protocol: detached; its questions fall to its next route
        finally:
            for task in list(self._asking.values()):
                task.cancel()
            self._writer.close()

    def _done(self, key: str, _task: asyncio.Task[None]) -> None:
        self._asking.pop(key, None)

    async def _answer(self, key: str, request: ConfirmRequest, ask: Ask) -> None:
        choice = await ask(request)
        if choice is ConfirmChoice.UNANSWERED:
            choice = ConfirmChoice.CANCEL
        with contextlib.suppress(ConnectionError):
            self._writer.write(line({"type": "answer", "id": key, "choice": choice.value}))
            await self._writer.drain()

    def close(self) -> None:
        self._writer.close()
