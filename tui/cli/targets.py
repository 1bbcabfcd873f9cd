"""Which server and which tool the person meant; unknown names exit 2 with the closest matches."""

from __future__ import annotations

import difflib
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from tui.cli.exit_codes import CliError, Exit, exit_for
from tui.safety.visible_text import visible, visible_indented, visible_line

if TYPE_CHECKING:
    from tui.model.servers import ServerState, ToolInfo
    from tui.session.session import Session
    from tui.session.startup import Startup


def _closest(word: str, names: list[str]) -> str:
    close = difflib.get_close_matches(word, names, n=3, cutoff=0.5)
    return f"; did you mean {' or '.join(visible_line(name) for name in close)}?" if close else "."


def split_names(names: list[str], startup: Startup, command: str) -> tuple[str, str]:
    """(server, what) from ``[WHAT]`` or ``[SERVER, WHAT]`` (a tool, a resource URI, a prompt); SERVER may
    be left out when there is one server."""
    if len(names) == 2:
        if command in ("resolve", "call") and names[0] not in {server.name for server in startup.servers}:
            # "call roll_dice justaword": more likely a tool and a malformed argument than a server.
            tool, word = visible_line(names[0]), visible_line(names[1])
            unless = (
                f" If {tool} is the tool, its arguments are KEY=VALUE pairs, and '{word}' is not one "
                f"(see mcp-tui {command} --help)."
            )
            return check_server(names[0], startup, unless), names[1]
        return check_server(names[0], startup), names[1]
    servers = [server.name for server in startup.servers]
    if len(servers) != 1:
        raise CliError(
            Exit.USAGE,
            f"there are {len(servers)} servers ({', '.join(servers) or 'none'}); "
            f"name one: mcp-tui {command} SERVER {names[0]}",
        )
    return servers[0], names[0]


def check_server(name: str, startup: Startup, more: str = "") -> str:
    """``name`` if it is a server; else exit 2 naming the closest servers (and ``more``, a likelier fix)."""
    servers = [server.name for server in startup.servers]
    if name not in servers:
        hint = _closest(name, servers)
        message = f"no server named '{visible_line(name)}'{hint} List them: mcp-tui servers."
        raise CliError(Exit.USAGE, message + more)
    return name


def only(startup: Startup, server: str) -> Startup:
    """The same startup with just ``server``: a command never waits for servers it does not use."""
    return replace(startup, servers=[s for s in startup.servers if s.name == server])


async def connect(session: Session, server: str, *, tools: bool = True) -> None:
    """Wait (no polling) until ``server`` has listed its tools; a ``CliError`` when it cannot connect (3),
    or, when the command needs ``tools``, when listing them failed (the status of that failure)."""
    timeouts = session.settings.timeouts
    limit = timeouts.connect + timeouts.request + 5
    try:
        [state] = await session.ready(server, timeout=limit)
    except TimeoutError:
        raise CliError(Exit.CONNECTION, f"{server} did not connect within {limit:g} s") from None
    failure = server_failure(state)
    if failure is not None and (tools or failure.code is Exit.CONNECTION):
        report_tool_problems(state, listing_failure=False)
        raise failure
    report_tool_problems(state)


def server_failure(state: ServerState) -> CliError | None:
    """Why a settled server cannot serve a command: not connected (3), or its tool listing failed (the
    status of how it failed); None when it is connected and listed its tools."""
    from tui.model.servers import ConnectionStatus

    if state.status is not ConnectionStatus.CONNECTED:
        why = state.error or f"the connection is {state.status.value}"
        return CliError(Exit.CONNECTION, f"{state.name} could not connect: {visible(why)}")
    failed = next((problem for problem in state.tool_problems if problem.failed is not None), None)
    if failed is None or failed.failed is None:
        return None
    return CliError(exit_for(failed.failed), f"{state.name}: {visible(failed.text)}")


def report_tool_problems(state: ServerState, *, listing_failure: bool = True) -> None:
    """Each tools/list entry the server's listing lost, and why, on stderr (stdout stays the answer);
    a failed listing too unless ``listing_failure`` is False (it is said as the command's error)."""
    for problem in state.tool_problems:
        if listing_failure or problem.failed is None:
            print(f"mcp-tui: {visible_line(state.name)}: {visible_indented(problem.text)}", file=sys.stderr)


def find_tool(session: Session, server: str, name: str) -> ToolInfo:
    tool = session.find_tool(server, name)
    left_out = session.state(server).tool_problems
    if tool is None and (why := next((p for p in left_out if p.name == name), None)) is not None:
        raise CliError(
            Exit.USAGE, f"{server} has no usable tool named '{visible_line(name)}': {visible(why.text)}"
        )
    if tool is None:
        names = [tool.name for tool in session.tools(server)]
        hint = _closest(name, names)
        raise CliError(
            Exit.USAGE,
            f"{server} has no tool named '{visible_line(name)}'{hint} List them: mcp-tui tools {server}",
        )
    return tool
