"""What a front end hears from the session: the connections' events, plus changes to the settings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tui.model.events import (
    ListChanged,
    ResourceUpdated,
    ServerLog,
    ServerStateChanged,
    StderrLine,
    ToolsChanged,
    TrafficRecorded,
)
from tui.session.settings import ChangeKind

if TYPE_CHECKING:
    from tui.model.arguments import ArgumentError
    from tui.model.display_templates import CallPreview
    from tui.model.servers import ToolInfo
    from tui.safety.assessment import Assessment
    from tui.safety.decision import Decision
    from tui.safety.lint import LintWarning
    from tui.session.preflight import PreflightResult
    from tui.store.audit_record import AuditRecord


@dataclass(frozen=True)
class SettingsChanged:
    """A setting was saved and is in force (the next decision uses it); redraw what depends on it."""

    kind: ChangeKind


@dataclass(frozen=True)
class PolicyChanged:
    """A policy file changed on disk (another instance, a hand edit, the team's managed file) and the new
    policy is in force from the next decision on. ``changes``: what changed, one line each ("approval for
    add_note on demo revoked elsewhere")."""

    changes: tuple[str, ...]


@dataclass(frozen=True)
class RequestsWaiting:
    """How many requests from ``server`` (sampling, elicitation) wait behind the one shown, and how many
    were declined without asking because too many were open."""

    server: str
    waiting: int
    declined: int


@dataclass(frozen=True)
class RequestsDeclined:
    """``server`` has too many requests open: its next ones are declined at once, for ``reason``."""

    server: str
    reason: str


class PreflightState(StrEnum):
    PENDING = "pending"
    """A request about these arguments is scheduled or in flight; ``preflight`` is the last answer shown."""
    HELD = "held"
    """The arguments have errors: nothing is sent (rule 2), the static hints stand."""
    RESULT = "result"
    """Answered for these arguments: resolved, reused, or the tool does not resolve per call."""
    FAILED = "failed"
    """Resolution failed or timed out: the static hints stand, with the reason."""


@dataclass(frozen=True)
class ArgumentsEvaluated:
    """The arguments being edited for ``tool``, evaluated: all a front end shows of them, computed once.

    One per change of the arguments; when the change needs the server, one more once its answer comes
    (an answer for arguments edited since is dropped, never delivered)."""

    tool: ToolInfo
    arguments: dict[str, Any] | None
    """What would be sent; None while something does not parse."""
    errors: tuple[ArgumentError, ...]
    """What does not parse, then the schema's errors, each placed at its field (validated once)."""
    state: PreflightState
    preflight: PreflightResult | None
    """The preflight answer shown (None before the first); its ``changes`` as the assessment counts
    them, your override included."""
    assessment: Assessment
    """The hints, the grade and what changed from the static definition, for this call."""
    lint: tuple[LintWarning, ...]
    warnings: tuple[str, ...]
    """Every warning line: the preflight's own, then the lint's, each once."""
    preview: CallPreview | None = None
    """The server's one-line wording of these arguments (Display Templates), from the tool definition at
    hand; None while the arguments do not parse or when the tool declares no template that fits."""
    decision: Decision | None = None
    """What a call with these arguments would get under the policy in force now (before the call's own
    preflight of them); None while they do not parse."""


@dataclass(frozen=True)
class CallStarted:
    """A call to ``tool`` on ``server`` was asked for: the preflight, the decision and perhaps a question
    to the person follow (observers such as telemetry time the whole attempt from here)."""

    call_id: int
    server: str
    tool: str
    trace_context: tuple[tuple[str, str], ...] = ()
    """The caller's W3C trace context (``traceparent``, ``tracestate``) when an agent sent one through the
    gateway: the call's span continues the agent's trace."""


@dataclass(frozen=True)
class CallPreflighted:
    """A call's own preflight of its exact (frozen) arguments, the answer its decision and dialog are based
    on. The live evaluation of the same tool and arguments takes it as its answer, so the call panel shows
    what the dialog showed, also after a Cancel, when an unstable server answered the call differently."""

    tool: ToolInfo
    arguments: dict[str, Any]
    preflight: PreflightResult


@dataclass(frozen=True)
class CallFinished:
    """The attempt ``call_id`` is over and audited (sent or not): its audit record, the tool's resolution
    dialect and the decision. ``audit`` is None when it ended before a decision (an error, a tool the
    server no longer lists)."""

    call_id: int
    audit: AuditRecord | None
    dialect: str | None = None
    decision: Decision | None = None


@dataclass(frozen=True)
class TelemetryUndelivered:
    """Telemetry records were dropped or could not be delivered; ``line`` says how many so far."""

    line: str


SessionEvent = (
    ServerStateChanged
    | ToolsChanged
    | StderrLine
    | ServerLog
    | SettingsChanged
    | PolicyChanged
    | ResourceUpdated
    | ListChanged
    | TrafficRecorded
    | RequestsWaiting
    | RequestsDeclined
    | ArgumentsEvaluated
    | CallStarted
    | CallPreflighted
    | CallFinished
    | TelemetryUndelivered
)
