"""The audit log's record: one call attempt, its fields and their JSON form (one JSON Lines line).

The fields are documented in ``FIELD_DOCS`` below; ``fields_markdown()`` renders them as the table in
docs/audit.md.
Writing records to the file is ``audit_writer``; reading them back is ``audit_reader``. The records of a
server's questions to the person (sampling, elicitation) are ``request_records``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from tui.model.display_templates import CallPreview
from tui.model.hints import Hints, hints_record
from tui.model.redact import REDACTED, redact_text
from tui.model.redact import redact as redact_secrets
from tui.safety.decision import RuleId

Outcome = Literal["ok", "error", "cancelled", "denied", "timeout", "unanswered"]
OUTCOMES: frozenset[str] = frozenset({"ok", "error", "cancelled", "denied", "timeout", "unanswered"})

# (field, JSON type, meaning): the documentation of every field of a record, in order.
FIELD_DOCS: tuple[tuple[str, str, str], ...] = (
    ("time", "string", "when the attempt was decided, ISO-8601 UTC (`2025-01-31T09:15:02.123Z`)"),
    ("server", "string", "the server's name"),
    ("tool", "string", "the tool's name"),
    (
        "definition_hash",
        "string",
        "sha256 (hex) of the tool's name, description, inputSchema and static annotations, and its "
        "display template when it has one",
    ),
    (
        "arguments",
        'object or `"<redacted>"`',
        'the arguments as sent (or as they would have been), secrets redacted; `"<redacted>"` when the '
        "`redact_arguments_in_audit` preference is on",
    ),
    (
        "hints",
        "object",
        "`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`, each "
        '`{"value": true/false, "provenance": "explicit"/"default"/"resolved"/"override"}`',
    ),
    ("grade", "string", "`safe`, `low`, `medium`, `high` or `critical`"),
    ("decision", "string", "`allow`, `ask` or `deny`"),
    ("reason", "string", "the decision's reason, as shown in the app"),
    (
        "rule",
        "string",
        # Spelled from the enum, so a new rule can never be missing from docs/audit.md's table.
        "which rule decided: " + ", ".join(f"`{rule.value}`" for rule in RuleId),
    ),
    (
        "outcome",
        "string",
        "`ok`, `error` (also a tool that reported isError), `cancelled`, `denied`, `timeout`, "
        "`unanswered` (the call needed approval and no one could be asked: a headless run; nothing was sent)",
    ),
    ("duration_ms", "integer or null", "how long the call took; null when nothing was sent"),
    ("error", "string or null", "the error text, when there is one"),
    ("changes", "list of strings", "for `definition-changed`: what changed in the tool definition"),
    (
        "choice",
        "string or null",
        "after `ask`: what the person chose (`once`, `session`, `always`, `cancel`), or `unanswered`",
    ),
    (
        "interface",
        "string",
        "where the call was made: `tui` (the app), `cli` (a headless command) or `gateway` (an agent "
        "through `mcp-tui gateway`)",
    ),
    (
        "agent",
        "object or null",
        "for `gateway`: the agent's `name` and `version` as its host introduced itself (`clientInfo`)",
    ),
    (
        "preview",
        'string or null or `"<redacted>"`',
        "the server's one-line wording of the call (its display template, rendered with these arguments and "
        'made visible); null when the tool declares none; `"<redacted>"` with the arguments',
    ),
    (
        "preview_unreferenced",
        "list of strings",
        "the names of the arguments the call supplied that the preview does not show",
    ),
)


def fields_markdown() -> str:
    """``FIELD_DOCS`` as a markdown table (for docs/audit.md)."""
    rows = [f"| `{name}` | {kind} | {meaning} |" for name, kind, meaning in FIELD_DOCS]
    return "\n".join(["| field | type | meaning |", "|---|---|---|", *rows])


def iso_utc(moment: datetime | None = None) -> str:
    moment = (moment or datetime.now(UTC)).astimezone(UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class AuditRecord:
    time: str
    server: str
    tool: str
    definition_hash: str
    arguments: dict[str, Any] | str
    hints: dict[str, dict[str, Any]]
    grade: str
    decision: str
    reason: str
    rule: str
    outcome: str
    duration_ms: int | None = None
    error: str | None = None
    changes: list[str] = field(default_factory=list)
    choice: str | None = None
    interface: str = "tui"
    agent: dict[str, str] | None = None
    preview: str | None = None
    preview_unreferenced: list[str] = field(default_factory=list)

    def to_line(self) -> str:
        fields = asdict(self)
        if fields["agent"] is None:  # only gateway calls have an agent: other records stay as they were
            del fields["agent"]
        return json.dumps(fields, ensure_ascii=False, separators=(",", ":"), default=repr)

    @classmethod
    def from_json(cls, data: Any) -> AuditRecord:
        """Raises ValueError when ``data`` is not a well-formed record."""
        if not isinstance(data, dict):
            raise ValueError("a record must be an object")
        strings = ("time", "server", "tool", "definition_hash", "grade", "decision", "reason", "rule")
        for key in (*strings, "outcome"):
            if not isinstance(data.get(key), str):
                raise ValueError(f"{key} must be a string")
        if data["outcome"] not in OUTCOMES:
            raise ValueError(f"unknown outcome {data['outcome']!r}")
        arguments, hints, changes = data.get("arguments"), data.get("hints"), data.get("changes", [])
        if not (isinstance(arguments, dict) or arguments == REDACTED) or not isinstance(hints, dict):
            raise ValueError("arguments and hints must be objects")
        duration, error, choice = data.get("duration_ms"), data.get("error"), data.get("choice")
        if duration is not None and (isinstance(duration, bool) or not isinstance(duration, int)):
            raise ValueError("duration_ms must be an integer or null")
        interface = data.get("interface", "tui")
        if not isinstance(interface, str):
            raise ValueError("interface must be a string")
        agent = data.get("agent")
        if agent is not None and not (
            isinstance(agent, dict) and all(isinstance(v, str) for v in agent.values())
        ):
            raise ValueError("agent must be an object of strings or null")
        if not all(v is None or isinstance(v, str) for v in (error, choice)):
            raise ValueError("error and choice must be strings or null")
        if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
            raise ValueError("changes must be a list of strings")
        # Records written before previews existed have neither field: no preview, nothing left out.
        preview, unreferenced = data.get("preview"), data.get("preview_unreferenced", [])
        if not (preview is None or isinstance(preview, str)):
            raise ValueError("preview must be a string or null")
        if not isinstance(unreferenced, list) or not all(isinstance(n, str) for n in unreferenced):
            raise ValueError("preview_unreferenced must be a list of strings")
        return cls(
            **{key: data[key] for key in strings},
            arguments=arguments,
            hints=hints,
            outcome=data["outcome"],
            duration_ms=duration,
            error=error,
            changes=list(changes),
            choice=choice,
            interface=interface,
            agent=agent,
            preview=preview,
            preview_unreferenced=list(unreferenced),
        )


def as_json(arguments: Mapping[str, Any]) -> Any:
    """The arguments as JSON holds them (a value JSON cannot hold becomes its repr)."""
    return json.loads(json.dumps(dict(arguments), default=repr))


def make_record(
    *,
    server: str,
    tool: str,
    definition_hash: str,
    arguments: Mapping[str, Any],
    hints: Hints,
    grade: str,
    decision: str,
    reason: str,
    rule: str,
    outcome: Outcome,
    duration_ms: int | None = None,
    error: str | None = None,
    changes: list[str] | None = None,
    choice: str | None = None,
    interface: str = "tui",
    agent: dict[str, str] | None = None,
    preview: CallPreview | None = None,
    redact: bool = False,
    now: datetime | None = None,
) -> AuditRecord:
    """A record from the app's own objects; ``redact`` is ``Preferences.redact_arguments_in_audit`` (the
    preview shows argument values, so it is redacted with them; the names it leaves out are kept)."""
    preview_text = None if preview is None else (REDACTED if redact else preview.text)
    return AuditRecord(
        time=iso_utc(now),
        server=server,
        tool=tool,
        definition_hash=definition_hash,
        # Secrets (a value under a secret's name, a token's shape) never reach the log, whatever the
        # preference; with it on, no argument does.
        arguments=REDACTED if redact else redact_secrets(as_json(arguments)),
        hints=hints_record(hints),
        grade=grade,
        decision=decision,
        reason=reason,
        rule=rule,
        outcome=outcome,
        duration_ms=duration_ms,
        error=None if error is None else redact_text(error),
        changes=list(changes or []),
        choice=choice,
        interface=interface,
        agent=agent,
        preview=preview_text,
        preview_unreferenced=list(preview.unreferenced) if preview is not None else [],
    )


def outcome_fields(call: Any) -> tuple[Outcome, int, str | None]:
    """(outcome, duration_ms, error) from a ``tui.model.results.CallOutcome``; a result the tool itself
    flagged with isError counts as ``error``."""
    status = str(getattr(call.status, "value", call.status))
    outcome: Outcome = status if status in OUTCOMES else "error"  # type: ignore[assignment]
    error = call.error
    if outcome == "ok" and call.is_error:
        outcome, error = "error", error or "the tool reported an error (isError)"
    return outcome, round(call.duration_s * 1000), error
