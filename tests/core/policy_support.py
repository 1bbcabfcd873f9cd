"""Rules read from real TOML text and decided by the real engine, for the policy tests."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from tui.config.loader import load_toml_config
from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.config.policy_files import PolicyFile, parse_policy_text
from tui.safety.approvals import ApprovalBook
from tui.safety.decision import Decision, decide
from tui.safety.effective import effective_hints
from tui.safety.enforced import Enforced
from tui.safety.policy import Policy
from tui.safety.tool_hash import DefinitionSnapshot

DEMO = ServerConfig("demo", "stdio", command="python", args=("-m", "tui.demo"))
TRUSTED = ServerConfig("demo", "stdio", command="python", args=("-m", "tui.demo"), trust=Trust.TRUSTED)
STATIC = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}
FILES = DefinitionSnapshot.of(
    "manage_files",
    "Read, append, replace or delete a file in the sandbox",
    {"type": "object", "properties": {"action": {"type": "string"}, "path": {"type": "string"}}},
    STATIC,
)
READ = {"readOnlyHint": True, "openWorldHint": False}
APPEND = {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}
DELETE = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False}


def user_rules(text: str) -> tuple[list[ToolRule], list[str]]:
    """config.toml's rules and the problems (as ``file, line N: message``) of this TOML text."""
    config, problems = load_toml_config(Path("config.toml"), textwrap.dedent(text), {})
    return config.rules, [str(problem) for problem in problems]


def tier_file(text: str, tier: str = "managed", name: str = "managed.toml") -> PolicyFile:
    return parse_policy_text(Path(name), textwrap.dedent(text), tier)  # type: ignore[arg-type]


def decide_with(
    *,
    rules: list[ToolRule] | tuple[ToolRule, ...] = (),
    tiers: tuple[PolicyFile, ...] = (),
    resolved: dict[str, Any] | None = None,
    args: dict[str, Any] | None = None,
    server: ServerConfig = DEMO,
    book: ApprovalBook | None = None,
    prefs: Preferences | None = None,
    definition: DefinitionSnapshot = FILES,
    **more: Any,
) -> Decision:
    """One decision as the session makes it: the tiers' rules before the user's, their limits enforced."""
    policy = Policy.build(
        preferences=prefs or Preferences(), rules=rules, approvals=(), overrides=(), tiers=tiers
    )
    return decide(
        server=server,
        definition=definition,
        hints=effective_hints(definition.annotations, resolved),
        arguments=args if args is not None else {"action": "read", "path": "a.txt"},
        book=book or ApprovalBook(),
        preferences=policy.preferences,
        rules=policy.rules,
        enforced=more.pop("enforced", policy.enforced),
        **more,
    )


__all__ = ["Enforced"]
