"""A server's stderr (and stray stdout) as a bounded log, without ever touching the terminal.

A server may write megabytes of stderr; the ring buffer keeps only the newest lines, and live events
are rate-limited so a flood cannot swamp the UI's message queue.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import anyio
import anyio.lowlevel
from anyio.abc import ByteReceiveStream

MAX_LINES = 2000
MAX_LINE_CHARS = 4000
EMIT_BURST = 200
"""Lines delivered live per EMIT_WINDOW_S; the rest only go to the buffer."""
EMIT_WINDOW_S = 0.5
READ_CHUNK = 65536


class LineLog:
    """A bounded ring buffer of lines that also forwards them, rate-limited, to ``on_line``."""

    def __init__(self, on_line: Callable[[str], None] | None = None, *, max_lines: int = MAX_LINES) -> None:
        self._lines: deque[str] = deque(maxlen=max_lines)
        self._on_line = on_line
        self._window_start = 0.0
        self._window_count = 0
        self._skipped = 0

    def append(self, line: str) -> None:
        if len(line) > MAX_LINE_CHARS:
            line = line[:MAX_LINE_CHARS] + f" [... {len(line) - MAX_LINE_CHARS} more characters]"
        self._lines.append(line)
        if self._on_line is None:
            return
        now = time.monotonic()
        if now - self._window_start >= EMIT_WINDOW_S:
            if self._skipped:
                self._on_line(f"[mcp-tui: {self._skipped} lines arrived too fast to show live; see the log]")
            self._window_start, self._window_count, self._skipped = now, 0, 0
        if self._window_count < EMIT_BURST:
            self._window_count += 1
            self._on_line(line)
        else:
            self._skipped += 1

    def lines(self) -> list[str]:
        return list(self._lines)

    def tail(self, count: int) -> list[str]:
        return list(self._lines)[-count:]


def split_lines(pending: bytearray, chunk: bytes) -> list[bytes]:
    """Append ``chunk`` to ``pending`` and pop every complete line (without its newline)."""
    pending += chunk
    if b"\n" not in chunk:
        return []
    *complete, rest = bytes(pending).split(b"\n")
    pending[:] = rest
    return complete


def decode_line(raw: bytes) -> str:
    return raw.rstrip(b"\r").decode("utf-8", errors="replace")


async def pump_lines(stream: ByteReceiveStream, log: LineLog) -> None:
    """Read ``stream`` to its end, one line at a time into ``log``; a partial last line is kept too."""
    pending = bytearray()
    try:
        while True:
            chunk = await stream.receive(READ_CHUNK)
            for raw in split_lines(pending, chunk):
                log.append(decode_line(raw))
            if len(pending) > MAX_LINE_CHARS * 4:
                # A line without end: keep its start, drop the rest, so memory stays bounded.
                log.append(decode_line(bytes(pending[:MAX_LINE_CHARS])) + " [... line too long, cut]")
                pending.clear()
            # A flood must not starve the event loop: let everything else run between chunks.
            await anyio.lowlevel.checkpoint()
    except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
        pass
    if pending:
        log.append(decode_line(bytes(pending)))
