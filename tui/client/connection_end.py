"""Why a connection ended, in words: the server's exit, its last stderr lines, or the transport's error."""

from __future__ import annotations

from tui.client import errors
from tui.client.stderr_pipe import LineLog
from tui.client.transports import TransportWatch, wait_exit


async def describe_end(watch: TransportWatch, log: LineLog, connected: bool, failure: str | None) -> str:
    """The transport ended on its own; ``connected``: after the handshake (otherwise during it)."""
    stage = "" if connected else " during the handshake"
    if watch.process is not None:
        code = await wait_exit(watch.process, 1.0)
        tail = errors.telling_lines(log.tail(40))
        last = f"; last stderr: {' | '.join(tail)}" if tail else ""
        if code is None:
            return f"the server closed its output{stage} but is still running{last}"
        if code < 0:
            return f"the server was killed by signal {-code}{stage}{last}"
        return f"the server exited with code {code}{stage}{last}"
    if watch.errors:
        return errors.describe(watch.errors[-1]) + stage
    return failure or f"the connection was closed{stage}"
