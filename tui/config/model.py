"""Typed settings. The docstring of each field is its documentation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from tui.config.auth_model import AuthSettings
    from tui.config.condition_model import Condition

Transport = Literal["stdio", "http", "sse"]
# "legacy" (initialize handshake), "auto" (server/discover, then fall back), or a pinned modern version.
ProtocolMode = str
LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
"""The syslog levels of MCP logging, least severe first."""


class Trust(StrEnum):
    UNTRUSTED = "untrusted"
    TRUSTED = "trusted"


@dataclass(frozen=True)
class ServerConfig:
    name: str
    """The name shown in the app; the key under [servers] in config.toml."""
    transport: Transport
    command: str | None = None
    """stdio: the program to start."""
    args: tuple[str, ...] = ()
    """stdio: its arguments."""
    env: dict[str, str] = field(default_factory=dict)
    """stdio: extra environment variables (${VAR} expanded from the environment)."""
    cwd: str | None = None
    """stdio: working directory."""
    url: str | None = None
    """http / sse: the endpoint URL."""
    headers: dict[str, str] = field(default_factory=dict)
    """http / sse: extra request headers (${VAR} expanded)."""
    trust: Trust = Trust.UNTRUSTED
    """untrusted servers never have friction removed by category preferences."""
    protocol: ProtocolMode = "legacy"
    """legacy | auto | a 2026 protocol version. legacy is the default: most servers in the wild do not
    answer server/discover, and some ignore it, which stalls "auto" for the SDK's 10 s probe."""
    builtin: bool = False
    """True for the bundled demo server added when nothing is configured."""
    auth: AuthSettings | None = None
    """http / sse: how to sign in when the server asks for it ([servers.NAME.auth]); None: the defaults."""
    log_level: str | None = None
    """The least severe log message the server should send (debug, info, notice, warning, error, critical,
    alert, emergency); sent as logging/setLevel after connecting. Unset: the server's own default."""
    preferences: dict[str, bool] = field(default_factory=dict)
    """[servers.NAME.preferences]: category preferences for this server alone, over the global ones."""
    roots: tuple[str, ...] = ()
    """Directories offered to the server as its roots (file:// URIs). None by default: then mcp-tui does not
    declare the roots capability at all."""

    @property
    def identity(self) -> str:
        """What an approval is bound to: the name plus the command line or URL."""
        if self.transport == "stdio":
            target = " ".join([self.command or "", *self.args]).strip()
        else:
            target = self.url or ""
        return f"{self.name}|{self.transport}|{target}"


@dataclass(frozen=True)
class Timeouts:
    connect: float = 15.0
    """Seconds allowed for starting a server and the handshake."""
    request: float = 30.0
    """Seconds allowed for ordinary requests (tools/list, ...)."""
    call: float = 120.0
    """Seconds allowed for one tools/call."""
    preflight: float = 3.0
    """Seconds allowed for one tools/resolve or tools/annotations preflight."""


TimeoutsSource = Callable[[], Timeouts]
"""The timeouts in force now (``SettingsService.timeouts`` in the app): read at each request, so a change
in the preferences holds from the next request on, without reconnecting."""


def timeouts_source(timeouts: Timeouts | TimeoutsSource) -> TimeoutsSource:
    """A source for ``timeouts``; fixed ``Timeouts`` (tests, scripts) never change."""
    if isinstance(timeouts, Timeouts):
        return lambda: timeouts
    return timeouts


@dataclass(frozen=True)
class Preferences:
    auto_approve_safe: bool = False
    """Run read-only, closed-world calls on trusted servers without asking."""
    auto_approve_low: bool = False
    """Run read-only, open-world calls on trusted servers without asking."""
    always_confirm_destructive: bool = True
    """Ask before every destructive call unless a per-tool rule says otherwise."""
    auto_approve_idempotent_retry: bool = True
    """Run an identical retry of an idempotent call already approved this session without asking."""
    redact_arguments_in_audit: bool = False
    """Write "<redacted>" instead of the arguments in the audit log."""
    preflight_debounce_ms: int = 150
    """How long typing must pause before a resolve preflight is sent."""


