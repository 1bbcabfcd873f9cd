"""The person's safety settings as the decision reads them: one immutable snapshot of their files.

A ``Policy`` is built in one step from what config.toml says (preferences, rules) and what the approvals
file holds (remembered "always" approvals, annotation overrides), and is never changed afterwards: when
either file changes, the settings build a new one from the files and swap it in whole. Whoever read the
old snapshot keeps a consistent view of one moment; whoever asks again gets the new one.

What is not in a file is not here: this session's grants and approved retries live in the session's
``ApprovalBook``, and each server's trust in its ``ServerConfig`` (the session's one copy).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from tui.config.model import Preferences, ToolRule
from tui.config.policy_files import PolicyFile
from tui.safety.approvals import Approval
from tui.safety.enforced import Enforced

OverrideMap = Mapping[tuple[str, str], Mapping[str, bool]]


def _frozen_overrides(entries: Iterable[tuple[str, str, Mapping[str, bool]]]) -> OverrideMap:
    frozen = {(server, tool): MappingProxyType(dict(hints)) for server, tool, hints in entries}
    return MappingProxyType(frozen)


@dataclass(frozen=True)
class Policy:
    preferences: Preferences = field(default_factory=Preferences)
    rules: tuple[ToolRule, ...] = ()
    """Every tier's rules, managed first, then the project's, then the user's (each carries its tier)."""
    approvals: tuple[Approval, ...] = ()
    """The remembered "always" approvals, as the approvals file holds them."""
    overrides: OverrideMap = field(default_factory=lambda: _frozen_overrides(()))
    """(server name, tool name) -> your own hints for that tool (camelCase), from the approvals file."""
    tiers: tuple[PolicyFile, ...] = ()
    """The managed and project policy files as read (their documents kept, ``[telemetry]`` included)."""
    enforced: Enforced = field(default_factory=Enforced)
    """What those files enforce beyond rules: limits, trust pins, the server allow-list, a failed read."""

    def __post_init__(self) -> None:
        # Whatever sequence or mapping it was given, the snapshot keeps its own read-only copy.
        object.__setattr__(self, "rules", tuple(self.rules))
        object.__setattr__(self, "tiers", tuple(self.tiers))
        object.__setattr__(self, "approvals", tuple(self.approvals))
        entries = [(server, tool, hints) for (server, tool), hints in self.overrides.items()]
        object.__setattr__(self, "overrides", _frozen_overrides(entries))

    @classmethod
    def build(
        cls,
        *,
        preferences: Preferences,
        rules: Iterable[ToolRule],
        approvals: Iterable[Approval],
        overrides: Iterable[tuple[str, str, Mapping[str, bool]]],
        tiers: Iterable[PolicyFile] = (),
    ) -> Policy:
        """The one way a policy is made from the files' contents (``tui.session.settings.policy_of``)."""
        files = sorted(tiers, key=lambda file: file.tier != "managed")
        tier_rules = [rule for file in files for rule in file.rules]
        return cls(
            preferences,
            (*tier_rules, *rules),
            tuple(approvals),
            _frozen_overrides(overrides),
            tuple(files),
            Enforced.of(files),
        )

    @property
    def managed(self) -> tuple[PolicyFile, ...]:
        """The managed files read (the telemetry issue reads a managed ``[telemetry]`` from ``document``)."""
        return tuple(file for file in self.tiers if file.tier == "managed")

    def override(self, server: str, tool: str) -> dict[str, bool] | None:
        """Your override for this tool, ready for ``assess(..., override=...)``; None if none."""
        found = self.overrides.get((server, tool))
        return dict(found) if found else None

    def override_items(self) -> list[tuple[str, str, dict[str, bool]]]:
        """Every override, sorted by server and tool (what the preferences screen lists)."""
        return [(server, tool, dict(hints)) for (server, tool), hints in sorted(self.overrides.items())]
