"""What a call or a resolve returned: plain data, no mcp SDK types.

Kept apart from ``servers`` (tools and server states), which the first frame imports: nothing here is
needed before a tool is called or resolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal

from tui.model.servers import ResolveMethod


@dataclass(frozen=True)
class ContentAnnotations:
    """A content block's annotations (spec ``Annotations``): hints on who it is for and how it matters."""

    audience: tuple[str, ...] = ()
    """Who the block is meant for: "user", "assistant" or both (empty: not said)."""
    priority: float | None = None
    """How important it is, 0 (entirely optional) to 1 (effectively required)."""
    last_modified: str | None = None
    """When what it shows last changed (ISO 8601, as the server sent it)."""


@dataclass(frozen=True)
class TextBlock:
    text: str
    kind: Literal["text"] = "text"
    annotations: ContentAnnotations | None = None
    display_text: str | None = None
    """The server's summary of this block for a person (Display Templates, ``_meta``), as sent."""


@dataclass(frozen=True)
class BinaryBlock:
    """An image or audio block; ``data`` is decoded from base64 (empty if it would not decode)."""

    kind: Literal["image", "audio"]
    mime_type: str
    data: bytes
    decode_error: str | None = None
    annotations: ContentAnnotations | None = None
    display_text: str | None = None
    """The server's summary of this block for a person (Display Templates, ``_meta``), as sent."""


@dataclass(frozen=True)
class ResourceLinkBlock:
    uri: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = None
    size: int | None = None
    kind: Literal["resource_link"] = "resource_link"
    annotations: ContentAnnotations | None = None
    display_text: str | None = None
    """The server's summary of this block for a person (Display Templates, ``_meta``), as sent."""


@dataclass(frozen=True)
class EmbeddedResourceBlock:
    uri: str
    mime_type: str | None
    text: str | None = None
    blob: bytes | None = None
    decode_error: str | None = None
    """Why ``blob`` is empty: the server's blob was not base64."""
    kind: Literal["resource"] = "resource"
    annotations: ContentAnnotations | None = None
    display_text: str | None = None
    """The server's summary of this block for a person (Display Templates, ``_meta``), as sent."""


@dataclass(frozen=True)
class UnknownBlock:
    """A content block of a type this client does not know; shown as its JSON."""

    type: str
    raw: dict[str, Any]
    kind: Literal["unknown"] = "unknown"
    annotations: ContentAnnotations | None = None
    display_text: str | None = None
    """The server's summary of this block for a person (Display Templates, ``_meta``), as sent."""


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
    """The code of the server's error answer; None when the server did not answer with a valid error."""
    connection_lost: bool = False
    """ERROR only: the connection ended during the call (not an answer from the server)."""
    duration_s: float = 0.0
    raw: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    """The CallToolResult exactly as the server sent it (wire dict), for ``mcp-tui call --json``."""

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
    broke_extension: bool = False
    """The resolution rules were broken (extension: malformed result, name mismatch; SEP-1862: another name
    or input schema than the listed tool's): never approve without asking."""
    meta: dict[str, Any] | None = None
    """Extension only: the result's ``_meta`` (kept as data; unknown keys are ignored)."""
