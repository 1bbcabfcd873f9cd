"""The command line: which command, its options, and the names and ARGS after it.

Options shared by every command (``--config``, ``--url``, ``--sse``, ``--protocol``, ``--json``) may come
before the command or after it: the command is the first word that is not an option or an option's value,
and the words on both sides are parsed together by that command's parser. ``-- CMD ARGS`` comes last.
"""

from __future__ import annotations

import argparse
import difflib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from tui.cli.arguments import is_pair
from tui.cli.command_words import AUTH_COMMAND, BASELINE_COMMANDS, COMMANDS, FEATURE_COMMANDS, SUBCOMMANDS
from tui.cli.exit_codes import CliError, Exit, exit_codes_text

ARGS_HELP = """\
ARGS:
  key=value          a string argument
  key:=JSON          a typed argument: count:=3, dry:=true, tags:='["a","b"]'
  --args JSON        all arguments as one JSON object; --args @file.json reads it from a file
  pairs override --args; everything is checked against the tool's inputSchema before anything is sent
"""


@dataclass
class Request:
    """What the person asked for, parsed."""

    command: str
    config: Path | None = None
    url: str | None = None
    sse: bool = False
    protocol: str = "legacy"
    json: bool = False
    names: list[str] = field(default_factory=list)
    """SERVER and/or TOOL, as typed (the command decides which is which)."""
    pairs: list[str] = field(default_factory=list)
    args: str | None = None
    filter: str | None = None
    no_input: bool = False
    approve_up_to: str | None = None
    save_dir: Path | None = None
    timeout: float | None = None
    last: int = 20
    only: list[str] = field(default_factory=list)
    """run: the names of the calls to run (all when empty)."""
    junit: Path | None = None
    accept_changed: bool = False
    output: Path | None = None
    http: int | None = None
    """gateway: serve streamable HTTP on this port of 127.0.0.1 instead of stdio."""
    export: str | None = None
    """audit: ``otlp`` sends the records to the collector instead of printing them."""
    since: datetime | None = None
    server_command: list[str] = field(default_factory=list)
    """The ad-hoc stdio server after ``--``."""
    action: str | None = None
    """For ``policy`` and ``approvals``: what to do (``explain``, ``check``, ``list``, ``revoke``)."""


