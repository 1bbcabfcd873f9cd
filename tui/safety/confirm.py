"""What the core asks the person before a call, and what the person answers.

The call flow builds a ``ConfirmRequest`` and awaits the answer through a future carried by a UI message,
so the core never imports the UI.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tui.config.limits import ManagedLimits
from tui.config.model import Trust
from tui.model.agents import AgentInfo
from tui.model.display_templates import CallPreview
from tui.model.hints import Hints
from tui.safety.approvals import utc_now
from tui.safety.confirm_choice import REMEMBERED, ConfirmChoice
from tui.safety.decision import Decision
from tui.safety.effective import HintChange
from tui.safety.grade import Grade, GradeResult
from tui.safety.lint import LintWarning
from tui.safety.remember_offers import Offers, remember_offers

__all__ = ["REMEMBERED", "ConfirmChoice", "ConfirmRequest", "pretty_arguments"]


@dataclass(frozen=True)
class ConfirmRequest:
    server: str
    trust: Trust
    tool_name: str
    tool_title: str
    grade: GradeResult
    hints: Hints
    arguments_json: str
    """The arguments exactly as they will be sent (pretty JSON of the frozen copy)."""
    decision: Decision
    """Why the person is asked (e.g. always-confirm-destructive, a changed definition)."""
    resolution_changes: tuple[HintChange, ...] = ()
    """What resolution (or the user's override) changed from the static definition."""
    resolution_note: str | None = None
    """Where the hints come from when not plain static: resolved, resolve failed (and why), ..."""
    lint: tuple[LintWarning, ...] = ()
    definition_changes: tuple[str, ...] = field(default_factory=tuple)
    warnings: tuple[str, ...] = ()
    """Every preflight warning for this call (non-deterministic server, riskier or bound-breaking answer)."""
    static: Hints | None = None
    claimed: Hints | None = None
    """A bound-breaking resolution: the static and the claimed hints, shown side by side."""
    preview: CallPreview | None = None
    """The server's own one-line wording of the call (Display Templates): shown after the grade, the
    reasons and the exact arguments, never instead of them (a permission prompt shows what is sent)."""
    agent: AgentInfo | None = None
    """The agent that asked for the call through the gateway (its ``clientInfo``, not verified); None for
    a call the person made."""

    limits: ManagedLimits = field(default_factory=ManagedLimits)
    """The managed limits in force: which remembered choices are offered (``remember_offers``)."""
    asked_at: datetime | None = None
    """When the question was put (None: now); "for today" is measured from it."""

    @property
    def remembered(self) -> Offers:
        """The remembered choices offered ("always", exact arguments, durations) and why any is not."""
        return remember_offers(self.grade.grade, self.decision.rule, self.limits, self.asked_at or utc_now())

    @property
    def offers_always(self) -> bool:
        return ConfirmChoice.ALWAYS in self.remembered.choices

    @property
    def needs_typed_name(self) -> bool:
        return self.grade.grade is Grade.CRITICAL


def pretty_arguments(arguments: dict[str, Any]) -> str:
    return json.dumps(arguments, indent=2, ensure_ascii=False, sort_keys=False)
