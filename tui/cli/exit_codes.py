"""The headless commands' exit statuses: stable, documented in ``--help`` and docs/headless.md."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.model.servers import Failure


class Exit(IntEnum):
    OK = 0
    TOOL_ERROR = 1
    USAGE = 2
    CONNECTION = 3
    DENIED = 4
    NEEDS_APPROVAL = 5
    DECLINED = 6
    TIMEOUT = 7
    EXPECTATION_FAILED = 8
    CHANGED = 9
    INTERRUPTED = 130


MEANINGS: tuple[tuple[Exit, str], ...] = (
    (Exit.OK, "success"),
    (Exit.TOOL_ERROR, "the tool reported an error (isError), or the server refused the request"),
    (Exit.USAGE, "usage, configuration or argument error (nothing was sent)"),
    (Exit.CONNECTION, "connection failed or lost: did not start, refused, handshake failed, needs sign-in"),
    (Exit.DENIED, "denied by a rule (nothing was sent)"),
    (Exit.NEEDS_APPROVAL, "approval needed and not given: no one to ask (nothing was sent)"),
    (Exit.DECLINED, "declined at the prompt (nothing was sent)"),
    (Exit.TIMEOUT, "timed out (the server was told to stop)"),
    (Exit.EXPECTATION_FAILED, "run: a saved call's expectation failed (every call still ran)"),
    (Exit.CHANGED, "diff: the server's tools changed since the snapshot"),
    (Exit.INTERRUPTED, "interrupted by Ctrl+C (the server was told to stop)"),
)


def exit_codes_text() -> str:
    """The table for ``--help``."""
    return "exit status:\n" + "\n".join(f"  {code.value:<4} {meaning}" for code, meaning in MEANINGS)


class CliError(Exception):
    """A failure the person can fix or must know about: printed as one message, never a traceback."""

    def __init__(self, code: Exit, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def exit_codes_markdown() -> str:
    """The table for docs/headless.md (a test keeps the two the same)."""
    rows = [f"| {code.value} | {meaning} |" for code, meaning in MEANINGS]
    return "\n".join(["| status | meaning |", "|---|---|", *rows])


def exit_for(failure: Failure) -> Exit:
    """The status of a request that failed this way: refused 1, timed out 7, connection gone 3."""
    return {"refused": Exit.TOOL_ERROR, "timeout": Exit.TIMEOUT, "connection": Exit.CONNECTION}[failure.value]
