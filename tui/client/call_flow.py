"""One call, end to end: freeze the arguments, preflight exactly them, decide, ask if needed, send, audit.

This is the only path by which the app sends tools/call. The person is asked through ``confirm``, an
awaitable the UI provides (it resolves a future carried by a message), so this module never imports the UI.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from tui.client.models import CallOutcome, CallStatus, Progress, ToolInfo
from tui.client.preflight import PreflightEngine, PreflightResult, PreflightStatus
from tui.config.approvals_store import ApprovalsStore
from tui.config.audit import AuditLog, make_record, outcome_fields
from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.confirm import ConfirmChoice, ConfirmRequest, pretty_arguments
from tui.safety.decision import Decision, RuleId, decide
from tui.safety.effective import hint_changes
from tui.safety.grade import GradeResult, grade_hints
from tui.safety.hints import Hints, Provenance
from tui.safety.lint import lint_tool
from tui.safety.overrides import Overrides
from tui.safety.tool_hash import DefinitionSnapshot

Confirm = Callable[[ConfirmRequest], Awaitable[ConfirmChoice]]


class CallTarget(Protocol):
    """What the flow needs from the connection manager."""

    def config(self, name: str) -> ServerConfig: ...

    async def call_tool(
        self,
        server: str,
        tool: str,
        arguments: dict[str, Any],
        *,
        on_progress: Callable[[Progress], None] | None = None,
    ) -> CallOutcome: ...


@dataclass
class Policy:
    """The person's current safety settings; the preferences screen edits it in place."""

    preferences: Preferences = field(default_factory=Preferences)
    rules: list[ToolRule] = field(default_factory=list)
    trust: dict[str, Trust] = field(default_factory=dict)
    """Trust chosen in the app this session, overriding the server's configured trust."""
    book: ApprovalBook = field(default_factory=ApprovalBook)
    overrides: Overrides = field(default_factory=Overrides)


@dataclass(frozen=True)
class CallRecord:
    """Everything about one call attempt: what the history and the result view show."""

    tool: ToolInfo
    arguments: dict[str, Any]
    preflight: PreflightResult
    hints: Hints
    grade: GradeResult
    decision: Decision
    choice: ConfirmChoice | None
    outcome: CallOutcome
    started_at: float
    notes: tuple[str, ...] = ()
    """Things the person should know that are not the call's result (an approval that was not saved)."""


