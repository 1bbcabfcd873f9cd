"""Plain data for everything around tools: resources, prompts, completions, sampling, traffic.

Like ``servers.py`` this never imports the SDK, so the UI can use it before the SDK has loaded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from tui.model.json_size import compact_size
from tui.model.redact import redact
from tui.model.results import ContentBlock
from tui.model.servers import Failure


class FeatureError(Exception):
    """A request about resources, prompts, completions or the log level failed; the text says why, and
    ``failure`` how (a server that offers no such thing refused it)."""

    def __init__(self, message: str, failure: Failure = Failure.REFUSED) -> None:
        super().__init__(message)
        self.failure = failure


@dataclass(frozen=True)
class ResourceInfo:
    """One entry of resources/list, as sent."""

    uri: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = None
    size: int | None = None


@dataclass(frozen=True)
class TemplateInfo:
    """One entry of resources/templates/list: a URI template (RFC 6570) with {variables}."""

    uri_template: str
    name: str
    title: str | None = None
    description: str | None = None
    mime_type: str | None = None

    @property
    def variables(self) -> tuple[str, ...]:
        from tui.model.uri_template import template_variables

        return template_variables(self.uri_template)


@dataclass(frozen=True)
class ResourceListing:
    resources: tuple[ResourceInfo, ...] = ()
    templates: tuple[TemplateInfo, ...] = ()
    truncated: bool = False
    """True when a listing stopped at the page limit (a server whose cursors never end)."""


@dataclass(frozen=True)
class ResourceContent:
    """One item of a resources/read result: text, or binary (decoded from base64)."""

    uri: str
    mime_type: str | None
    text: str | None = None
    blob: bytes | None = None
    decode_error: str | None = None


@dataclass(frozen=True)
class PromptArgument:
    name: str
    description: str | None = None
    required: bool = False


@dataclass(frozen=True)
class PromptInfo:
    """One entry of prompts/list."""

    name: str
    title: str | None = None
    description: str | None = None
    arguments: tuple[PromptArgument, ...] = ()


@dataclass(frozen=True)
class PromptMessage:
    role: str
    content: ContentBlock
    raw_content: dict[str, Any] = field(default_factory=dict, compare=False)
    """The content block as the server sent it (``{"type": "text", "text": ...}``): what ``--json`` prints."""


@dataclass(frozen=True)
class PromptResult:
    description: str | None
    messages: tuple[PromptMessage, ...]


CompletionRef = tuple[Literal["prompt", "template"], str]
"""What a completion is for: a prompt by name, or a resource template by its URI template."""


@dataclass(frozen=True)
class SamplingMessage:
    role: str
    content: tuple[ContentBlock, ...]


@dataclass(frozen=True)
class SamplingRequest:
    """What a server asks the client's model (here: the person) to write."""

    messages: tuple[SamplingMessage, ...]
    max_tokens: int
    system_prompt: str | None = None
    model_preferences: dict[str, Any] = field(default_factory=dict)
    temperature: float | None = None
    stop_sequences: tuple[str, ...] = ()
    include_context: str | None = None
    tools: tuple[str, ...] = ()
    """Names of tools the server offers the model; a person's text reply cannot call them."""


@dataclass(frozen=True)
class SamplingReply:
    """The person's answer: the text sent back as the assistant's message, and the "model" named."""

    text: str
    model: str = "human (mcp-tui)"


Direction = Literal["in", "out"]


@dataclass(frozen=True, eq=False)
class TrafficRecord:
    """One JSON-RPC message. ``message`` is the wire JSON (camelCase) with secrets redacted.

    A server may send thousands of large messages while nobody looks, so nothing is worked out as they
    arrive: the size when a row is first drawn (then kept), the redacted copy each time the JSON is shown
    or exported (never kept: the log would otherwise hold every exported message twice).
    """

    time: float
    """Seconds since the epoch."""
    direction: Direction
    """``out``: from mcp-tui to the server; ``in``: from the server."""
    kind: Literal["request", "notification", "response", "error"]
    method: str | None
    """For responses and errors: the method of the request they answer, when it was seen."""
    id: str | int | None
    unredacted: dict[str, Any] = field(repr=False)
    """The message as it went over the wire, secrets and all: never show, log or export it; use
    ``message``. Kept as given, not copied: whoever hands it over must not change it afterwards."""
    latency_ms: float | None = None
    """For responses and errors: time since the request they answer."""

    @property
    def message(self) -> dict[str, Any]:
        """The message with secrets replaced by ``"<redacted>"`` (``tui.model.redact``), made anew."""
        redacted: dict[str, Any] = redact(self.unredacted)
        return redacted

    @cached_property
    def size(self) -> int:
        """Bytes of the message as compact JSON (UTF-8), as sent, before redaction."""
        try:
            text = json.dumps(self.unredacted, ensure_ascii=False, separators=(",", ":"), default=str)
        except RecursionError:  # nested about 1000 deep: measured without recursion (slower)
            return compact_size(self.unredacted)
        return len(text.encode())

    def to_json(self, message: Any = None) -> dict[str, Any]:
        """The record as exported; ``message`` stands in for the redacted message when given."""
        return {
            "time": self.time,
            "direction": self.direction,
            "kind": self.kind,
            "method": self.method,
            "id": self.id,
            "latency_ms": self.latency_ms,
            "size": self.size,
            "message": self.message if message is None else message,
        }
