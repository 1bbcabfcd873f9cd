"""Exceptions from the SDK and transports, phrased for a person (never a traceback)."""

from __future__ import annotations

import errno
import re
import socket

import anyio
import httpx2
import mcp_types as types
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from tui.client import invalid_response
from tui.client.auth.errors import describe_oauth
from tui.client.sdk_errors import SDK_CLOSED_MESSAGE, sdk_connection_closed, sdk_timed_out
from tui.client.transports import ConnectFailure
from tui.model.servers import Failure


def leaf_exceptions(exc: BaseException) -> list[BaseException]:
    """The real exceptions inside (nested) exception groups, from task groups."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in leaf_exceptions(inner)]
    return [exc]


def _os_error(exc: OSError) -> str:
    if exc.errno == errno.ECONNREFUSED or isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, socket.gaierror):
        return "unknown host"
    return exc.strerror or str(exc) or type(exc).__name__


def _os_causes(exc: BaseException, seen: set[int]) -> list[OSError]:
    found: list[OSError] = []
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, OSError):
            found.append(current)
        if isinstance(current, BaseExceptionGroup):
            for inner in current.exceptions:
                found.extend(_os_causes(inner, seen))
        current = current.__cause__ or current.__context__
    return found


def _os_cause(exc: BaseException) -> OSError | None:
    """The most specific OSError in the cause chain (httpx2 says only "All connection attempts failed")."""
    causes = _os_causes(exc, set())
    with_errno = [c for c in causes if c.errno is not None]
    best = with_errno or causes
    return best[0] if best else None


def _http_error(exc: httpx2.HTTPError) -> str:
    if isinstance(exc, httpx2.HTTPStatusError):
        return f"the server answered HTTP {exc.response.status_code}"
    if isinstance(exc, httpx2.ConnectError):
        cause = _os_cause(exc)
        if cause is not None:
            return _os_error(cause)
        text = str(exc).lower()
        if "refused" in text or "errno 111" in text or "connect call failed" in text:
            return "connection refused"
        if "name or service" in text or "nodename" in text or "getaddrinfo" in text:
            return "unknown host"
        return f"could not connect: {exc}" if str(exc) else "could not connect"
    if isinstance(exc, httpx2.TimeoutException):
        return "the HTTP request timed out"
    if isinstance(exc, httpx2.ReadError | httpx2.RemoteProtocolError):
        # A server that dies mid-stream: the open response breaks off (httpx gives no text for it).
        return f"the connection to the server broke off{f': {exc}' if str(exc) else ''}"
    return str(exc) or type(exc).__name__


def describe(exc: BaseException) -> str:
    """One readable line for an exception (the first meaningful one inside a group)."""
    leaves = [leaf for leaf in leaf_exceptions(exc) if not isinstance(leaf, GeneratorExit)]
    if not leaves:
        return "unknown error"
    leaf = leaves[0]
    if isinstance(leaf, ConnectFailure):
        return str(leaf)
    if (sign_in := describe_oauth(leaf)) is not None:
        return sign_in
    if isinstance(leaf, MCPError):
        if (invalid := invalid_response.problem_of(leaf)) is not None:
            return f"the server sent an invalid error response: {invalid}"
        # Without the connection at hand, the SDK's own signs say "closed" (a broken stream, or the SDK's
        # "Connection closed"); a server's own -32000 ("Server overloaded") is its answer, said below.
        if sdk_connection_closed(leaf, transport_ended=leaf.message == SDK_CLOSED_MESSAGE):
            return "the server closed the connection"
        if sdk_timed_out(leaf):
            return "the server did not answer in time"
        if leaf.code == types.METHOD_NOT_FOUND:
            return f"the server does not support this request ({leaf.message})"
        return f"the server answered with an error: {leaf.message} (code {leaf.code})"
    if isinstance(leaf, httpx2.HTTPError):
        return _http_error(leaf)
    if isinstance(leaf, OSError):
        return _os_error(leaf)
    if isinstance(leaf, ValidationError):
        return f"the server sent a malformed message ({leaf.error_count()} schema errors)"
    if isinstance(leaf, TimeoutError):
        return "timed out"
    text = str(leaf)
    return text if text else type(leaf).__name__


_GONE = (
    ConnectFailure,
    OSError,
    httpx2.TransportError,
    anyio.ClosedResourceError,
    anyio.BrokenResourceError,
    anyio.EndOfStream,
)


def failure_of(exc: BaseException) -> Failure:
    """How a request failed, read the way ``describe`` reads it: timed out, the connection gone (or
    needing sign-in), or the server's own error answer (an invalid or malformed answer included)."""
    leaves = [leaf for leaf in leaf_exceptions(exc) if not isinstance(leaf, GeneratorExit)]
    leaf = leaves[0] if leaves else exc
    if isinstance(leaf, TimeoutError | httpx2.TimeoutException):
        return Failure.TIMEOUT
    if isinstance(leaf, MCPError):
        if invalid_response.problem_of(leaf) is not None:
            return Failure.REFUSED
        if sdk_connection_closed(leaf, transport_ended=leaf.message == SDK_CLOSED_MESSAGE):
            return Failure.CONNECTION
        return Failure.TIMEOUT if sdk_timed_out(leaf) else Failure.REFUSED
    if describe_oauth(leaf) is not None or isinstance(leaf, _GONE):
        return Failure.CONNECTION
    return Failure.REFUSED


_NOISE = re.compile(r"^\s*([{}()\[\]^~,;]+|Node\.js v[\d.]+|at .*|\s*)\s*$")
_TELLING = re.compile(r"error|exception|cannot|can't|not found|no such|denied|fatal|failed", re.IGNORECASE)


def telling_lines(lines: list[str], keep: int = 3) -> list[str]:
    """The few stderr lines that explain a crash: the last ones that name an error, else the last
    meaningful ones. Node, for one, ends with its version and a brace after the real message."""
    meaningful = [line.strip() for line in lines if not _NOISE.match(line)]
    telling = [line for line in meaningful if _TELLING.search(line)]
    return (telling or meaningful)[-keep:]
