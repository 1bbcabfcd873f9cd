"""Whether and where to export: ``[telemetry]``, the standard ``OTEL_*`` variables, and a managed setting.

Precedence, lowest first: config.toml's ``[telemetry]``, then the environment (``MCP_TUI_TELEMETRY`` and
the OpenTelemetry variables, as every OpenTelemetry program reads them), then a *forced* table handed in
from above (the team's managed policy): when one is given, export is on and each key it sets wins, so a
user can neither turn it off nor point it elsewhere. Imports nothing of OpenTelemetry.
"""

from __future__ import annotations

import contextlib
import getpass
import importlib.util
import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from tui import __version__
from tui.config.model import TelemetryTable

EXTRA_MISSING = (
    "Telemetry is turned on but OpenTelemetry is not installed: pip install 'mcp-tui[otel]'. "
    "Nothing is exported."
)
DEFAULT_ENDPOINT = "http://localhost:4318"
"""The OTLP/HTTP default of every OpenTelemetry SDK."""
SWITCH = "MCP_TUI_TELEMETRY"


@dataclass(frozen=True)
class TelemetryConfig:
    enabled: bool = False
    endpoint: str = DEFAULT_ENDPOINT
    headers: dict[str, str] = field(default_factory=dict)
    resource: dict[str, str] = field(default_factory=dict)
    """``service.name``, ``service.version``, ``user.name``, ``host.name``, then the user's attributes."""
    include_arguments: bool = False
    forced: bool = False
    """A managed setting turned export on: the user's settings cannot turn it off or redirect it."""
    problems: tuple[str, ...] = ()
    """Settings that were ignored, in words (shown by ``--check-config``)."""

    def url(self, signal: str) -> str:
        """The OTLP/HTTP URL of ``signal`` (``traces``, ``logs``, ``metrics``) under the endpoint."""
        return f"{self.endpoint.rstrip('/')}/v1/{signal}"


def telemetry_config(
    table: TelemetryTable, environ: Mapping[str, str], forced: TelemetryTable | None = None
) -> TelemetryConfig:
    """The settings in force; ``forced`` is the managed ``[telemetry]`` (None when there is none)."""
    problems: list[str] = []
    layers = [table, _from_environment(environ, problems)]
    if forced is not None:
        layers.append(forced)
    exporter = _last(layer.exporter for layer in layers)
    enabled = forced is not None or exporter == "otlp"
    headers: dict[str, str] = {}
    attributes: dict[str, str] = {}
    for layer in layers:
        headers |= layer.headers or {}
        attributes |= layer.resource_attributes or {}
    return TelemetryConfig(
        enabled=enabled,
        endpoint=_last(layer.endpoint for layer in layers) or DEFAULT_ENDPOINT,
        headers=headers,
        resource=default_resource() | attributes,
        include_arguments=bool(_last(layer.include_arguments for layer in layers)),
        forced=forced is not None,
        problems=tuple(problems),
    )


def extra_installed() -> bool:
    """Whether the ``otel`` extra is importable (checked without importing it)."""
    try:
        return all(
            importlib.util.find_spec(name) is not None
            for name in ("opentelemetry.sdk", "opentelemetry.exporter.otlp.proto.http")
        )
    except ModuleNotFoundError:
        return False


def default_resource() -> dict[str, str]:
    """Who and where: a team needs to know whose decision it was (overridable by the user's attributes)."""
    resource = {"service.name": "mcp-tui", "service.version": __version__, "host.name": socket.gethostname()}
    with contextlib.suppress(KeyError, OSError):  # no login name (an unnamed uid): leave it out
        resource["user.name"] = getpass.getuser()
    return resource


def parse_pairs(text: str) -> dict[str, str]:
    """``key=value,key2=value2`` with percent-encoded values (OTEL_EXPORTER_OTLP_HEADERS and
    OTEL_RESOURCE_ATTRIBUTES); entries without ``=`` are skipped."""
    pairs: dict[str, str] = {}
    for entry in text.split(","):
        key, equals, value = entry.partition("=")
        if equals and key.strip():
            pairs[unquote(key.strip())] = unquote(value.strip())
    return pairs


def _from_environment(environ: Mapping[str, str], problems: list[str]) -> TelemetryTable:
    switch = environ.get(SWITCH, "").strip().lower()
    exporter = None
    if switch in ("otlp", "none"):
        exporter = switch
    elif switch:
        problems.append(f'{SWITCH}={environ[SWITCH]!r} is not "otlp" or "none"; ignored')
    protocol = environ.get("OTEL_EXPORTER_OTLP_PROTOCOL", "").strip()
    if protocol and protocol != "http/protobuf":
        problems.append(
            f"OTEL_EXPORTER_OTLP_PROTOCOL={protocol!r}: only http/protobuf is supported; using it"
        )
    endpoint = environ.get("OTEL_EXPORTER_OTLP_ENDPOINT", "").strip() or None
    if endpoint is not None and not endpoint.startswith(("http://", "https://")):
        problems.append(f"OTEL_EXPORTER_OTLP_ENDPOINT={endpoint!r} is not an http(s) URL; ignored")
        endpoint = None
    headers = environ.get("OTEL_EXPORTER_OTLP_HEADERS")
    attributes = environ.get("OTEL_RESOURCE_ATTRIBUTES")
    return TelemetryTable(
        exporter=exporter,
        endpoint=endpoint,
        headers=parse_pairs(headers) if headers else None,
        resource_attributes=parse_pairs(attributes) if attributes else None,
    )


def _last(values: Iterable[Any]) -> Any:
    """The last value that is set (a later layer wins)."""
    chosen = None
    for value in values:
        if value is not None:
            chosen = value
    return chosen
