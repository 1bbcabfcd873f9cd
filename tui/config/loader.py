"""Read config.toml (or an imported JSON file) into an AppConfig and a list of problems. Never writes.

config.toml, every key optional::

    [timeouts]            # seconds; each a number greater than 0 and at most 86400 (a day)
    connect = 15          # starting a server and the handshake
    request = 30          # ordinary requests such as tools/list
    call = 120            # one tools/call
    preflight = 3         # one tools/resolve or tools/annotations preflight

    [preferences]                        # category preferences apply to trusted servers only
    auto_approve_safe = false            # run read-only, closed-world calls without asking
    auto_approve_low = false             # run read-only, open-world calls without asking
    always_confirm_destructive = true    # ask before destructive calls unless a per-tool rule says otherwise
    auto_approve_idempotent_retry = true # an identical retry of an approved idempotent call runs unasked
    redact_arguments_in_audit = false    # write "<redacted>" instead of arguments in the audit log
    preflight_debounce_ms = 150          # pause in typing before a live preflight is sent (0 to 2000 ms)

    [audit]               # the audit log (audit.jsonl) rotates by size
    max_file_kb = 10240   # start a new file at this size; 0 never rotates
    keep_files = 5        # older files kept (audit.jsonl.1 is the newest)

    [telemetry]           # off unless exporter = "otlp" (or MCP_TUI_TELEMETRY=otlp); docs/telemetry.md
    exporter = "otlp"
    endpoint = "http://127.0.0.1:4318"   # OTLP/HTTP; OTEL_EXPORTER_OTLP_ENDPOINT when not set here
    headers = { Authorization = "Bearer ${TOKEN}" }  # to the collector only, never to a server
    resource_attributes = { "deployment.environment" = "ci" }
    include_arguments = false            # export call arguments (redacted); off by default

    [gateway]             # mcp-tui gateway (docs/gateway.md)
    ask = ["console", "elicitation"]     # who is asked about an agent's call, in this order

    [servers.files]       # a stdio server: mcp-tui starts the program
    command = "npx"
    args = ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
    env = { API_KEY = "${MY_API_KEY}" }  # ${VAR} and ${VAR:-fallback} expand from the environment
    cwd = "~/projects"
    trust = "untrusted"   # "untrusted" (default) or "trusted": category preferences apply to trusted only
    protocol = "legacy"   # "legacy" (default: initialize), "auto" (try server/discover first), "2026-07-28"

    [servers.remote]      # an HTTP server: url alone means streamable HTTP
    url = "https://example.com/mcp"
    headers = { Authorization = "Bearer ${TOKEN}" }
    transport = "sse"     # "http" (default) or "sse" for the legacy SSE transport

    [[rules]]             # per-tool rules; at most one per server and tool
    server = "files"
    tool = "read_file"
    action = "always"     # "always" (run without asking), "ask", or "never" (refuse)
    ceiling = "low"       # for "always": highest grade that runs unasked (safe, low, medium, high, critical)

A problem never stops loading: a bad setting keeps its default, a bad server or rule is skipped, and a
syntax error loses only the table it is in (``toml_chunks``: even a header missing its ``]``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from tui.config.atomic import without_bom
from tui.config.model import AppConfig, AuditSettings, Preferences, ServerConfig, Timeouts
from tui.config.problems import ConfigProblem

if TYPE_CHECKING:
    from tui.config.sections import Reporter

TOP_KEYS = ("timeouts", "preferences", "audit", "servers", "rules", "telemetry", "gateway")


def load_config(
    path: Path | None,
    *,
    must_exist: bool,
    environ: Mapping[str, str] | None = None,
) -> tuple[AppConfig, list[ConfigProblem]]:
    """Read ``path``; a missing file is a problem only when ``must_exist`` (the user named it)."""
    if path is None:
        return AppConfig(), []
    env = os.environ if environ is None else environ
    exact, problem = read_text(path, must_exist=must_exist)
    if exact is None:
        missing = problem is None or problem.message == NOT_FOUND
        return AppConfig(source=str(path), source_read=missing), [problem] if problem else []
    text = without_bom(exact)
    if path.suffix.lower() in (".json", ".jsonc") or text.lstrip().startswith("{"):
        from tui.config.json_import import load_json_config

        config, problems = load_json_config(path, text, env)
    else:
        config, problems = load_toml_config(path, text, env)
    # Kept so the settings service can tell later whether another instance changed the file since.
    config.source_text, config.source_read = exact, True
    return config, problems


NOT_FOUND = "file not found"


def read_text(path: Path, *, must_exist: bool) -> tuple[str | None, ConfigProblem | None]:
    """The file's text exactly as stored (a BOM kept), or a problem saying why it cannot be read
    (None, None: missing and optional)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, ConfigProblem(path, None, NOT_FOUND) if must_exist else None
    except IsADirectoryError:
        return None, ConfigProblem(path, None, "is a directory, not a file")
    except OSError as error:
        return None, ConfigProblem(path, None, f"cannot be read: {error.strerror or error}")
    try:
        return raw.decode("utf-8"), None
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return None, ConfigProblem(path, line, "is not UTF-8 text; nothing was read from it")


def load_toml_config(
    path: Path, text: str, environ: Mapping[str, str]
) -> tuple[AppConfig, list[ConfigProblem]]:
    # Loaded only when there is a file to read, like the JSON reader: tomllib, the salvaging parser and
    # the section readers are not needed for a first run, which opens on the demo with no configuration.
    from tui.config.locate import toml_locator
    from tui.config.rule_reader import read_tier_rules
    from tui.config.sections import Reporter, read_settings
    from tui.config.toml_chunks import parse_salvaging

    rep = Reporter(path, toml_locator(text))
    data, syntax = parse_salvaging(text)
    rep.problems.extend(ConfigProblem(path, line, message) for line, message in syntax)
    config = AppConfig(source=str(path))
    for key in data:
        if key not in TOP_KEYS:
            rep.unknown((), key, TOP_KEYS)
    if "timeouts" in data:
        config.timeouts = read_settings(Timeouts, data["timeouts"], ("timeouts",), rep)
    if "preferences" in data:
        config.preferences = read_settings(Preferences, data["preferences"], ("preferences",), rep)
    if "audit" in data:
        config.audit = read_settings(AuditSettings, data["audit"], ("audit",), rep)
    if "rules" in data:
        config.rules = read_tier_rules(data["rules"], rep, "user")
    if "telemetry" in data:
        from tui.config.telemetry_table import read_telemetry

        config.telemetry = read_telemetry(data["telemetry"], rep, environ)
    if "gateway" in data:
        from tui.config.gateway_table import read_gateway

        config.gateway = read_gateway(data["gateway"], rep)
    config.servers = _read_servers(data.get("servers", {}), rep, environ)
    return config, sorted(rep.problems, key=lambda problem: problem.line or 0)


def _read_servers(data: object, rep: Reporter, environ: Mapping[str, str]) -> list[ServerConfig]:
    if not isinstance(data, dict):
        rep.add(("servers",), f"must be a table of servers ([servers.NAME]), not {rep.show(data)}; ignored")
        return []
    from tui.config.toml_servers import read_server

    servers = (read_server(name, entry, rep, environ) for name, entry in data.items())
    return [server for server in servers if server is not None]


__all__ = ["TOP_KEYS", "load_config", "load_toml_config", "read_text"]
