"""Audit records of what a server asked the person (sampling, elicitation), beside the call records.

Call records have no ``kind`` (they predate it), so readers that predate these skip them as lines they do
not know, and ``AuditReader`` still reads every call record it ever wrote. Each of these carries a ``kind``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

SAMPLING_KIND = "sampling"
ELICITATION_KIND = "elicitation"


def _strings_or_null(data: dict[str, Any], *keys: str) -> None:
    if not all(data.get(key) is None or isinstance(data.get(key), str) for key in keys):
        raise ValueError(f"{' and '.join(keys)} must be strings or null")


def _required_strings(data: dict[str, Any], *keys: str) -> None:
    for key in keys:
        if not isinstance(data.get(key), str):
            raise ValueError(f"{key} must be a string")


def _names(data: dict[str, Any], key: str) -> list[str]:
    names = data.get(key, [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"{key} must be a list of strings")
    return list(names)


@dataclass(frozen=True)
class SamplingAuditRecord:
    """A server asked for a model's reply (sampling) and the person answered or declined."""

    time: str
    server: str
    request: dict[str, Any]
    """What the server sent: messages, systemPrompt, modelPreferences, maxTokens (as shown to the person)."""
    answer: str
    """``replied``, ``declined`` or ``cancelled``."""
    reply: str | None = None
    """The text the person sent back (null when nothing was sent)."""
    reason: str | None = None
    """Why it was declined, in words."""
    interface: str = "tui"
    answered_by: str | None = "person"
    """``person``, ``mcp-tui`` (declined without asking anyone), or null (the request went away)."""
    kind: str = SAMPLING_KIND

    def to_line(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"), default=repr)

    @classmethod
    def from_json(cls, data: Any) -> SamplingAuditRecord:
        if not isinstance(data, dict) or data.get("kind") != SAMPLING_KIND:
            raise ValueError("not a sampling record")
        _required_strings(data, "time", "server", "answer")
        if not isinstance(data.get("request"), dict):
            raise ValueError("request must be an object")
        _strings_or_null(data, "reply", "reason", "answered_by")
        return cls(
            time=data["time"],
            server=data["server"],
            request=data["request"],
            answer=data["answer"],
            reply=data.get("reply"),
            reason=data.get("reason"),
            interface=str(data.get("interface", "tui")),
            answered_by=data.get("answered_by"),
        )


@dataclass(frozen=True)
class ElicitationAuditRecord:
    """A server asked the person to fill in a form (elicitation) and how it was answered.

    Only the NAMES of the fields answered are recorded, never their values: a person may type a password
    or a token into a server's form, and the audit log is a plain file meant to be read and shared.
    """

    time: str
    server: str
    message: str
    """The question the server asked, as shown to the person."""
    requested: list[str]
    """The names of the fields the server's form asked for."""
    answer: str
    """``accepted``, ``declined`` or ``cancelled``: the action sent back to the server."""
    reason: str
    """Why, in words: who answered and how, or why no one was asked."""
    fields: list[str] = field(default_factory=list)
    """For ``accepted``: the names of the fields sent back (never their values)."""
    answered_by: str | None = "person"
    """``person``, ``mcp-tui`` (declined without asking anyone), or null (the request went away)."""
    interface: str = "tui"
    kind: str = ELICITATION_KIND

    def to_line(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"), default=repr)

    @classmethod
    def from_json(cls, data: Any) -> ElicitationAuditRecord:
        if not isinstance(data, dict) or data.get("kind") != ELICITATION_KIND:
            raise ValueError("not an elicitation record")
        _required_strings(data, "time", "server", "message", "answer", "reason")
        _strings_or_null(data, "answered_by")
        return cls(
            time=data["time"],
            server=data["server"],
            message=data["message"],
            requested=_names(data, "requested"),
            answer=data["answer"],
            reason=data["reason"],
            fields=_names(data, "fields"),
            answered_by=data.get("answered_by"),
            interface=str(data.get("interface", "tui")),
        )


ELICITATION_FIELD_DOCS: tuple[tuple[str, str, str], ...] = (
    ("kind", "string", "`elicitation`"),
    ("time", "string", "when it was answered, ISO-8601 UTC"),
    ("server", "string", "the server's name"),
    ("message", "string", "the question the server asked, as shown"),
    ("requested", "list of strings", "the names of the fields the server's form asked for"),
    (
        "answer",
        "string",
        "`accepted`, `declined` or `cancelled`: the action sent back to the server (`cancelled` also when "
        "the request went away before an answer)",
    ),
    ("fields", "list of strings", "for `accepted`: the names of the fields sent back, never their values"),
    (
        "answered_by",
        "string or null",
        "`person`, `mcp-tui` (declined without asking: no one to ask, or too many requests waiting), or "
        "null (the request went away before anyone answered)",
    ),
    ("reason", "string", "why, in words: what the person did, or why no one was asked"),
    ("interface", "string", "`tui` or `cli`"),
)


def elicitation_fields_markdown() -> str:
    """``ELICITATION_FIELD_DOCS`` as a markdown table (for docs/audit.md)."""
    rows = [f"| `{name}` | {kind} | {meaning} |" for name, kind, meaning in ELICITATION_FIELD_DOCS]
    return "\n".join(["| field | type | meaning |", "|---|---|---|", *rows])


RequestRecord = SamplingAuditRecord | ElicitationAuditRecord

_READERS: dict[str, type[SamplingAuditRecord] | type[ElicitationAuditRecord]] = {
    SAMPLING_KIND: SamplingAuditRecord,
    ELICITATION_KIND: ElicitationAuditRecord,
}


def request_record(data: Any) -> RequestRecord:
    """The record of ``data``'s ``kind``; ValueError when it has none this reader knows, or is malformed."""
    reader = _READERS.get(str(data.get("kind"))) if isinstance(data, dict) else None
    if reader is None:
        raise ValueError("not a sampling or elicitation record")
    return reader.from_json(data)
