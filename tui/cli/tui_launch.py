"""``mcp-tui`` with no command: the TUI. Imports stay lazy: the first frame must not wait for the mcp SDK."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui import __version__
from tui.cli.command_words import COMMANDS
from tui.cli.exit_codes import exit_codes_text
from tui.cli.log_file import log_to_file

if TYPE_CHECKING:
    import argparse

EPILOG = """\
examples:
  mcp-tui                                   servers from config.toml (the demo server if there are none)
  mcp-tui --config ~/.cursor/mcp.json       read a Claude Desktop / Cursor / VS Code JSON file
  mcp-tui --url http://127.0.0.1:8000/mcp   one streamable HTTP server, just for this session
  mcp-tui -- npx -y @modelcontextprotocol/server-everything
                                            one stdio server, just for this session
  mcp-tui demo-server [--http PORT]         run the bundled demo server on its own
  mcp-tui tools --json                      every tool, its grade and hints, as JSON
  mcp-tui call demo add_note text=hello     one call through the same decision engine as the TUI
  mcp-tui auth login|logout SERVER, auth status
                                            sign in to an HTTP server (OAuth), sign out, see who is signed in

files:
  config.toml in the user config directory (override with --config or MCP_TUI_CONFIG);
  MCP_TUI_HOME=DIR keeps every file mcp-tui writes under DIR.
"""


def commands_text() -> str:
    rows = [f"  {name:<8} {meaning}" for name, meaning in COMMANDS.items()]
    return "headless commands (each takes --json; mcp-tui COMMAND --help for more):\n" + "\n".join(rows)


class TuiOptions:
    """The TUI's options. These defaults are the parser's too: it fills an instance, and a plain
    ``mcp-tui`` (no options: the usual launch) takes them as they are, without loading argparse."""

    config: Path | None = None
    url: str | None = None
    sse: bool = False
    protocol: str = "legacy"
    check_config: bool = False


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="mcp-tui",
        description="A terminal client for MCP servers that shows what a tool call will do, before it runs.",
        epilog=f"{commands_text()}\n\n{EPILOG}\n{exit_codes_text()}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"mcp-tui {__version__}")
    parser.add_argument(
        "--config", type=Path, metavar="PATH", help="config.toml, or an mcpServers/servers JSON"
    )
    parser.add_argument("--url", metavar="URL", help="connect to one streamable HTTP server for this session")
    parser.add_argument("--sse", action="store_true", help="with --url: use the legacy SSE transport")
    parser.add_argument(
        "--protocol",
        metavar="MODE",
        help='for --url and -- CMD: "legacy" (default: the initialize handshake), "auto" (try the 2026 '
        'server/discover first), or a version such as "2026-07-28"',
    )
    parser.add_argument(
        "--check-config",
        action="store_true",
        help="read the configuration, print any problems and exit (status 2 when there are problems)",
    )
    return parser


def open_tui(options: list[str], command: list[str]) -> int:
    """No command word: open the TUI (or ``--check-config``)."""
    args = build_parser().parse_args(options, namespace=TuiOptions()) if options else TuiOptions()
    if args.sse and not args.url:
        build_parser().error("--sse needs --url")

    from tui.session.startup import load_startup

    try:
        startup = load_startup(
            config_path=args.config, url=args.url, sse=args.sse, command=command, protocol=args.protocol
        )
    except ValueError as error:  # an unusable --url or command: nothing to open
        print(f"mcp-tui: {error}", file=sys.stderr)
        return 2
    if args.check_config:
        from tui.session.check_config import run_check

        return run_check(startup, args.config)

    from tui.session.startup import start_servers_early, stop_servers_not_adopted

    # Servers start now, before Textual and the SDK load: each side takes about a second.
    early = start_servers_early(startup)
    log_to_file(startup.paths.log_dir / "mcp-tui.log")
    from tui.ui.app import McpTuiApp

    app = McpTuiApp(startup, early=early)
    try:
        app.run()
    finally:
        stop_servers_not_adopted(early)
    # Textual prints an unexpected error's traceback as it exits and sets 1: a script must see it failed.
    return app.return_code or 0
