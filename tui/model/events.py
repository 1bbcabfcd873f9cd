"""Events the connection manager emits. The UI turns each into a Textual message.

Questions to the person (answer this elicitation) carry an asyncio future the UI resolves, so the core
never imports the UI.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from tui.model.features import SamplingReply, SamplingRequest, TrafficRecord
from tui.model.servers import ServerState, ToolInfo


@dataclass(frozen=True)
class ServerStateChanged:
    state: ServerState


@dataclass(frozen=True)
class ToolsChanged:
    server: str
    tools: tuple[ToolInfo, ...]


@dataclass(frozen=True)
class StderrLine:
    server: str
    line: str


@dataclass(frozen=True)
class ServerLog:
    """A notifications/message log record from the server."""

    server: str
    level: str
    text: str


@dataclass(eq=False)
class ElicitationRequested:
    """The server asks the person something. Resolve ``answer`` with
    ``("accept", content_dict)``, ``("decline", None)`` or ``("cancel", None)``; ``reason`` may say why
    (for the audit log: an elicitation result has no field for it), ``answered_by`` who decided."""

    server: str
    message: str
    requested_schema: dict[str, Any]
    answer: asyncio.Future[tuple[str, dict[str, Any] | None]] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    reason: str | None = None
    answered_by: str = "person"
    """``person``, or ``mcp-tui`` when it was declined without asking anyone."""


@dataclass(frozen=True)
class ResourceUpdated:
    """notifications/resources/updated for a resource the person subscribed to."""

    server: str
    uri: str


@dataclass(frozen=True)
class ListChanged:
    """The server says its resources or prompts changed (notifications/.../list_changed): list again."""

    server: str
    what: str
    """``resources`` or ``prompts``."""


@dataclass(frozen=True)
class TrafficRecorded:
    """One JSON-RPC message in or out (its ``message`` is redacted when read)."""

    server: str
    record: TrafficRecord


@dataclass(eq=False)
class SamplingRequested:
    """The server asks the client's model to write a message; here the person writes it.

    Resolve ``answer`` with a ``SamplingReply``, or None to decline (``declined_reason`` says why, for the
    server and the audit log)."""

    server: str
    request: SamplingRequest
    answer: asyncio.Future[SamplingReply | None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    declined_reason: str | None = None
    answered_by: str = "person"
    """``person``, or ``mcp-tui`` when it was declined without asking anyone."""


ClientEvent = (
    ServerStateChanged
    | ToolsChanged
    | StderrLine
    | ServerLog
    | ElicitationRequested
    | SamplingRequested
    | ResourceUpdated
    | ListChanged
    | TrafficRecorded
)
