"""One ``[servers.NAME]`` table of config.toml -> a ServerConfig, or None (reported) when it is unusable."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import replace

from tui.config.auth_settings import read_auth
from tui.config.locate import KeyPath
from tui.config.model import LOG_LEVELS, ServerConfig, Transport, Trust
from tui.config.sections import Reporter, read_str, read_str_list, read_str_map
from tui.config.values import PROTOCOLS, url_problem

SERVER_KEYS = (
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "transport",
    "trust",
    "protocol",
    "log_level",
    "roots",
    "preferences",
    "auth",
)
STDIO_ONLY = ("args", "env", "cwd")
URL_ONLY = ("headers", "auth")
URL_TRANSPORTS: dict[str, Transport] = {"http": "http", "streamable-http": "http", "sse": "sse"}
_HINTS = {
    "type": '; use transport = "http" or "sse" for a URL server',
    "environment": '; did you mean "env"?',
    "arguments": '; did you mean "args"?',
    "trusted": '; use trust = "trusted"',
}
SKIPPED = "; server skipped"


def read_server(
    name: str,
    data: object,
    rep: Reporter,
    environ: Mapping[str, str],
    section: KeyPath = ("servers",),
) -> ServerConfig | None:
    """``section`` is where servers live in the file (the JSON import reuses this with its own)."""
    table: KeyPath = (*section, name)
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word} with a command or a url, not {rep.show(data)}{SKIPPED}")
        return None
    if not name.strip():
        rep.add(table, f"a server needs a non-empty name{SKIPPED}")
        return None
    for key in data:
        if key not in SERVER_KEYS:
            rep.unknown(table, key, SERVER_KEYS, _HINTS.get(key, ""))
    command = read_str(data, "command", table, rep, SKIPPED)
    url = read_str(data, "url", table, rep, SKIPPED)
    if ("command" in data and command is None) or ("url" in data and url is None):
        return None
    if command is not None and url is not None:
        message = 'has both "command" and "url"; a server is either stdio (command) or HTTP/SSE (url)'
        rep.add(table, message + SKIPPED, "url")
        return None
    if command is None and url is None:
        rep.add(table, f'needs "command" (a stdio server) or "url" (an HTTP or SSE server){SKIPPED}')
        return None
    trust = _trust(data, table, rep)
    protocol = _protocol(data, table, rep)
    if command is not None:
        server = _stdio(name, command, data, table, rep, environ, trust, protocol)
    else:
        assert url is not None
        server = _remote(name, url, data, table, rep, environ, trust, protocol)
    if server is None:
        return None
    return replace(
        server,
        log_level=_log_level(data, table, rep),
        roots=_roots(data, table, rep),
        preferences=_preferences(data, table, rep),
    )


def _stdio(
    name: str,
    command: str,
    data: dict[str, object],
    table: KeyPath,
    rep: Reporter,
    environ: Mapping[str, str],
    trust: Trust,
    protocol: str,
) -> ServerConfig | None:
    if not command.strip():
        rep.add(table, f'"command" is empty{SKIPPED}', "command")
        return None
    transport = data.get("transport", "stdio")
    if transport != "stdio":
        rep.add(table, f'"transport" is {rep.show(transport)} but a server with a command is stdio{SKIPPED}')
        return None
    for key in URL_ONLY:
        if key in data:
            rep.add(table, f"{json.dumps(key)} applies only to HTTP and SSE servers; ignored", key)
    args = read_str_list(data, "args", table, rep, SKIPPED)
    env = read_str_map(data, "env", table, rep, environ, then=SKIPPED)
    cwd = read_str(data, "cwd", table, rep, SKIPPED)
    if args is None or env is None or ("cwd" in data and cwd is None):
        return None
    return ServerConfig(
        name=name,
        transport="stdio",
        command=command,
        args=tuple(args),
        env=env,
        cwd=os.path.expanduser(cwd) if cwd else None,
        trust=trust,
        protocol=protocol,
    )


def _remote(
    name: str,
    url: str,
    data: dict[str, object],
    table: KeyPath,
    rep: Reporter,
    environ: Mapping[str, str],
    trust: Trust,
    protocol: str,
) -> ServerConfig | None:
    bad_url = url_problem(url)
    if bad_url:
        rep.add(table, f'"url": {bad_url}{SKIPPED}', "url")
        return None
    transport = data.get("transport", "http")
    if not isinstance(transport, str) or transport not in URL_TRANSPORTS:
        rep.add(
            table, f'"transport" must be "http" or "sse", not {rep.show(transport)}{SKIPPED}', "transport"
        )
        return None
    for key in STDIO_ONLY:
        if key in data:
            rep.add(table, f"{json.dumps(key)} applies only to stdio servers (with a command); ignored", key)
    headers = read_str_map(data, "headers", table, rep, environ, then=SKIPPED)
    if headers is None:
        return None
    auth = read_auth(data["auth"], (*table, "auth"), rep, environ) if "auth" in data else None
    return ServerConfig(
        name=name,
        transport=URL_TRANSPORTS[transport],
        url=url,
        headers=headers,
        trust=trust,
        protocol=protocol,
        auth=auth,
    )


def _trust(data: Mapping[str, object], table: KeyPath, rep: Reporter) -> Trust:
    value = data.get("trust", Trust.UNTRUSTED.value)
    if value in (Trust.UNTRUSTED.value, Trust.TRUSTED.value):
        return Trust(value)
    rep.add(
        table, f'"trust" must be "untrusted" or "trusted", not {rep.show(value)}; using "untrusted"', "trust"
    )
    return Trust.UNTRUSTED


def _protocol(data: Mapping[str, object], table: KeyPath, rep: Reporter) -> str:
    value = data.get("protocol", "legacy")
    if isinstance(value, str) and value in PROTOCOLS:
        return value
    choices = ", ".join(json.dumps(p) for p in PROTOCOLS)
    rep.add(table, f'"protocol" must be one of {choices}, not {rep.show(value)}; using "legacy"', "protocol")
    return "legacy"


def _log_level(data: Mapping[str, object], table: KeyPath, rep: Reporter) -> str | None:
    value = data.get("log_level")
    if value is None or value in LOG_LEVELS:
        return value
    choices = ", ".join(json.dumps(level) for level in LOG_LEVELS)
    rep.add(table, f'"log_level" must be one of {choices}, not {rep.show(value)}; ignored', "log_level")
    return None


def _roots(data: Mapping[str, object], table: KeyPath, rep: Reporter) -> tuple[str, ...]:
    """Each root as an absolute path (``~`` expanded): a file:// URI cannot be relative."""
    roots = read_str_list(data, "roots", table, rep, "; no roots offered")
    if roots is None:
        return ()
    return absolute_roots(roots)


def absolute_roots(roots: Iterable[str]) -> tuple[str, ...]:
    """Each root as an absolute path with ``~`` expanded (a file:// URI cannot be relative)."""
    return tuple(os.path.abspath(os.path.expanduser(root)) for root in roots if root.strip())


SERVER_PREFERENCES = (
    "auto_approve_safe",
    "auto_approve_low",
    "always_confirm_destructive",
    "auto_approve_idempotent_retry",
)


def _preferences(data: Mapping[str, object], table: KeyPath, rep: Reporter) -> dict[str, bool]:
    """``[servers.NAME.preferences]``: the category preferences for this server over the global ones;
    a bad value keeps the global one."""
    value = data.get("preferences", {})
    where = (*table, "preferences")
    if not isinstance(value, dict):
        rep.add(
            table, f'"preferences" must be {rep.table_word}, not {rep.show(value)}; ignored', "preferences"
        )
        return {}
    kept: dict[str, bool] = {}
    for key, item in value.items():
        if key not in SERVER_PREFERENCES:
            rep.unknown(where, key, SERVER_PREFERENCES)
        elif not isinstance(item, bool):
            rep.add(where, f"{key} must be true or false, not {rep.show(item)}; the global one holds", key)
        else:
            kept[key] = item
    return kept
