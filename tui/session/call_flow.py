"""One call, end to end: freeze the arguments, preflight exactly them, decide, ask if needed, send, audit.

This is the only path by which mcp-tui sends tools/call, whichever front end asked. The person is asked
through ``confirm``, an awaitable the session provides (a question carrying a future that the attached
front end answers), so this module never imports a front end.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Protocol

from tui.config.model import ServerConfig, ToolRule
from tui.model.agents import AgentInfo
from tui.model.results import CallOutcome, CallStatus, Progress
from tui.model.servers import ToolInfo
from tui.safety.approvals import ApprovalBook
from tui.safety.assessment import Assessment
from tui.safety.confirm import REMEMBERED, ConfirmChoice, ConfirmRequest
from tui.safety.decision import Decision, Explained, decide, explain
from tui.safety.display_template import tool_preview
from tui.safety.lint import LintWarning
from tui.safety.policy import Policy
from tui.safety.tool_hash import DefinitionSnapshot
from tui.safety.tool_lint import lint_listed_tool
from tui.session.call_outcomes import audit_outcome_of_unsent, cancelled_while_running, not_sent, refused
from tui.session.call_records import CallRecord, Evaluation
from tui.session.events import CallFinished, CallPreflighted, CallStarted
from tui.session.preflight import PreflightEngine, PreflightResult, PreflightStatus
from tui.store.audit_record import Outcome, make_record, outcome_fields
from tui.store.audit_writer import AuditWriter

Confirm = Callable[[ConfirmRequest], Awaitable[ConfirmChoice]]
Assess = Callable[[ToolInfo, PreflightResult | None], Assessment]
Remember = Callable[
    [ConfirmChoice, ServerConfig, DefinitionSnapshot, Assessment, dict[str, Any]], tuple[str, ...]
]

__all__ = ["CallFlow", "CallRecord", "Confirm", "Evaluation", "Policy", "cancelled_while_running"]


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


class CallFlow:
    def __init__(
        self,
        target: CallTarget,
        engine: PreflightEngine,
        policy: Policy | Callable[[], Policy],
        *,
        refresh: Callable[[], list[str]] = list,
        assess: Assess,
        audit: AuditWriter,
        confirm: Confirm,
        remember: Remember,
        book: ApprovalBook | None = None,
        interface: str = "tui",
        publish: Callable[[CallStarted | CallPreflighted | CallFinished], None] | None = None,
    ) -> None:
        """``policy``: the snapshot in force, asked for at each decision (the settings swap it whole when
        a file changes); a fixed ``Policy`` never changes. ``book``: this session's approvals over the
        policy's (by default, the policy's alone). ``target.config`` gives each server's config as it
        holds now, trust included: the session's one copy. ``publish`` tells observers (telemetry) when
        each attempt starts and how it ended, and the live evaluation which answer the call got."""
        self.target = target
        self.engine = engine
        self._policy = (lambda: policy) if isinstance(policy, Policy) else policy
        self.book = book if book is not None else ApprovalBook(on_file=lambda: self.policy.approvals)
        self.assess = assess
        self.audit = audit
        self.confirm = confirm
        self.remember = remember
        self.interface = interface
        self._publish = publish or (lambda event: None)
        self._call_ids = itertools.count(1)
        self._open: set[int] = set()  # attempts started and not yet audited
        self.refresh = refresh
        """Re-reads the policy files that changed on disk; what changed, in words (``SettingsService``)."""

    @property
    def policy(self) -> Policy:
        return self._policy()

    async def evaluate(self, tool: ToolInfo, arguments: dict[str, Any]) -> Evaluation:
        """Preflight exactly these arguments (always asking the server again, rule 6) and decide.

        Nothing is asked, sent or written: ``mcp-tui resolve`` shows this, and ``run`` acts on it.
        """
        # A frozen copy: whatever the form does from now on, exactly these arguments are judged and sent.
        frozen: dict[str, Any] = json.loads(json.dumps(arguments))
        preflight = await self.engine.preflight(tool, frozen, fresh=tool.resolve_method is not None)
        self.refresh()  # the files as they are now: a change made elsewhere holds for this decision
        assessment = self.assess(tool, preflight)
        definition = DefinitionSnapshot.from_tool(tool)
        lint = lint_for_call(tool, preflight)
        return self._decided(tool, frozen, definition, preflight, assessment, lint)

    def preview_decision(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        preflight: PreflightResult,
        assessment: Assessment,
        lint: tuple[LintWarning, ...],
        extra_rules: Sequence[ToolRule] = (),
    ) -> Decision:
        """The decision a call with these arguments would get, from the live preflight's answer: what the
        call panel shows before the call (the call itself preflights its frozen arguments again).
        ``extra_rules``: rules not in any file yet (the rules editor's draft), each among its tier's, or in
        place of the rule at the same file and line (a loaded rule being edited)."""
        definition = DefinitionSnapshot.from_tool(tool)
        if not extra_rules:
            return self._decided(tool, arguments, definition, preflight, assessment, lint).decision
        server = self.target.config(tool.server)
        inputs = self._decision_inputs(server, arguments, definition, preflight, assessment, lint)
        order = {"managed": 0, "project": 1, "user": 2}
        replacing = {(rule.file, rule.line): rule for rule in extra_rules}
        kept = [replacing.pop((rule.file, rule.line), rule) for rule in inputs["rules"]]
        added = [rule for rule in extra_rules if (rule.file, rule.line) in replacing]
        inputs["rules"] = sorted((*kept, *added), key=lambda rule: order[rule.tier])
        return decide(**inputs)

    def _decided(
        self,
        tool: ToolInfo,
        frozen: dict[str, Any],
        definition: DefinitionSnapshot,
        preflight: PreflightResult,
        assessment: Assessment,
        lint: tuple[LintWarning, ...],
    ) -> Evaluation:
        """The decision on this call under the policy and the server config in force now."""
        server = self.target.config(tool.server)
        inputs = self._decision_inputs(server, frozen, definition, preflight, assessment, lint)
        decision = decide(**inputs)
        preview = tool_preview(tool, frozen)  # from the definition at hand: never one cached across a listing
        return Evaluation(tool, frozen, server, definition, preflight, assessment, decision, lint, preview)

    async def explain(self, tool: ToolInfo, arguments: dict[str, Any]) -> tuple[Evaluation, list[Explained]]:
        """``evaluate``, plus every step of the order with match or no match (``mcp-tui policy explain``)."""
        evaluation = await self.evaluate(tool, arguments)
        e = evaluation
        inputs = self._decision_inputs(e.server, e.arguments, e.definition, e.preflight, e.assessment, e.lint)
        _, steps = explain(**inputs)
        return evaluation, steps

    def _decision_inputs(
        self,
        server: ServerConfig,
        frozen: dict[str, Any],
        definition: DefinitionSnapshot,
        preflight: PreflightResult,
        assessment: Assessment,
        lint: tuple[LintWarning, ...],
    ) -> dict[str, Any]:
        """``decide``'s keyword arguments for this call: one place, so explain and decide never differ."""
        policy = self.policy
        return {
            "server": server,
            "definition": definition,
            "hints": assessment.hints,
            "arguments": frozen,
            "book": self.book,
            "preferences": policy.preferences,
            "rules": policy.rules,
            "grade": assessment.grade,
            "lint": lint,
            "resolution_broken": preflight.extension_failure,
            "arguments_rejected": preflight.call_blocked_reason,
            "enforced": policy.enforced,
            "now": datetime.now(UTC),
        }

    def _recheck(self, evaluation: Evaluation) -> Evaluation | None:
        """Right before sending: when a policy file changed since the decision, the decision again under
        the new one (same preflight); None when nothing changed."""
        if not self.refresh():
            return None
        e = evaluation
        return self._decided(e.tool, e.arguments, e.definition, e.preflight, e.assessment, e.lint)

    async def run(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        on_progress: Callable[[Progress], None] | None = None,
        on_send: Callable[[], Awaitable[None]] | None = None,
        agent: AgentInfo | None = None,
        trace_context: tuple[tuple[str, str], ...] = (),
    ) -> CallRecord:
        """Decide on the call and, when allowed, send it; ``on_send`` runs just before tools/call goes out.

        ``agent``: who asked for the call through the gateway; its audit record names it.
        ``trace_context``: the agent's W3C trace context, which the call's span continues."""
        call_id = next(self._call_ids)
        self._publish(CallStarted(call_id, tool.server, tool.name, trace_context))
        finished = False
        try:
            record = await self._attempt(call_id, tool, arguments, on_progress, on_send, agent)
            finished = True
            return record
        finally:
            if not finished and call_id in self._open:
                self._open.discard(call_id)
                self._publish(CallFinished(call_id, None))

    async def _attempt(
        self,
        call_id: int,
        tool: ToolInfo,
        arguments: dict[str, Any],
        on_progress: Callable[[Progress], None] | None,
        on_send: Callable[[], Awaitable[None]] | None,
        agent: AgentInfo | None,
    ) -> CallRecord:
        self._open.add(call_id)
        evaluation = await self.evaluate(tool, arguments)
        # Before any dialog: the panel shows the answer the dialog is based on (an unstable server may
        # answer the call differently from the live preflight), and keeps it after a Cancel.
        self._publish(CallPreflighted(tool, evaluation.arguments, evaluation.preflight))
        decision = evaluation.decision
        decided = datetime.now(UTC)
        choice: ConfirmChoice | None = None
        notes: tuple[str, ...] = ()
        if decision.action == "ask":
            try:
                request = evaluation.confirm_request(self.policy.enforced.limits, agent=agent)
                choice = await self.confirm(request)
            except asyncio.CancelledError:
                # Interrupted while the person was being asked (Ctrl+C at a prompt, the app closing):
                # nothing was sent, and the audit log still says so. The interruption decided it.
                unsent = CallRecord(
                    evaluation, ConfirmChoice.CANCEL, not_sent(), datetime.now(UTC), agent=agent
                )
                interrupted = "Interrupted before you answered; nothing was sent."
                self._finish(call_id, unsent, CallOutcome(CallStatus.DENIED, error=interrupted))
                raise
            decided = datetime.now(UTC)  # the person's answer decided it, however long they took
            notes = self._remember(choice, request, evaluation)

        record = CallRecord(evaluation, choice, not_sent(), decided, notes, agent)
        if decision.action == "deny":
            return self._finish(call_id, record, CallOutcome(CallStatus.DENIED, error=decision.reason))
        if choice is ConfirmChoice.CANCEL:
            cancelled = CallOutcome(CallStatus.DENIED, error="You cancelled the call; nothing was sent.")
            return self._finish(call_id, record, cancelled)
        if choice is ConfirmChoice.UNANSWERED:
            unanswered = CallOutcome(
                CallStatus.DENIED,
                error=f"Not sent: the call needs approval and no one could be asked ({decision.reason}).",
            )
            return self._finish(call_id, record, unanswered)

        recheck = self._recheck(evaluation)
        if (
            recheck is not None
            and recheck.decision.action != "allow"
            and (recheck.decision.action == "deny" or choice is None)
        ):
            # Changed elsewhere while this call was being decided: the new policy holds for it.
            record = replace(record, evaluation=recheck)
            if recheck.decision.action == "deny":
                return self._finish(
                    call_id, record, CallOutcome(CallStatus.DENIED, error=recheck.decision.reason)
                )
            request = recheck.confirm_request(self.policy.enforced.limits, agent=agent)
            choice = await self.confirm(request)
            notes = self._remember(choice, request, recheck)
            record = replace(record, choice=choice, decided_at=datetime.now(UTC), notes=notes)
            if choice in (ConfirmChoice.CANCEL, ConfirmChoice.UNANSWERED):
                return self._finish(call_id, record, refused(choice, recheck.decision.reason))
            evaluation = recheck
        frozen = evaluation.arguments
        server = evaluation.server
        self.book.note_approved_call(
            server.identity, tool.name, evaluation.definition.hash, frozen, evaluation.assessment.hints
        )
        if on_send is not None:
            await on_send()
        # A call cancelled while it runs lasts from here, as a finished one does (timed by call_tool):
        # the time the person spent deciding is not part of it.
        sent = time.monotonic()
        try:
            outcome = await self.target.call_tool(tool.server, tool.name, frozen, on_progress=on_progress)
        except asyncio.CancelledError:
            self._finish(call_id, record, cancelled_while_running(time.monotonic() - sent))
            raise
        return self._finish(call_id, record, outcome)

    def _remember(
        self, choice: ConfirmChoice, request: ConfirmRequest, evaluation: Evaluation
    ) -> tuple[str, ...]:
        """Remember what the person chose, if the question offered it (a front end that offers more than
        the managed policy allows gets a once, and a note saying so)."""
        if choice in REMEMBERED and choice not in request.remembered.choices:
            why = "; ".join(request.remembered.withheld) or "that choice was not offered for this call"
            return (f"Allowed once, not remembered: {why}",)
        e = evaluation
        return self.remember(choice, e.server, e.definition, e.assessment, e.arguments)

    def _finish(self, call_id: int, record: CallRecord, outcome: CallOutcome) -> CallRecord:
        record = replace(record, outcome=outcome)
        status, duration_ms, error = audited_outcome(record)
        evaluation = record.evaluation
        audit = make_record(
            server=record.tool.server,
            tool=record.tool.name,
            definition_hash=evaluation.definition.hash,
            arguments=record.arguments,
            hints=evaluation.assessment.hints,
            grade=evaluation.assessment.grade.grade.label,
            decision=record.decision.action,
            reason=record.decision.reason,
            rule=record.decision.rule,
            outcome=status,
            duration_ms=duration_ms,
            error=error,
            changes=record.decision.changes or None,
            choice=record.choice.value if record.choice else None,
            interface=self.interface,
            agent=record.agent.record() if record.agent is not None else None,
            preview=evaluation.preview,
            redact=self.policy.preferences.redact_arguments_in_audit,
            now=record.decided_at,
        )
        self.audit.append(audit)
        self._open.discard(call_id)
        self._publish(CallFinished(call_id, audit, record.tool.dialect, record.decision))
        return record


def audited_outcome(record: CallRecord) -> tuple[Outcome, int | None, str | None]:
    """(outcome, duration_ms, error) of a finished call as its audit record says them (``call --json`` too):
    a call that was not sent has no duration, and what the person chose names its outcome."""
    status, sent_ms, error = outcome_fields(record.outcome)
    if record.outcome.status is CallStatus.DENIED:
        return audit_outcome_of_unsent(record.choice), None, error
    return status, sent_ms, error


def lint_for_call(tool: ToolInfo, preflight: PreflightResult) -> tuple[LintWarning, ...]:
    """The tool's lint warnings, with the resolve result for these arguments when there is one."""
    resolved = preflight.resolved_annotations if preflight.status is PreflightStatus.RESOLVED else None
    return tuple(lint_listed_tool(tool, resolved))
