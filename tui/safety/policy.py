"""The person's safety settings as the decision reads them: one object, owned by the settings service."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.overrides import Overrides


class TrustView(Mapping[str, Trust]):
    """Each server's trust read from the servers themselves (``Policy.trust``): one place holds it."""

    def __init__(self, servers: Callable[[], list[ServerConfig]]) -> None:
        self._servers = servers

    def __getitem__(self, name: str) -> Trust:
        for server in self._servers():
            if server.name == name:
                return server.trust
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter([server.name for server in self._servers()])

    def __len__(self) -> int:
        return len(self._servers())


@dataclass
class Policy:
    """Changed only by ``tui.session.settings.SettingsService``, in the same step that saves the change."""

    preferences: Preferences = field(default_factory=Preferences)
    rules: list[ToolRule] = field(default_factory=list)
    trust: Mapping[str, Trust] = field(default_factory=dict)
    """Each server's trust as it holds now (configured, or chosen for this session): read-only, a view
    of the settings service's servers, which are the one place trust is kept."""
    book: ApprovalBook = field(default_factory=ApprovalBook)
    overrides: Overrides = field(default_factory=Overrides)
