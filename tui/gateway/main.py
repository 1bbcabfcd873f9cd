"""``mcp-tui gateway``: an MCP server in front of the configured servers, for agents.

It runs one ``Session(interface="gateway")``: the servers connect as they do for the TUI, the agent's calls
take the session's call path, and the answerer asks an attached mcp-tui (the console socket it opens) or
the agent's host through elicitation, in the order ``[gateway] ask`` gives. stdout is the
protocol channel: everything for people goes to stderr.
"""

from __future__ import annotations

import asyncio
import secrets
import socket
import sys
from typing import TYPE_CHECKING

from tui import __version__
from tui.gateway.consent import GatewayAnswerer
from tui.gateway.handlers import GatewayHandlers
from tui.model.events import ToolsChanged
from tui.session.agents import agent_server
from tui.session.console import ConsoleDesk

if TYPE_CHECKING:
    from tui.session.events import SessionEvent
    from tui.session.session import Session
    from tui.session.startup import Startup

INSTRUCTIONS = (
    "mcp-tui gateway: the tools of the user's MCP servers. Every call is checked first (what these exact "
    "arguments will do, the user's policy) and may need the user's consent; a call that was not allowed "
    "returns a tool error saying why. Do not retry a refused call in another form."
)
READY_TIMEOUT_S = 60.0
"""How long the gateway waits for every server to list its tools before serving what it has."""


def listen_on(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:``port`` (0: any free port), bound before anything starts, so a
    busy port is a one-line message; OSError otherwise."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


async def serve(startup: Startup, listening: socket.socket | None = None) -> int:
    """Serve agents over stdio, or over streamable HTTP on ``listening`` (127.0.0.1) with a new bearer
    token printed once on stderr."""
    from tui.session.session import Session

    session = Session(startup, interface="gateway")
    desk = ConsoleDesk(startup.paths.run_dir, __version__)
    try:
        await session.start()
        problem = await desk.open()
        print(
            f"mcp-tui gateway: {problem}"
            if problem
            else f"mcp-tui gateway: an mcp-tui started now can attach to answer calls ({desk.path})",
            file=sys.stderr,
            flush=True,
        )
        answerer = GatewayAnswerer(session, None if problem else desk)
        session.attach(answerer)
        try:
            await session.ready(timeout=READY_TIMEOUT_S)
        except TimeoutError:
            print("mcp-tui gateway: not every server is ready; serving those that are", file=sys.stderr)
        _report_states(session)
        await _serve(session, answerer, listening)
        return 0
    finally:
        await desk.aclose()
        await session.aclose()


async def _serve(session: Session, answerer: GatewayAnswerer, listening: socket.socket | None) -> None:
    handlers = GatewayHandlers(session, answerer)
    server = agent_server(handlers, name="mcp-tui-gateway", version=__version__, instructions=INSTRUCTIONS)
    pending: set[asyncio.Task[None]] = set()

    def on_event(event: SessionEvent) -> None:
        if isinstance(event, ToolsChanged):
            handlers.refresh()
            task = asyncio.ensure_future(server.tools_changed())
            pending.add(task)
            task.add_done_callback(pending.discard)

    unsubscribe = session.subscribe(on_event)
    try:
        if listening is None:
            await server.serve_stdio()
        else:
            token = secrets.token_urlsafe(32)
            port = listening.getsockname()[1]
            # Printed once, here only: whoever holds it can make calls (each still decided and asked).
            print(
                f"mcp-tui gateway on http://127.0.0.1:{port}/mcp\n"
                f"mcp-tui gateway: bearer token (shown once): {token}",
                file=sys.stderr,
                flush=True,
            )
            await server.serve_http(listening, token)
    finally:
        unsubscribe()


def _report_states(session: Session) -> None:
    for state in session.states():
        detail = f": {state.error}" if state.error else ""
        print(f"mcp-tui gateway: {state.name} {state.status.value}{detail}", file=sys.stderr, flush=True)
