"""Servers from the JSON files other MCP clients use, so ``--config`` can point straight at them.

Understood dialects:

- ``{"mcpServers": {NAME: {...}}}``: Claude Desktop, Cursor, Claude Code's ``.mcp.json``, and others.
  A server has ``command``/``args``/``env``/``cwd``, or ``url`` with ``headers`` and an optional ``type``
  (``"http"``, ``"streamable-http"`` or ``"sse"``; a url alone means streamable HTTP).
- ``{"servers": {NAME: {...}}}``: VS Code's ``mcp.json`` (``type`` is ``stdio``, ``http`` or ``sse``), also
  nested as ``{"mcp": {"servers": ...}}`` in VS Code's settings.json.

Comments and trailing commas (VS Code's JSONC) are accepted. ``${VAR}``, ``${VAR:-fallback}``,
``${env:VAR}``, ``${workspaceFolder}`` and ``${userHome}`` expand in strings. Imported servers are always
untrusted with the legacy protocol; keys meaningful only to the other client are ignored, and a server marked
``"disabled": true`` there is left out here too. The file is never written.
"""

from __future__ import annotations

import json
import re
from collections import ChainMap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tui.config.expand import expand_vars
from tui.config.locate import KeyPath, json_locator
from tui.config.model import AppConfig, ServerConfig
from tui.config.problems import ConfigProblem
from tui.config.sections import Reporter
from tui.config.toml_servers import SKIPPED, read_server

TYPES = {"stdio": "stdio", "http": "http", "streamable-http": "http", "streamableHttp": "http", "sse": "sse"}
OWN_KEYS = ("command", "args", "env", "cwd", "url", "headers", "type")
# Keys other clients define for their own features; not errors, just not ours.
FOREIGN_KEYS = frozenset(
    {
        *("disabled", "enabled", "autoApprove", "alwaysAllow", "disabledTools", "timeout", "networkTimeout"),
        *("description", "dev", "gallery", "version", "name", "oauth", "autoStart", "icon", "trust"),
    }
)
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|//[^\n]*|/\*.*?\*/|,(?=\s*(?://[^\n]*\s*|/\*.*?\*/\s*)*[}\]])', re.S)


def strip_jsonc(text: str) -> str:
    """Remove comments and trailing commas, keeping every newline so line numbers still match."""

    def blank(match: re.Match[str]) -> str:
        token = match.group(0)
        if token.startswith('"'):
            return token
        return re.sub(r"[^\n]", " ", token)

    return _TOKEN.sub(blank, text)


def load_json_config(
    path: Path, text: str, environ: Mapping[str, str]
) -> tuple[AppConfig, list[ConfigProblem]]:
    rep = Reporter(path, json_locator(text), json_words=True)
    config = AppConfig(source=str(path))
    duplicates: list[str] = []
    try:
        data = json.loads(strip_jsonc(text), object_pairs_hook=_pairs_hook(duplicates))
    except json.JSONDecodeError as error:
        message = f"JSON syntax: {error.msg} (column {error.colno}); nothing was read from this file"
        return config, [ConfigProblem(path, error.lineno, message)]
    for key in dict.fromkeys(duplicates):
        rep.add((), f"{json.dumps(key)} appears more than once in an object; the last one is used", key)
    sections = _server_sections(data)
    if not sections:
        rep.add((), 'no "mcpServers" or "servers" object found, so there are no servers to read')
        return config, rep.problems
    extra = _vscode_names(path)
    for section, servers in sections:
        if not isinstance(servers, dict):
            rep.add(section, f"must be an object of servers, not {rep.show(servers)}; ignored")
            continue
        for name, entry in servers.items():
            server = _read_entry(name, entry, section, rep, environ, extra)
            if server is not None:
                config.servers.append(server)
    return config, sorted(rep.problems, key=lambda problem: problem.line or 0)


def _pairs_hook(duplicates: list[str]) -> Any:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in pairs:
            if key in seen:
                duplicates.append(key)
            seen[key] = value
        return seen

    return hook


def _server_sections(data: object) -> list[tuple[KeyPath, object]]:
    if not isinstance(data, dict):
        return []
    found: list[tuple[KeyPath, object]] = []
    for key in ("mcpServers", "servers"):
        if key in data:
            found.append(((key,), data[key]))
    nested = data.get("mcp")
    if isinstance(nested, dict) and "servers" in nested:
        found.append((("mcp", "servers"), nested["servers"]))
    return found


def _vscode_names(path: Path) -> dict[str, str]:
    folder = path.resolve().parent
    workspace = folder.parent if folder.name == ".vscode" else folder
    return {"workspaceFolder": str(workspace), "userHome": str(Path.home())}


def _read_entry(
    name: str,
    entry: object,
    section: KeyPath,
    rep: Reporter,
    environ: Mapping[str, str],
    extra: Mapping[str, str],
) -> ServerConfig | None:
    table: KeyPath = (*section, name)
    if not isinstance(entry, dict):
        return read_server(name, entry, rep, environ, section)  # reports the wrong type
    if entry.get("disabled") is True or entry.get("enabled") is False:
        return None
    variables: Mapping[str, str] = ChainMap(dict(extra), dict(environ))
    normalized: dict[str, object] = {}
    for key, value in entry.items():
        if key in FOREIGN_KEYS:
            continue
        if key not in OWN_KEYS:
            hint = "; mcp-tui does not read env files, put the variables in env" if key == "envFile" else ""
            rep.unknown(table, key, OWN_KEYS, hint)
            continue
        normalized[key] = (
            _expand(value, key, table, rep, variables) if key not in ("env", "headers") else value
        )
    kind = normalized.pop("type", None)
    if kind is not None:
        if not isinstance(kind, str) or kind not in TYPES:
            choices = '"stdio", "http", "streamable-http" or "sse"'
            rep.add(table, f'"type" must be {choices}, not {rep.show(kind)}{SKIPPED}', "type")
            return None
        normalized["transport"] = TYPES[kind]
        wants = "command" if TYPES[kind] == "stdio" else "url"
        other = "url" if wants == "command" else "command"
        if wants not in normalized and other in normalized:
            message = (
                f'"type" is {json.dumps(kind)}, which needs a "{wants}", but this server has a "{other}"'
            )
            rep.add(table, message + SKIPPED, "type")
            return None
    return read_server(name, normalized, rep, variables, section)


def _expand(value: object, key: str, table: KeyPath, rep: Reporter, variables: Mapping[str, str]) -> object:
    """Expand references in string fields and lists of strings (other types are checked later)."""
    if isinstance(value, str):
        text, missing = expand_vars(value, variables)
        for reference in missing:
            rep.add(table, f"{json.dumps(key)}: {reference} is not set in the environment; left empty", key)
        return text
    if isinstance(value, list):
        return [_expand(item, key, table, rep, variables) for item in value]
    return value
