"""What one call with exact arguments would get (``Evaluation``) and what became of it (``CallRecord``).

The values the call flow (``call_flow.py``) produces and every front end reads: the history, the result
view, the CLI's records, saved-call verdicts and the gateway.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tui.config.limits import ManagedLimits
from tui.config.model import ServerConfig
from tui.model.agents import AgentInfo
from tui.model.display_templates import CallPreview
from tui.model.results import CallOutcome
from tui.model.servers import ToolInfo
from tui.safety.assessment import Assessment
from tui.safety.confirm import ConfirmChoice, ConfirmRequest, pretty_arguments
from tui.safety.decision import Decision
from tui.safety.lint import LintWarning
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.preflight import PreflightResult, PreflightStatus


@dataclass(frozen=True)
class Evaluation:
    """What a call with these exact arguments would get, before anything is asked or sent."""

    tool: ToolInfo
    arguments: dict[str, Any]
    """A frozen copy: exactly what would be sent."""
    server: ServerConfig
    """The server's configuration with the trust that holds now."""
    definition: DefinitionSnapshot
    preflight: PreflightResult
    assessment: Assessment
    decision: Decision
    lint: tuple[LintWarning, ...] = ()
    """What the app itself finds suspicious about the tool (it keeps category preferences from applying)."""
    preview: CallPreview | None = None
    """The server's one-line wording of this call (Display Templates), when its definition has one."""

    def confirm_request(
        self, limits: ManagedLimits | None = None, *, agent: AgentInfo | None = None
    ) -> ConfirmRequest:
        """The question for the person when the decision is ``ask``; ``limits``: the managed limits in
        force, which rule out some remembered choices; ``agent``: who asked for the call through the
        gateway."""
        preflight, assessment = self.preflight, self.assessment
        note = None if preflight.status is PreflightStatus.NOT_RESOLVABLE else preflight.summary
        return ConfirmRequest(
            server=self.server.name,
            trust=self.server.trust,
            tool_name=self.tool.name,
            tool_title=self.tool.display_title,
            grade=assessment.grade,
            hints=assessment.hints,
            arguments_json=pretty_arguments(self.arguments),
            decision=self.decision,
            resolution_changes=assessment.changes,
            resolution_note=note,
            lint=self.lint,
            definition_changes=tuple(self.decision.changes),
            warnings=preflight.warnings,
            claimed=preflight.claimed,
            static=preflight.static if preflight.claimed is not None else None,
            preview=self.preview,
            agent=agent,
            limits=limits or ManagedLimits(),
            asked_at=datetime.now(UTC),
        )


@dataclass(frozen=True)
class CallRecord:
    """Everything about one call attempt: what the history, the result view and the CLI show."""

    evaluation: Evaluation
    choice: ConfirmChoice | None
    outcome: CallOutcome
    decided_at: datetime
    """When the attempt was decided (UTC): the policy's decision, or the person's answer when asked.

    The audit record's ``time``; not when the call finished (``duration_ms`` says how long it ran).
    """
    notes: tuple[str, ...] = ()
    """Things the person should know that are not the call's result (an approval that was not saved)."""
    agent: AgentInfo | None = None
    """The agent that made the call through the gateway (None for a person's own call)."""

    @property
    def tool(self) -> ToolInfo:
        return self.evaluation.tool

    @property
    def arguments(self) -> dict[str, Any]:
        return self.evaluation.arguments

    @property
    def decision(self) -> Decision:
        return self.evaluation.decision

    @property
    def assessment(self) -> Assessment:
        return self.evaluation.assessment

    @property
    def preflight(self) -> PreflightResult:
        return self.evaluation.preflight
