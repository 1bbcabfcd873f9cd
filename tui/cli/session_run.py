"""Run one headless command on one ``Session(interface="cli")``: start, act, always close.

Ctrl+C cancels the running command (a call in flight is cancelled, so the server is told) and exits 130.
Every failure the person can act on is a ``CliError``: one message on stderr, never a traceback.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import Request
from tui.safety.visible_text import visible_indented

if TYPE_CHECKING:
    from tui.session.session import Session
    from tui.session.startup import Startup

Body = Callable[["Session"], Awaitable[int]]


def load(request: Request) -> Startup:
    from tui.session.startup import load_startup

    try:
        startup = load_startup(
            config_path=request.config,
            url=request.url,
            sse=request.sse,
            command=request.server_command,
            protocol=request.protocol,
        )
    except ValueError as error:
        raise CliError(Exit.USAGE, str(error)) from None
    refuse_named_file_problems(startup)
    for problem in startup.problems:
        print(f"mcp-tui: {problem}", file=sys.stderr)
    from tui.cli.log_file import log_to_file

    # The SDK logs a server's sign-in request with a traceback: that goes to a file, the reason to stderr.
    log_to_file(startup.paths.log_dir / "mcp-tui-cli.log")
    if request.timeout is not None:
        # resolve waits for the preflight; call for the call (its preflight keeps the configured limit).
        limit = "preflight" if request.command == "resolve" else "call"
        startup.timeout_overrides[limit] = request.timeout
    return startup


def refuse_named_file_problems(startup: Startup) -> None:
    """A config file the person named that cannot be read in full stops a headless command before
    anything starts (exit 2, as ``--check-config``): a script must not run on part of its file, or on
    the demo in its place."""
    if startup.named_file_problems:
        lines = "\n".join(str(problem) for problem in startup.problems)
        where = startup.config.source or "the config file"
        raise CliError(Exit.USAGE, f"{where} cannot be used; nothing was started:\n{lines}")


async def with_session(startup: Startup, body: Body) -> int:
    from tui.session.session import Session

    session = Session(startup, interface="cli")
    for notice in session.notices:
        print(f"mcp-tui: {notice}", file=sys.stderr)
    try:
        await session.start()
        return await body(session)
    finally:
        await session.aclose()


def run(work: Callable[[], Coroutine[Any, Any, int]]) -> int:
    """Run ``work`` in a fresh event loop; turn a ``CliError`` or Ctrl+C into its exit status."""
    try:
        return asyncio.run(work())
    except CliError as error:
        print(f"mcp-tui: {visible_indented(error.message)}", file=sys.stderr)
        return int(error.code)
    except KeyboardInterrupt:
        print("mcp-tui: interrupted", file=sys.stderr)
        return int(Exit.INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep the interpreter's final flush quiet too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return int(Exit.OK)
