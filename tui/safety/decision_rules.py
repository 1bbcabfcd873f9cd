"""The words of a decision: its rule ids, its sources, and which asks only a person may answer."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Literal

Action = Literal["allow", "ask", "deny"]
Source = Literal["managed", "project", "user", "approval", "category", "default"]


class RuleId(StrEnum):
    INVALID_ARGUMENTS = "invalid-arguments"
    MANAGED_NEVER = "managed-never"
    SERVER_NOT_ALLOWED = "server-not-allowed"
    NEVER_RULE = "never-rule"
    DEFINITION_CHANGED = "definition-changed"
    MANAGED_ASK = "managed-ask"
    ASK_RULE = "ask-rule"
    MANAGED_FAILED = "managed-policy-unreadable"
    APPROVAL_ALWAYS = "approval-always"
    APPROVAL_SESSION = "approval-session"
    ALWAYS_RULE = "always-rule"
    MANAGED_LIMIT = "managed-limit"
    CONFIRM_DESTRUCTIVE = "confirm-destructive"
    AUTO_SAFE = "auto-safe"
    AUTO_LOW = "auto-low"
    IDEMPOTENT_RETRY = "idempotent-retry"
    UNTRUSTED = "untrusted"
    CONTRADICTORY = "contradictory-hints"
    LINT_WARNING = "lint-warning"
    ABOVE_CEILING = "above-ceiling"
    RESOLUTION_BROKEN = "resolution-broken"
    NO_RULE = "no-rule"


PERSON_ONLY: Mapping[RuleId, str] = {
    RuleId.DEFINITION_CHANGED: "the tool's definition changed since it was approved (step 3)",
    RuleId.MANAGED_ASK: "a managed rule says ask (step 4)",
    RuleId.MANAGED_FAILED: "a managed policy file could not be read, so nothing is approved without you",
    RuleId.MANAGED_LIMIT: "a managed limit keeps this grade from being approved without you",
    RuleId.RESOLUTION_BROKEN: "the server's answer about this call broke the rules of per-call resolution",
}
"""Asks that ``--approve-up-to`` never answers, and the words that say which one stopped it."""
