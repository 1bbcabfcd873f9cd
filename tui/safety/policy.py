"""The person's safety settings as the decision reads them: one object, owned by the settings service."""

from __future__ import annotations

from dataclasses import dataclass, field

from tui.config.model import Preferences, ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.overrides import Overrides


@dataclass
class Policy:
    """Changed only by ``tui.session.settings.SettingsService``, in the same step that saves the change."""

    preferences: Preferences = field(default_factory=Preferences)
    rules: list[ToolRule] = field(default_factory=list)
    trust: dict[str, Trust] = field(default_factory=dict)
    """Each server's trust as it holds now (configured, or chosen for this session)."""
    book: ApprovalBook = field(default_factory=ApprovalBook)
    overrides: Overrides = field(default_factory=Overrides)