class CallFlow:
    def __init__(
        self,
        target: CallTarget,
        engine: PreflightEngine,
        policy: Policy,
        *,
        audit: AuditLog,
        store: ApprovalsStore,
        confirm: Confirm,
    ) -> None:
        self.target = target
        self.engine = engine
        self.policy = policy
        self.audit = audit
        self.store = store
        self.confirm = confirm

    def server_config(self, name: str) -> ServerConfig:
        config = self.target.config(name)
        trust = self.policy.trust.get(name)
        return replace(config, trust=trust) if trust is not None else config

    def hints_for(self, tool: ToolInfo, preflight: PreflightResult) -> Hints:
        """The preflight's hints with the person's own override on top."""
        override = self.policy.overrides.get(tool.server, tool.name)
        return preflight.effective.overlay(override, Provenance.OVERRIDE)

    async def run(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        on_progress: Callable[[Progress], None] | None = None,
        on_send: Callable[[], Awaitable[None]] | None = None,
    ) -> CallRecord:
        """Decide on the call and, when allowed, send it; ``on_send`` runs just before tools/call goes out."""
        started = time.time()
        # A frozen copy: whatever the form does from now on, exactly these arguments are judged and sent.
        frozen: dict[str, Any] = json.loads(json.dumps(arguments))
        preflight = await self.engine.preflight(tool, frozen, fresh=tool.resolve_method is not None)
        blocked = preflight.call_blocked_reason
        hints = self.hints_for(tool, preflight)
        grade = grade_hints(hints)
        server = self.server_config(tool.server)
        definition = DefinitionSnapshot.from_tool(tool)
        decision = decide(
            server=server,
            definition=definition,
            hints=hints,
            arguments=frozen,
            book=self.policy.book,
            preferences=self.policy.preferences,
            rules=self.policy.rules,
            grade=grade,
            resolution_broken=preflight.extension_failure,
        )
        if blocked is not None:  # extension -32602: these arguments may not go out at all
            decision = Decision("deny", f"Denied: {blocked}", RuleId.INVALID_ARGUMENTS)
        choice: ConfirmChoice | None = None
        notes: tuple[str, ...] = ()
        if decision.action == "ask":
            request = self._confirm_request(tool, server, frozen, preflight, hints, grade, decision)
            choice = await self.confirm(request)
            notes = self._remember(choice, server, definition, grade)

        record = CallRecord(
            tool, frozen, preflight, hints, grade, decision, choice, _not_sent(), started, notes
        )
        if decision.action == "deny":
            return self._finish(record, CallOutcome(CallStatus.DENIED, error=decision.reason))
        if choice is ConfirmChoice.CANCEL:
            cancelled = CallOutcome(CallStatus.DENIED, error="You cancelled the call; nothing was sent.")
            return self._finish(record, cancelled)

        self.policy.book.note_approved_call(server.identity, tool.name, definition.hash, frozen, hints)
        if on_send is not None:
            await on_send()
        try:
            outcome = await self.target.call_tool(tool.server, tool.name, frozen, on_progress=on_progress)
        except asyncio.CancelledError:
            elapsed = time.time() - started
            message = "Cancelled; the server was told to stop."
            self._finish(record, CallOutcome(CallStatus.CANCELLED, error=message, duration_s=elapsed))
            raise
        return self._finish(record, outcome)

    def _confirm_request(
        self,
        tool: ToolInfo,
        server: ServerConfig,
        arguments: dict[str, Any],
        preflight: PreflightResult,
        hints: Hints,
        grade: GradeResult,
        decision: Decision,
    ) -> ConfirmRequest:
        note = None if preflight.status is PreflightStatus.NOT_RESOLVABLE else preflight.summary
        resolved = preflight.resolved_annotations if preflight.status is PreflightStatus.RESOLVED else None
        return ConfirmRequest(
            server=server.name,
            trust=server.trust,
            tool_name=tool.name,
            tool_title=tool.display_title,
            grade=grade,
            hints=hints,
            arguments_json=pretty_arguments(arguments),
            decision=decision,
            resolution_changes=tuple(hint_changes(preflight.static, hints)),
            resolution_note=note,
            lint=tuple(lint_tool(tool.name, tool.annotations, resolved)),
            definition_changes=tuple(decision.changes),
            warnings=preflight.warnings,
            claimed=preflight.claimed,
            static=preflight.static if preflight.claimed is not None else None,
        )

    def _remember(
        self, choice: ConfirmChoice, server: ServerConfig, definition: DefinitionSnapshot, grade: GradeResult
    ) -> tuple[str, ...]:
        """Record a session or always approval; a note when an "always" could not be saved to disk."""
        if choice is ConfirmChoice.SESSION:
            self.policy.book.grant(server.identity, server.name, definition, grade.grade, "session")
        if choice is not ConfirmChoice.ALWAYS:
            return ()
        self.policy.book.grant(server.identity, server.name, definition, grade.grade, "always")
        try:
            saved = self.store.save(self.policy.book.all(), self.policy.overrides)
        except OSError as error:
            return (f"The approval holds for this session but was not saved: {error}",)
        if saved == "refused":
            problem = self.store.problem
            return (f"The approval holds for this session but was not saved, because {problem}",)
        return ()

    def _finish(self, record: CallRecord, outcome: CallOutcome) -> CallRecord:
        record = replace(record, outcome=outcome)
        status, sent_ms, error = outcome_fields(outcome)
        duration_ms: int | None = sent_ms
        if outcome.status is CallStatus.DENIED:
            status = "cancelled" if record.choice is ConfirmChoice.CANCEL else "denied"
            duration_ms = None
        self.audit.append(
            make_record(
                server=record.tool.server,
                tool=record.tool.name,
                definition_hash=DefinitionSnapshot.from_tool(record.tool).hash,
                arguments=record.arguments,
                hints=record.hints,
                grade=record.grade.grade.label,
                decision=record.decision.action,
                reason=record.decision.reason,
                rule=record.decision.rule,
                outcome=status,
                duration_ms=duration_ms,
                error=error,
                changes=record.decision.changes or None,
                choice=record.choice.value if record.choice else None,
                redact=self.policy.preferences.redact_arguments_in_audit,
            )
        )
        return record


def _not_sent() -> CallOutcome:
    return CallOutcome(CallStatus.DENIED, error="not sent")
