"""What a front end hears from the session: the connections' events, plus changes to the settings."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class SettingsChanged:
    """A setting was saved and is in force (the next decision uses it); redraw what depends on it."""

    kind: ChangeKind


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


SessionEvent = (
    ServerStateChanged
    | ToolsChanged
    | StderrLine
    | ServerLog
    | SettingsChanged
    | ResourceUpdated
    | ListChanged
    | TrafficRecorded
    | RequestsWaiting
    | RequestsDeclined
)
