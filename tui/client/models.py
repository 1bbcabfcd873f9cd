"""What the client layer hands to the rest of the app: plain data, no mcp SDK types.

Importing this module must stay cheap (no mcp import): the UI uses it before the SDK has loaded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

ResolveMethod = Literal["tools/resolve", "tools/annotations"]


@dataclass(frozen=True)
class ToolInfo:
    """One entry of tools/list, as the server sent it (wire names, camelCase annotations)."""

    server: str
    name: str
    title: str | None
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None
    annotations: dict[str, Any] | None
    """The tool's static annotations as sent (camelCase keys), or None when absent."""
    resolve_method: ResolveMethod | None = None
    """How this tool can be resolved per call, from the tool's own flags and the server capability."""
    raw: dict[str, Any] = field(default_factory=dict, compare=False)
    """The complete wire dict, extra fields included."""

    @property
    def display_title(self) -> str:
        annotated_title = (self.annotations or {}).get("title")
        return self.title or (annotated_title if isinstance(annotated_title, str) else None) or self.name

    @property
    def key(self) -> tuple[str, str]:
        return (self.server, self.name)


class ConnectionStatus(StrEnum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    FAILED = "failed"
    DISCONNECTED = "disconnected"
    NEEDS_SIGN_IN = "needs sign-in"
    """The server asks for sign-in (OAuth) and there is no usable stored sign-in; ``error`` says why."""


@dataclass(frozen=True)
class ServerState:
    name: str
    status: ConnectionStatus
    error: str | None = None
    server_name: str | None = None
    server_version: str | None = None
    protocol_version: str | None = None
    instructions: str | None = None
    resolve_capability: ResolveMethod | None = None
    """The preferred draft resolve method the server's capabilities declare, if any."""
    tool_count: int = 0


# ---- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextBlock:
    text: str
    kind: Literal["text"] = "text"


@dataclass(frozen=True)
class BinaryBlock:
    """An image or audio block; ``data`` is decoded from base64 (empty if it would not decode)."""

    kind: Literal["image", "audio"]
    mime_type: str
    data: bytes
    decode_error: str | None = None


@dataclass(frozen=True)
class ResourceLinkBlock:
    uri: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = None
    size: int | None = None
    kind: Literal["resource_link"] = "resource_link"


@dataclass(frozen=True)
class EmbeddedResourceBlock:
    uri: str
    mime_type: str | None
    text: str | None = None
    blob: bytes | None = None
    kind: Literal["resource"] = "resource"


@dataclass(frozen=True)
class UnknownBlock:
    """A content block of a type this client does not know; shown as its JSON."""

    type: str
    raw: dict[str, Any]
    kind: Literal["unknown"] = "unknown"


ContentBlock = TextBlock | BinaryBlock | ResourceLinkBlock | EmbeddedResourceBlock | UnknownBlock


class CallStatus(StrEnum):
    OK = "ok"  # the server answered with a result (which may still be isError)
    ERROR = "error"  # a protocol error, a transport failure, a crash, a malformed result
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"
    DENIED = "denied"  # the decision step refused it; nothing was sent


@dataclass(frozen=True)
class CallOutcome:
    status: CallStatus
    content: tuple[ContentBlock, ...] = ()
    structured: Any = None
    is_error: bool = False
    """The server's isError flag: the tool ran and reported a failure."""
    error: str | None = None
    """For ERROR / TIMEOUT / CANCELLED / DENIED: a readable explanation."""
    error_code: int | None = None
    duration_s: float = 0.0
    truncated: bool = False
    """True when the result was too large and was cut for display."""

    @property
    def ok(self) -> bool:
        return self.status is CallStatus.OK and not self.is_error


@dataclass(frozen=True)
class Progress:
    progress: float
    total: float | None
    message: str | None


@dataclass(frozen=True)
class ResolveOutcome:
    """The answer of one tools/resolve or tools/annotations request."""

    annotations: dict[str, Any] | None
    """The resolved annotations (camelCase) when the server answered well-formed, else None."""
    method: ResolveMethod
    error: str | None = None
    error_code: int | None = None
    timed_out: bool = False
    tool: dict[str, Any] | None = None
    """tools/resolve only: the full tool the server returned."""
    elapsed_s: float = 0.0
