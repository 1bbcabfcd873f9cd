"""``decision_line``: the one short wording of what decided a call, shared by the dialog, the call panel's
decision line and ``mcp-tui policy explain``."""

from __future__ import annotations

from policy_support import APPEND, READ, decide_with, tier_file, user_rules

from tui.safety.decision_words import decision_line


def test_a_managed_rule_is_named_with_its_tier_file_and_line() -> None:
    managed = tier_file(
        """
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "never"
        when.action = { equals = "delete" }
        """,
        name="/etc/mcp-tui/managed.toml",
    )
    denied = decide_with(tiers=(managed,), args={"action": "delete"})
    assert decision_line(denied) == "denied: the managed policy's rule at managed.toml:2"


def test_a_project_rule_and_a_rule_on_the_grade() -> None:
    project = tier_file(
        """
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "ask"
        when.grade = { min = "medium" }
        """,
        tier="project",
        name="policy.toml",
    )
    asked = decide_with(tiers=(project,), args={"action": "append"}, resolved=APPEND)
    # Resolved by the server: the grade the rule looked at came from the server's answer for this call.
    expected = "asking: the server resolved this call to a write that is not destructive, the project's rule"
    assert decision_line(asked) == f"{expected} at policy.toml:2"
    static = decide_with(tiers=(project,), args={"action": "append"})
    assert decision_line(static) == "asking: this call is high, the project's rule at policy.toml:2"


def test_a_rule_on_arguments_only_says_no_basis_and_no_rule_says_the_reason() -> None:
    rules, problems = user_rules(
        """
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "always"
        ceiling = "safe"
        when.path = { glob = "*.txt" }
        """
    )
    assert problems == []
    allowed = decide_with(rules=rules, args={"action": "read", "path": "a.txt"}, resolved=READ)
    assert decision_line(allowed) == "allowed: your rule at config.toml:2"
    asked = decide_with(rules=rules, args={"action": "read", "path": "a.md"}, resolved=READ)
    assert decision_line(asked).startswith("asking: this call is safe (read-only, closed world)")