@dataclass(frozen=True)
class AuditSettings:
    max_file_kb: int = 10_240
    """Start a new audit log file once the current one reaches this many KB (0: never rotate)."""
    keep_files: int = 5
    """How many older audit log files to keep (audit.jsonl.1 is the newest); older ones are deleted."""


Tier = Literal["managed", "project", "user"]
"""Where a rule comes from: the team's managed files (a user cannot loosen them), the project's
``.mcp-tui/policy.toml`` (it can only tighten), or the user's config.toml."""


@dataclass(frozen=True)
class TelemetryTable:
    """``[telemetry]`` as written in one file; each key None when the file does not set it, so the
    standard ``OTEL_*`` variables (and a managed setting above both) can be layered in order."""

    exporter: str | None = None
    """``"otlp"`` turns export on; ``"none"`` keeps it off."""
    endpoint: str | None = None
    """The collector's OTLP/HTTP base URL (``/v1/traces`` etc. are added), as OTEL_EXPORTER_OTLP_ENDPOINT."""
    protocol: str | None = None
    """Only ``"http/protobuf"`` is supported (as OTEL_EXPORTER_OTLP_PROTOCOL)."""
    headers: dict[str, str] | None = None
    """Sent to the collector with every export (as OTEL_EXPORTER_OTLP_HEADERS), never to a server."""
    resource_attributes: dict[str, str] | None = None
    """Added to ``service.name``, ``user.name`` and ``host.name`` (as OTEL_RESOURCE_ATTRIBUTES)."""
    include_arguments: bool | None = None
    """Export a call's arguments (redacted) on its span and log record; off unless set."""


@dataclass(frozen=True)
class ToolRule:
    server: str
    """The server's name; ``*`` (any) when a managed rule matches by ``command`` or ``url`` instead."""
    tool: str
    """The tool's name, or a glob (``*``, ``?``) over names."""
    action: Literal["always", "ask", "never"]
    ceiling: str = "critical"
    """For "always": the highest risk grade that may run without asking."""
    when: tuple[Condition, ...] = ()
    """Conditions on the exact arguments and on this call's assessment; all must hold."""
    tier: Tier = "user"
    command: str | None = None
    """Managed rules: a glob over the server's command line (command and arguments, space-separated)."""
    url: str | None = None
    """Managed rules: a glob over the server's URL."""
    file: str | None = field(default=None, compare=False)
    """The file the rule was read from (shown with the decision)."""
    line: int | None = field(default=None, compare=False)
    """The line of its ``[[rules]]`` header."""


ROUTES = ("console", "elicitation")
"""Who the gateway can ask about an agent's call: an attached mcp-tui, or the agent's host (a form)."""
DEFAULT_ASK = ROUTES


@dataclass(frozen=True)
class GatewaySettings:
    """``[gateway]`` in config.toml (``tui/config/gateway_table.py``)."""

    ask: tuple[str, ...] = DEFAULT_ASK
    """The routes a question tries, in order; a route left out is never tried."""


@dataclass
class AppConfig:
    servers: list[ServerConfig] = field(default_factory=list)
    timeouts: Timeouts = field(default_factory=Timeouts)
    preferences: Preferences = field(default_factory=Preferences)
    rules: list[ToolRule] = field(default_factory=list)
    audit: AuditSettings = field(default_factory=AuditSettings)
    telemetry: TelemetryTable = field(default_factory=TelemetryTable)
    gateway: GatewaySettings = field(default_factory=GatewaySettings)
    source: str | None = None
    """The file this was read from, if any."""
    source_text: str | None = field(default=None, compare=False, repr=False)
    """The file's text exactly as read (a BOM and line endings kept); None when it did not exist."""
    source_read: bool = field(default=False, compare=False, repr=False)
    """Whether ``source_text`` is what the file held when loaded (False: no file, or it could not be read)."""
