"""What servers offer and how they stand (tools, server states, dialects): plain data, no mcp SDK types.

Importing this module must stay cheap (no mcp import): the UI uses it before the SDK has loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Literal

from tui.model.display_templates import tool_template_value

EXTENSION_ID: Final = "io.modelcontextprotocol/tool-resolution"
"""The official Tool Resolution extension (experimental draft of 2026-08-20)."""

ResolveMethod = Literal["io.modelcontextprotocol/tool-resolution", "tools/resolve", "tools/annotations"]
"""The resolution *dialect* a tool is resolved in (historically the method name, hence the type's name).

The extension and SEP-1862 share the wire method ``tools/resolve`` but not the result shape, so the
dialect, not the method, says what answer to expect: see ``wire_method``.
"""

DIALECT_LABELS: dict[str, str] = {
    EXTENSION_ID: "tool-resolution extension",
    "tools/resolve": "draft tools/resolve",
    "tools/annotations": "draft tools/annotations",
}
"""How the UI and the CLI name each dialect (one short phrase each)."""


def wire_method(dialect: ResolveMethod) -> Literal["tools/resolve", "tools/annotations"]:
    """The JSON-RPC method a dialect sends: the extension reuses SEP-1862's ``tools/resolve``."""
    return "tools/annotations" if dialect == "tools/annotations" else "tools/resolve"


def dialect_label(dialect: ResolveMethod | None) -> str:
    """A plain name for the dialect (``"not resolvable"`` for None), for the UI and the CLI."""
    return "not resolvable" if dialect is None else DIALECT_LABELS.get(dialect, dialect)


class Failure(StrEnum):
    """How a request to a server failed (the headless commands' exit status follows it)."""

    REFUSED = "refused"
    """The server answered with an error, or with something that is not a valid answer."""
    TIMEOUT = "timeout"
    """No answer in time (the request was abandoned and the server told)."""
    CONNECTION = "connection"
    """The connection was gone, or ended under the request."""


@dataclass(frozen=True)
class LeftOut:
    """An entry of a list result that mcp-tui did not take, or a listing that failed, and why."""

    text: str
    """A sentence naming the entry (place and name) and the reason."""
    name: str | None = None
    """The entry's name, when it has one (so ``call NAME`` can say why there is no such tool)."""
    failed: Failure | None = None
    """Set when the whole listing failed (not one entry): how."""

    def __str__(self) -> str:
        return self.text


Note = Callable[[LeftOut], None]
"""Where a listing says what it left out (a server row, a log line, stderr)."""


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
    """The dialect this tool is resolved in per call (its own marker first, then the server capability)."""
    raw: dict[str, Any] = field(default_factory=dict, compare=False)
    """The complete wire dict, extra fields included."""
    listing: int = field(default=0, compare=False)
    """Which tools/list produced this entry: a new listing (tools/list_changed) invalidates answers."""
    display_template: Any = field(init=False, default=None)
    """The tool-level display template in ``raw``'s ``_meta`` (any JSON value, None when absent), kept as
    a compared field: a tool re-listed with new wording is a new definition, not the one a form opened."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "display_template", tool_template_value(self.raw.get("_meta")))

    @property
    def dialect(self) -> ResolveMethod | None:
        """The resolution dialect (same as ``resolve_method``; the name says what it is)."""
        return self.resolve_method

    @property
    def dialect_label(self) -> str:
        """The dialect in words, e.g. "tool-resolution extension" or "not resolvable" (for the CLI)."""
        return dialect_label(self.resolve_method)

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
    tool_problems: tuple[LeftOut, ...] = ()
    """What went wrong with the last tools/list: each entry left out and why, or why the listing failed."""


@dataclass(frozen=True)
class StoredSignIn:
    """What is stored of a server's sign-in, as ``auth status`` shows it: never the tokens themselves."""

    signed_in: bool
    expires_at: float | None = None
    """When the access token expires (epoch seconds), if the server said."""
    can_refresh: bool = False
    scope: str | None = None
    dpop_bound: bool = False
    """Whether the token is DPoP-bound (RFC 9449): useless without the key, which is kept elsewhere."""
    dpop_key: str | None = None
    """Where the server's DPoP key is kept, in words, when the server uses DPoP."""
