"""``mcp-tui auth login SERVER``, ``auth logout SERVER``, ``auth status``: sign-in without the TUI.

login runs the same core as the app: it connects, and when the server asks for sign-in it prints the
authorization URL, opens the browser (unless --no-browser) and waits for the redirect. With --no-input it
never involves a person: a usable stored sign-in (renewed if needed) or client credentials succeed, anything
else exits 3. Exit status, from the headless commands' table (``exit_codes``): 0 signed in, 2 bad usage or
configuration, 3 not signed in: the server could not be reached, refused the sign-in, still needs one or
asked for none; 130 interrupted by Ctrl+C.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.exit_codes import CliError, Exit
from tui.cli.log_file import log_to_file
from tui.cli.session_run import refuse_named_file_problems, run
from tui.safety.sign_in_address import address_host
from tui.safety.visible_text import visible_indented, visible_line
from tui.session.sign_in import cannot_sign_in, dpop_note

if TYPE_CHECKING:
    from tui.model.servers import StoredSignIn
    from tui.session.session import Session
    from tui.session.settings_types import ServerConfig
    from tui.session.startup import Startup


NO_SIGN_IN_ASKED = (
    "the server asked for no sign-in (it answered without one), so nothing was signed in or stored."
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mcp-tui auth", description="Sign in to HTTP servers (OAuth).")
    parser.add_argument("--config", type=Path, metavar="PATH", help="config.toml (default: the usual one)")
    commands = parser.add_subparsers(dest="command", required=True)
    login = commands.add_parser("login", help="sign in to SERVER (opens the browser when needed)")
    login.add_argument("server")
    login.add_argument("--no-input", action="store_true", help="never ask: no browser, exit 3 if needed")
    login.add_argument("--no-browser", action="store_true", help="print the URL but do not open a browser")
    login.add_argument(
        "--rotate-key", action="store_true", help="make a new DPoP key first (tokens bound to the old one go)"
    )
    logout = commands.add_parser("logout", help="forget the stored sign-in of SERVER")
    logout.add_argument("server")
    commands.add_parser("status", help="which servers have a stored sign-in (never shows tokens)")
    return parser


def config_first(argv: list[str]) -> list[str]:
    """``argv`` with ``--config PATH`` (or ``--config=PATH``) moved to the front, where the parser of
    ``auth`` reads it: like every other command's, it may come before or after the subcommand."""
    config: list[str] = []
    rest: list[str] = []
    at = 0
    while at < len(argv):
        word = argv[at]
        if word == "--config" and at + 1 < len(argv):
            config, at = [word, argv[at + 1]], at + 2
            continue
        if word.startswith("--config="):
            config = ["--config", word.partition("=")[2]]
        else:
            rest.append(word)
        at += 1
    return config + rest


def main(argv: list[str]) -> int:
    args = _parser().parse_args(config_first(argv))
    from tui.session.startup import load_startup

    startup = load_startup(config_path=args.config)
    try:
        refuse_named_file_problems(startup)
    except CliError as error:
        print(f"mcp-tui auth: {visible_indented(error.message)}", file=sys.stderr)
        return int(error.code)
    # Library warnings (the SDK's deprecations) go to the log, not between the command's own lines.
    log_to_file(startup.paths.log_dir / "mcp-tui-auth.log")
    if args.command == "status":
        return run(lambda: _status(startup))
    server = next((s for s in startup.servers if s.name == args.server), None)
    if server is None:
        known = ", ".join(s.name for s in startup.servers) or "none"
        print(f"mcp-tui auth: no server named {args.server!r} (configured: {known})", file=sys.stderr)
        return Exit.USAGE
    if (reason := cannot_sign_in(server)) is not None:  # the session's rule and words, before it starts
        print(f"mcp-tui auth: {reason}", file=sys.stderr)
        return Exit.USAGE
    if args.command == "logout":
        return run(lambda: _logout(startup, server))
    # Through the headless commands' runner: Ctrl+C while waiting for the browser exits 130 with one
    # line, as the table says, instead of a traceback.
    return run(
        lambda: _login(
            startup, server, ask=not args.no_input, open_browser=not args.no_browser, new_key=args.rotate_key
        )
    )


