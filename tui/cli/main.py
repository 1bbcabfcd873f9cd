"""``mcp-tui [OPTIONS] [COMMAND ...] [-- CMD ARGS]``: the TUI, or one headless command.

Imports stay lazy: with no command, nothing here loads the SDK before the TUI paints, and each command
imports only what it uses.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from tui.cli.command_words import AUTH_COMMAND, BASELINE_COMMANDS, COMMANDS, FEATURE_COMMANDS, find_command
from tui.cli.exit_codes import CliError
from tui.session import collector

if TYPE_CHECKING:
    from collections.abc import Callable

    from tui.cli.parsing import Request


def split_server_command(argv: list[str]) -> tuple[list[str], list[str]]:
    """Options before ``--``, and the ad-hoc stdio server command after it."""
    if "--" in argv:
        at = argv.index("--")
        return argv[:at], argv[at + 1 :]
    return argv, []


def _handler(command: str) -> Callable[[Request], int]:
    if command in ("resolve", "call"):
        from tui.cli import calls

        return calls.resolve if command == "resolve" else calls.call
    if command in BASELINE_COMMANDS:
        from tui.cli import saved_calls, snapshots

        return {"run": saved_calls.run_collection, "snapshot": snapshots.snapshot, "diff": snapshots.diff}[
            command
        ]
    if command == "gateway":
        from tui.cli.gateway_command import gateway

        return gateway
    if command in ("policy", "approvals"):
        from tui.cli import policy

        return policy.policy if command == "policy" else policy.approvals
    if command in FEATURE_COMMANDS:
        from tui.cli import features

        return {
            "resources": features.resources,
            "read": features.read,
            "prompts": features.prompts,
            "prompt": features.prompt,
        }[command]
    from tui.cli import catalogue

    handlers: dict[str, Callable[[Request], int]] = {
        "servers": catalogue.servers,
        "tools": catalogue.tools,
        "show": catalogue.show,
        "audit": catalogue.audit,
    }
    return handlers[command]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["demo-server"]:
        from tui.demo.main import main as demo_main

        return demo_main(argv[1:])
    at = find_command(argv)
    if at is not None and argv[at] == AUTH_COMMAND:
        # Global options (--config) may come before ``auth`` as before any other command.
        from tui.cli.auth import main as auth_main

        return auth_main(argv[:at] + argv[at + 1 :])

    # The TUI and the headless commands start a session: no garbage collection until it has loaded
    # the SDK (it resumes then, or here for a command that never got that far).
    collector.pause()
    try:
        return _run(argv)
    finally:
        collector.resume()


def _run(argv: list[str]) -> int:
    options, server_command = split_server_command(argv)
    at = find_command(options)
    if at is None:
        from tui.cli.tui_launch import open_tui

        return open_tui(options, server_command)
    from tui.cli.parsing import parse_command, unknown_command

    try:
        if options[at] not in COMMANDS:
            raise unknown_command(options[at])
        request = parse_command(options, at, server_command)
        return _handler(request.command)(request)
    except CliError as error:
        from tui.safety.visible_text import visible_indented

        print(f"mcp-tui: {visible_indented(error.message)}", file=sys.stderr)
        return int(error.code)
