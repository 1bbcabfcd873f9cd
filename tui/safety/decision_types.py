"""What a decision is (``Decision``), what it reads (``Inputs``) and how one step of the order went for
a call (``Explained``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from tui.config.model import Preferences, ServerConfig, ToolRule
from tui.model.hints import Hints
from tui.safety.approvals import ApprovalBook
from tui.safety.decision_rules import PERSON_ONLY, Action, RuleId, Source
from tui.safety.enforced import Enforced
from tui.safety.grade import GradeResult
from tui.safety.lint import LintWarning
from tui.safety.tool_hash import DefinitionSnapshot


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str
    """One readable sentence, starting with Allowed / Asking / Denied, naming the rule that matched."""
    rule: str
    """A ``RuleId`` value: which step decided (for the audit log and for the dialog)."""
    changes: list[str] = field(default_factory=list)
    """For a changed definition: what changed, one line each (``describe_changes``)."""
    source: Source = field(default="default", compare=False)
    """Which tier decided: managed, project, user, approval, category or default."""
    file: str | None = field(default=None, compare=False)
    """The file of the rule that decided, when a rule did."""
    line: int | None = field(default=None, compare=False)
    step: int | None = field(default=None, compare=False)
    """The number of the step of ``ORDER`` that decided. These four are left out of equality: a decision
    is its action, reason and rule; where it came from is told with it."""
    basis: str | None = field(default=None, compare=False)
    """For a rule whose ``when`` looked at the call's assessment: what it was ("the server resolved this
    call to read-only"), for ``decision_line``."""

    @property
    def location(self) -> dict[str, Any] | None:
        return {"file": self.file, "line": self.line} if self.file else None

    def person_only(self) -> str | None:
        """Why no ``--approve-up-to`` may answer this ask (None: a plain ask it may answer)."""
        if self.action != "ask":
            return None
        try:
            return PERSON_ONLY.get(RuleId(self.rule))
        except ValueError:  # a rule id from elsewhere (an old audit record): not one of ours
            return None


@dataclass(frozen=True)
class Inputs:
    """Everything one decision reads, gathered once (``decide``'s keyword arguments)."""

    server: ServerConfig
    definition: DefinitionSnapshot
    hints: Hints
    arguments: Mapping[str, Any]
    book: ApprovalBook
    preferences: Preferences
    rules: Sequence[ToolRule]
    """Every tier's rules about this call whose ``when`` holds (``rules_that_hold``), in order."""
    grade: GradeResult
    lint: Sequence[LintWarning]
    enforced: Enforced
    now: datetime
    arguments_rejected: str | None


@dataclass(frozen=True)
class Explained:
    """One step of the order for this call: whether it matched, and what it found."""

    step: int
    summary: str
    matched: bool
    note: str
