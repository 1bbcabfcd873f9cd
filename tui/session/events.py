"""What a front end hears from the session: the connections' events, plus changes to the settings."""

from __future__ import annotations

from dataclasses import dataclass

from tui.client.events import (
    ListChanged,
    ResourceUpdated,
    ServerLog,
    ServerStateChanged,
    StderrLine,
    ToolsChanged,
    TrafficRecorded,
)
from tui.session.settings import ChangeKind


@dataclass(frozen=True)
class SettingsChanged:
    """A setting was saved and is in force (the next decision uses it); redraw what depends on it."""

    kind: ChangeKind


SessionEvent = (
    ServerStateChanged
    | ToolsChanged
    | StderrLine
    | ServerLog
    | SettingsChanged
    | ResourceUpdated
    | ListChanged
    | TrafficRecorded
)