def unknown_command(word: str) -> CliError:
    known = [*COMMANDS, AUTH_COMMAND]
    close = difflib.get_close_matches(word, known, n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else "."
    return CliError(Exit.USAGE, f"unknown command {word!r}{hint} Commands: {', '.join(known)} (see --help)")


def _moment(text: str) -> datetime:
    """A date or date and time for --since; without a zone it is UTC."""
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date such as 2026-11-01 or 2026-11-01T09:00"
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _positive(text: str) -> float:
    """Seconds for --timeout; argparse prints the error's words after the option's name."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text!r}")
    return value


def _port(text: str) -> int:
    """A port for --http: 0 (any free port) to 65535."""
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0-65535)")
    return int(text)


def command_parser(command: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"mcp-tui {command}",
        description=COMMANDS[command],
        epilog=(ARGS_HELP + "\n" if command in ("resolve", "call", "policy") else "") + exit_codes_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--config", type=Path, metavar="PATH", help="config.toml, or an mcpServers/servers JSON"
    )
    parser.add_argument("--url", metavar="URL", help="one streamable HTTP server, just for this command")
    parser.add_argument("--sse", action="store_true", help="with --url: use the legacy SSE transport")
    parser.add_argument(
        "--protocol", metavar="MODE", default="legacy", help='"legacy" (default), "auto" or a version'
    )
    said = "one JSON record per call, each on its line" if command == "run" else "one JSON document"
    parser.add_argument("--json", action="store_true", help=f"print {said} on stdout")
    if command in ("tools", "show", "resolve", "call", *FEATURE_COMMANDS, *BASELINE_COMMANDS, *SUBCOMMANDS):
        parser.add_argument("names", nargs="*", metavar="SERVER TOOL ARGS", help=argparse.SUPPRESS)
    if command == "tools":
        parser.add_argument(
            "--filter",
            metavar="EXPR",
            help="the TUI's filter language: words, ro, destructive, grade:high+, server:NAME, -word",
        )
    if command in ("resolve", "call", "policy"):
        parser.add_argument("--args", metavar="JSON", help="the arguments as a JSON object, or @file.json")
    if command in ("read", "prompt"):
        parser.add_argument(
            "--no-input", action="store_true", help="never prompt: a server's sampling request is declined"
        )
    if command == "read":
        parser.add_argument("--save-dir", type=Path, metavar="DIR", help="write binary contents here")
    if command == "run":
        parser.add_argument(
            "--only", action="append", default=[], metavar="NAME", help="run this call (repeat)"
        )
        parser.add_argument("--junit", type=Path, metavar="FILE", help="also write a JUnit XML report here")
        parser.add_argument(
            "--accept-changed",
            action="store_true",
            help="run a call whose tool definition changed since it was saved (the report says so)",
        )
    if command == "snapshot":
        parser.add_argument(
            "-o", "--output", type=Path, metavar="FILE", help="write it here (default: stdout)"
        )
    if command in ("call", "run"):
        parser.add_argument(
            "--no-input", action="store_true", help="never prompt: a call that needs approval exits 5"
        )
        parser.add_argument(
            "--approve-up-to",
            metavar="GRADE",
            choices=["safe", "low", "medium", "high", "critical"],
            help="allow once a call that asks, up to this grade (never a never rule or a changed definition)",
        )
    if command == "call":
        parser.add_argument(
            "--save-dir", type=Path, metavar="DIR", help="write image, audio and binary results here"
        )
    if command in ("resolve", "call"):
        parser.add_argument(
            "--timeout",
            type=_positive,
            metavar="SECONDS",
            help="resolve: the preflight's limit; call: the call's (default: [timeouts] in config.toml)",
        )
    if command == "gateway":
        parser.add_argument(
            "--http",
            type=_port,
            metavar="PORT",
            help="serve streamable HTTP on 127.0.0.1:PORT/mcp (0: any free port) with a bearer token",
        )
    if command == "audit":
        parser.add_argument("--last", type=int, default=20, metavar="N", help="how many records (default 20)")
        parser.add_argument(
            "--export",
            choices=["otlp"],
            help="send the audit records to the OpenTelemetry collector as log records (docs/telemetry.md)",
        )
        parser.add_argument(
            "--since",
            type=_moment,
            metavar="DATE",
            help="with --export: only records from DATE on (2026-11-01 or 2026-11-01T09:00; UTC by default)",
        )
    return parser


def parse_command(options: list[str], at: int, server_command: list[str]) -> Request:
    """Parse ``options`` whose word at ``at`` is a known command (argparse exits 2 on a usage error)."""
    command = options[at]
    parsed = command_parser(command).parse_intermixed_args(options[:at] + options[at + 1 :])
    words: list[str] = list(getattr(parsed, "names", []))
    action = _action(command, words) if command in SUBCOMMANDS else None
    if action is not None:
        words = words[1:]
    names, pairs = words, []
    if command in ("resolve", "call", "prompt") or action == "explain":
        # Names come first; from the first key=value on, every word is an argument.
        first_pair = next((i for i, word in enumerate(words) if is_pair(word)), len(words))
        names, pairs = words[:first_pair], words[first_pair:]
    most = 1 if command in ("tools", "resources", "prompts", "run", "snapshot") else 2
    if len(names) > most:
        extra = " ".join(names)
        raise CliError(Exit.USAGE, f"too many names for {command}: {extra!r} (see mcp-tui {command} --help)")
    if command == "read" and not names:
        raise CliError(Exit.USAGE, "which resource? mcp-tui read [SERVER] URI (list them: mcp-tui resources)")
    if command == "prompt" and not names:
        raise CliError(Exit.USAGE, "which prompt? mcp-tui prompt [SERVER] NAME (list them: mcp-tui prompts)")
    if command == "run" and not names:
        raise CliError(Exit.USAGE, "which collection? mcp-tui run FILE (or a name in .mcp-tui/collections/)")
    if command == "diff" and not names:
        raise CliError(Exit.USAGE, "which snapshot? mcp-tui diff FILE [SERVER] (write one: mcp-tui snapshot)")
    if action == "revoke" and len(names) != 2:
        raise CliError(
            Exit.USAGE, "which approval? mcp-tui approvals revoke SERVER TOOL (see approvals list)"
        )
    if action == "list" and names:
        raise CliError(Exit.USAGE, "approvals list takes no names")
    if action == "check" and len(names) > 1:
        raise CliError(Exit.USAGE, "policy check takes one FILE at most")
    if (command in ("show", "resolve", "call") or action == "explain") and not names:
        raise CliError(Exit.USAGE, f"which tool? mcp-tui {command} [SERVER] TOOL (list them: mcp-tui tools)")
    if getattr(parsed, "last", 1) < 1:
        raise CliError(Exit.USAGE, "--last needs a number of records of at least 1")
    if getattr(parsed, "since", None) is not None and not getattr(parsed, "export", None):
        raise CliError(Exit.USAGE, "--since goes with --export otlp")
    if parsed.sse and not parsed.url:
        raise CliError(Exit.USAGE, "--sse needs --url")
    return Request(
        command=command,
        config=parsed.config,
        url=parsed.url,
        sse=parsed.sse,
        protocol=parsed.protocol,
        json=parsed.json,
        names=names,
        pairs=pairs,
        args=getattr(parsed, "args", None),
        filter=getattr(parsed, "filter", None),
        no_input=getattr(parsed, "no_input", False),
        approve_up_to=getattr(parsed, "approve_up_to", None),
        save_dir=getattr(parsed, "save_dir", None),
        timeout=getattr(parsed, "timeout", None),
        last=getattr(parsed, "last", 20),
        only=list(getattr(parsed, "only", [])),
        junit=getattr(parsed, "junit", None),
        accept_changed=getattr(parsed, "accept_changed", False),
        output=getattr(parsed, "output", None),
        http=getattr(parsed, "http", None),
        export=getattr(parsed, "export", None),
        since=getattr(parsed, "since", None),
        server_command=server_command,
        action=action,
    )


def _action(command: str, words: list[str]) -> str:
    known = SUBCOMMANDS[command]
    if not words or words[0] not in known:
        got = f"not {words[0]!r}" if words else "it is missing"
        raise CliError(Exit.USAGE, f"mcp-tui {command} needs one of {', '.join(known)}, {got}")
    return words[0]
