"""What a call span and an audit log record say, as OpenTelemetry attributes (no OpenTelemetry import).

``decision_attributes`` is the one place a decision becomes attributes: when a decision gains fields (the
policy engine's tier, source and file location) they are picked up here by name.
"""

from __future__ import annotations

import json
from typing import Any

from tui.model.redact import redact
from tui.store.audit_record import AuditRecord
from tui.store.request_records import RequestRecord

Attributes = dict[str, str | bool | int | float]

_DECISION_FIELDS = ("tier", "source", "location")
"""Fields a ``Decision`` may carry beyond action, reason and rule; exported when present."""


def decision_word(record: AuditRecord) -> str:
    """allowed, denied, asked_then_allowed, declined, unanswered or cancelled: what became of the call."""
    if record.outcome == "cancelled":
        return "cancelled"
    if record.decision == "deny":
        return "denied"
    if record.decision == "ask":
        if record.choice == "unanswered":
            return "unanswered"
        if record.choice in (None, "cancel"):
            return "declined"
        return "asked_then_allowed"
    return "allowed"


def decision_attributes(
    record: AuditRecord, *, dialect: str | None, decision: object | None = None
) -> Attributes:
    """The decision on one call: its word, reason, rule and source, the grade, each hint with its
    provenance, the resolve dialect and the interface (``decision`` adds the fields it has)."""
    attributes: Attributes = {
        "mcp_tui.decision": decision_word(record),
        "mcp_tui.decision.action": record.decision,
        "mcp_tui.decision.reason": record.reason,
        "mcp_tui.decision.rule": record.rule,
        "mcp_tui.decision.source": record.rule,
        "mcp_tui.grade": record.grade,
        "mcp_tui.interface": record.interface,
        "mcp_tui.server": record.server,
        "mcp_tui.outcome": record.outcome,
        "mcp_tui.definition_hash": record.definition_hash,
        "mcp_tui.resolve.dialect": dialect or "none",
    }
    if record.choice is not None:
        attributes["mcp_tui.choice"] = record.choice
    for name, hint in record.hints.items():
        if isinstance(hint, dict):
            if isinstance(hint.get("value"), bool):
                attributes[f"mcp_tui.hint.{name}"] = hint["value"]
            if isinstance(hint.get("provenance"), str):
                attributes[f"mcp_tui.hint.{name}.provenance"] = hint["provenance"]
    for name in _DECISION_FIELDS:
        value = getattr(decision, name, None)
        if value is not None:
            attributes[f"mcp_tui.decision.{name}"] = str(value)
    return attributes


def call_log_attributes(record: AuditRecord, *, include_arguments: bool) -> Attributes:
    """An audit record as log attributes: every field but the arguments (redacted, only when asked)."""
    attributes: Attributes = {
        "mcp_tui.audit.time": record.time,
        "mcp_tui.server": record.server,
        "gen_ai.tool.name": record.tool,
        "mcp_tui.definition_hash": record.definition_hash,
        "mcp_tui.grade": record.grade,
        "mcp_tui.decision": decision_word(record),
        "mcp_tui.decision.action": record.decision,
        "mcp_tui.decision.reason": record.reason,
        "mcp_tui.decision.rule": record.rule,
        "mcp_tui.outcome": record.outcome,
        "mcp_tui.interface": record.interface,
        "mcp_tui.hints": json.dumps(record.hints, sort_keys=True),
    }
    optional = {"duration_ms": record.duration_ms, "error": record.error, "choice": record.choice}
    for name, value in optional.items():
        if value is not None:
            attributes[f"mcp_tui.{name}"] = value
    if record.changes:
        attributes["mcp_tui.changes"] = "\n".join(record.changes)
    if include_arguments:
        attributes["mcp_tui.arguments"] = exported_arguments(record.arguments)
    return attributes


def request_log_attributes(record: RequestRecord) -> Attributes:
    """A sampling or elicitation record as log attributes: who asked and what became of it, never what
    was asked or answered (messages, prompts, replies, form fields)."""
    attributes: Attributes = {
        "mcp_tui.audit.time": record.time,
        "mcp_tui.audit.kind": record.kind,
        "mcp_tui.server": record.server,
        "mcp_tui.answer": record.answer,
        "mcp_tui.interface": record.interface,
    }
    if record.reason is not None:
        attributes["mcp_tui.reason"] = record.reason
    if record.answered_by is not None:
        attributes["mcp_tui.answered_by"] = record.answered_by
    return attributes


def exported_arguments(arguments: dict[str, Any] | str) -> str:
    """The arguments as JSON through the one redactor the traffic view and the audit log use."""
    return json.dumps(redact(arguments), ensure_ascii=False, sort_keys=True, default=repr)