async def _login(
    startup: Startup, server: ServerConfig, *, ask: bool, open_browser: bool, new_key: bool = False
) -> int:
    from tui.model.servers import ConnectionStatus

    def show_url(url: str) -> None:
        host = address_host(url)  # where the page really is: the address may start with another name
        print(f"Sign in to {server.name} at {host} in your browser:\n\n  {visible_line(url)}\n", flush=True)
        if not open_browser:
            print("Open that address yourself; mcp-tui waits for the browser to come back.", flush=True)

    session = _session(startup, [server])
    try:
        await session.start(connect=not (ask or new_key))
        if new_key:
            session.new_sign_in_key(server.name)  # before any connection asks for a token
        if ask:
            state = await session.sign_in(server.name, show_url, open_browser=open_browser)
        else:
            if new_key:
                await session.reconnect(server.name)
            [state] = await session.ready(server.name)
        stored = session.sign_in_status(server.name)
    finally:
        await session.aclose()
    if state.status is ConnectionStatus.CONNECTED and (stored is None or not stored.signed_in):
        # Connected, yet nothing signed in: the server let us in without asking. Saying "Signed in"
        # would send a script on believing it holds a sign-in that `auth status` then denies.
        print(f"{server.name}: {NO_SIGN_IN_ASKED}", file=sys.stderr)
        return Exit.CONNECTION
    if state.status is ConnectionStatus.CONNECTED:
        print(f"Signed in to {server.name}.")
        print(f"  grant: {server.auth.grant if server.auth is not None else 'authorization_code'}")
        if note := dpop_note(stored):
            print(f"  {note}")
        return Exit.OK
    # Not signed in, whatever stopped it: a server that is down or failed the handshake, or a sign-in that
    # was refused or is still needed, all "connection failed ... needs sign-in" in the headless table.
    if state.status is ConnectionStatus.NEEDS_SIGN_IN and not ask:
        print(f"{server.name}: needs sign-in: run mcp-tui auth login {server.name}", file=sys.stderr)
    else:
        print(f"{server.name}: {visible_indented(state.error or state.status.value)}", file=sys.stderr)
    return Exit.CONNECTION


def _session(startup: Startup, servers: list[ServerConfig]) -> Session:
    """The core session for just these servers; it alone reads and deletes stored tokens."""
    from dataclasses import replace

    from tui.session.session import Session

    return Session(replace(startup, servers=servers), interface="cli")


async def _logout(startup: Startup, server: ServerConfig) -> int:
    session = _session(startup, [server])
    try:
        await session.start(connect=False)
        forgot = await session.sign_out(server.name)
    finally:
        await session.aclose()
    if forgot:
        print(f"Signed out of {server.name}: its stored tokens are deleted.")
    else:
        print(f"{server.name}: there was no stored sign-in.")
    return Exit.OK


async def _status(startup: Startup) -> int:
    session = _session(startup, list(startup.servers))
    try:
        await session.start(connect=False)
        for server in startup.servers:
            stored = session.sign_in_status(server.name)
            line = "stdio server (no sign-in)" if stored is None else describe_stored(stored)
            print(f"{server.name}: {line}")
    finally:
        await session.aclose()
    return Exit.OK


def describe_stored(stored: StoredSignIn, now: float | None = None) -> str:
    if not stored.signed_in:
        return "not signed in"
    renews = "; renews itself" if stored.can_refresh else ""
    if note := dpop_note(stored):
        renews += f"; {note}"
    if stored.expires_at is None:
        return f"signed in{renews}"
    left = stored.expires_at - (time.time() if now is None else now)
    if left <= 0:
        return "signed in, token expired" + ("; renews on the next connect" if stored.can_refresh else "")
    return f"signed in, token valid for {_duration(left)}{renews}"


def _duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return "less than a minute"
    if minutes < 120:
        return f"{minutes} min"
    return f"{minutes // 60} h"
