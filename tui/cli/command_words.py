"""Which word of the command line is the command, and the commands there are.

Kept apart from the parsing of a command's options (``parsing.py``, with argparse, its ARGS and their
JSON): ``mcp-tui`` with no command opens the TUI, and finding that out must not load those.
"""

from __future__ import annotations

COMMANDS: dict[str, str] = {
    "servers": "each server: state, protocol version, tool count, trust",
    "tools": "every tool: grade, hints with provenance, resolvable mark (tools [SERVER] [--filter EXPR])",
    "show": "one tool: title, description, schemas, hints, lint warnings (show [SERVER] TOOL)",
    "resolve": "the preflight and decision for a call, sending nothing (resolve [SERVER] TOOL [ARGS])",
    "call": "the call, through the same decision engine; prints the result (call [SERVER] TOOL [ARGS])",
    "audit": "recent audit records (audit [--last N])",
    "resources": "every resource and resource template (resources [SERVER])",
    "read": "one resource's contents: text literally, JSON pretty, binary by size (read [SERVER] URI)",
    "prompts": "every prompt with its arguments (prompts [SERVER])",
    "prompt": "one prompt's messages, with arguments as key=value (prompt [SERVER] NAME [ARGS])",
}
AUTH_COMMAND = "auth"
"""Sign-in (``tui/cli/auth.py``): a command with subcommands of its own, so it has its own parser."""
FEATURE_COMMANDS = ("resources", "read", "prompts", "prompt")
"""Commands about what a server offers beside tools (``tui/cli/features.py``)."""

# Options that take a value, so that value is never mistaken for the command.
VALUE_OPTIONS = frozenset(
    {
        "--config",
        "--url",
        "--protocol",
        "--filter",
        "--args",
        "--approve-up-to",
        "--save-dir",
        "--timeout",
        "--last",
    }
)


def find_command(options: list[str]) -> int | None:
    """The index of the command word in ``options``, or None when there is none (the TUI opens)."""
    skip = False
    for index, word in enumerate(options):
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            skip = word in VALUE_OPTIONS
            continue
        return index
    return None
