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
    "audit": "recent audit records (audit [--last N]; --export otlp [--since DATE] sends them)",
    "resources": "every resource and resource template (resources [SERVER])",
    "read": "one resource's contents: text literally, JSON pretty, binary by size (read [SERVER] URI)",
    "prompts": "every prompt with its arguments (prompts [SERVER])",
    "prompt": "one prompt's messages, with arguments as key=value (prompt [SERVER] NAME [ARGS])",
    "run": "a collection of saved calls, each through the same decision; checks expectations (run FILE)",
    "snapshot": "a server's tool list as stable JSON, a baseline for diff (snapshot [SERVER] [-o FILE])",
    "diff": "what changed in a server's tools since a snapshot, riskier changes first (diff FILE [SERVER])",
    "gateway": "serve the servers' tools to an agent over stdio; every call is checked and may ask first",
    "policy": "each step of the decision order for a call, or check a policy file "
    "(policy explain [SERVER] TOOL [ARGS] | policy check [FILE])",
    "approvals": "remembered approvals (approvals list | approvals revoke SERVER TOOL)",
}
SUBCOMMANDS: dict[str, tuple[str, ...]] = {"policy": ("explain", "check"), "approvals": ("list", "revoke")}
"""Commands whose first word after them says what to do (``policy explain``)."""
AUTH_COMMAND = "auth"
"""Sign-in (``tui/cli/auth.py``): a command with subcommands of its own, so it has its own parser."""
FEATURE_COMMANDS = ("resources", "read", "prompts", "prompt")
"""Commands about what a server offers beside tools (``tui/cli/features.py``)."""
BASELINE_COMMANDS = ("run", "snapshot", "diff")
"""Saved calls and tool-list snapshots, for CI (``tui/cli/saved_calls.py``, ``tui/cli/snapshots.py``)."""

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
        "--only",
        "--junit",
        "-o",
        "--output",
        "--http",
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
