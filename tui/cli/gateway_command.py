"""``mcp-tui gateway``: serve the configured servers' tools to an agent (``tui/gateway``)."""

from __future__ import annotations

from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import Request
from tui.cli.session_run import load, run


def gateway(request: Request) -> int:
    startup = load(request)  # problems go to stderr: stdout belongs to the agent
    if startup.problems:
        # A rule that could not be read might be the one that denies an agent's call: do not guess.
        raise CliError(
            Exit.USAGE, "not serving: fix the configuration problems above first (a rule may be missing)"
        )
    from tui.gateway.main import listen_on, serve

    listening = None
    if request.http is not None:
        try:
            listening = listen_on(request.http)
        except OSError as error:
            raise CliError(
                Exit.USAGE, f"cannot listen on 127.0.0.1:{request.http}: {error.strerror or error}"
            ) from None
    return run(lambda: serve(startup, listening))
