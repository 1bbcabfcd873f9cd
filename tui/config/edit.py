"""Change config.toml the way a careful person would: keep every comment and the layout, write atomically,
write only when something changed, and refuse (leaving the file byte-identical) when the file does not parse
or is a JSON file imported from another client.

Every function returns True when the file was written and False when it already said that.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, InlineTable, Table

from tui.config.atomic import write_if_changed
from tui.config.model import Preferences, Timeouts, ToolRule, Trust
from tui.config.sections import GRADES, RULE_ACTIONS

NEW_FILE_HEADER = (
    "# mcp-tui configuration: servers, timeouts, preferences and per-tool rules.\n"
    "# mcp-tui edits this file from its preferences screen and keeps your comments and layout.\n"
)
_PREFERENCES = {f.name: f for f in dataclasses.fields(Preferences)}
_TIMEOUTS = {f.name for f in dataclasses.fields(Timeouts)}


class ConfigWriteError(Exception):
    """The change was not saved; the message says why. The file was left exactly as it was."""


def editable_problem(path: Path) -> str | None:
    """Why ``path`` cannot be edited (the text ConfigWriteError would carry), or None when it can."""
    try:
        _read_document(path)
    except ConfigWriteError as error:
        return str(error)
    return None


def set_preference(path: Path, key: str, value: bool | int) -> bool:
    """Set ``[preferences] key``; a preference not in the file and set to its default is not written."""
    if key not in _PREFERENCES:
        raise ValueError(f"unknown preference {key!r}")
    default = getattr(Preferences(), key)
    if isinstance(default, bool) != isinstance(value, bool) or (not isinstance(value, bool) and value < 0):
        raise ValueError(f"preference {key!r} cannot be {value!r}")
    return _edit(path, lambda doc: _set(_table(doc, "preferences"), key, value, default))


def set_timeout(path: Path, key: str, seconds: float) -> bool:
    """Set ``[timeouts] key`` to ``seconds`` (> 0); whole numbers are written without a fraction."""
    if key not in _TIMEOUTS:
        raise ValueError(f"unknown timeout {key!r}")
    if isinstance(seconds, bool) or not seconds > 0:
        raise ValueError(f"timeout {key!r} must be greater than 0, not {seconds!r}")
    value: float | int = int(seconds) if float(seconds).is_integer() else float(seconds)
    default = getattr(Timeouts(), key)
    return _edit(path, lambda doc: _set(_table(doc, "timeouts"), key, value, default))


def set_server_trust(path: Path, server: str, trust: Trust | str) -> bool:
    """Set ``trust`` of ``[servers.<server>]``, which must be in this file."""
    level = Trust(trust).value

    def change(doc: tomlkit.TOMLDocument) -> None:
        servers = doc.get("servers")
        entry = servers.get(server) if isinstance(servers, MutableMapping) else None
        if not isinstance(entry, MutableMapping):
            raise ConfigWriteError(
                f"{path.name} has no server named {server!r} (only servers defined in this file have a "
                "trust setting that can be saved); nothing was changed"
            )
        _set(entry, "trust", level, Trust.UNTRUSTED.value)

    return _edit(path, change)


def set_rule(path: Path, rule: ToolRule) -> bool:
    """Add the rule, or change the one already there for the same server and tool (keeping its comments)."""
    if rule.action not in RULE_ACTIONS or rule.ceiling not in GRADES:
        raise ValueError(f"invalid rule {rule!r}")

    def change(doc: tomlkit.TOMLDocument) -> None:
        rules = _rules(doc, create=True)
        matches = [entry for entry in rules if _is_rule_for(entry, rule.server, rule.tool)]
        if matches:
            entry = matches[-1]  # the loader uses the last one, so that is the one to change
            _put(entry, "action", rule.action)
            if rule.action == "always" or "ceiling" in entry:
                _put(entry, "ceiling", rule.ceiling)
            return
        entry = tomlkit.inline_table() if isinstance(rules, Array) else tomlkit.table()
        entry.update({"server": rule.server, "tool": rule.tool, "action": rule.action})
        if rule.action == "always":
            entry["ceiling"] = rule.ceiling
        if isinstance(entry, Table):
            entry.add(tomlkit.nl())  # a blank line before whatever table follows
        rules.append(entry)

    return _edit(path, change)


def remove_rule(path: Path, server: str, tool: str) -> bool:
    """Remove every rule for this server and tool (an earlier duplicate must not take over)."""

    def change(doc: tomlkit.TOMLDocument) -> None:
        rules = _rules(doc, create=False)
        if rules is None:
            return
        for index in reversed(range(len(rules))):
            if _is_rule_for(rules[index], server, tool):
                del rules[index]
        if len(rules) == 0:
            del doc["rules"]

    return _edit(path, change)


def _edit(path: Path, change: Callable[[tomlkit.TOMLDocument], None]) -> bool:
    doc = _read_document(path)
    change(doc)
    return write_if_changed(path, doc.as_string())


def _read_document(path: Path) -> tomlkit.TOMLDocument:
    if path.suffix.lower() in (".json", ".jsonc"):
        raise _json_refusal(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return tomlkit.parse(NEW_FILE_HEADER)
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigWriteError(f"{path} cannot be read ({error}); the change was not saved") from None
    if text.lstrip().startswith("{"):
        raise _json_refusal(path)
    try:
        tomllib.loads(text)  # the strict parser decides; tomlkit is more lenient in places
        return tomlkit.parse(text)
    except (tomllib.TOMLDecodeError, tomlkit.exceptions.ParseError) as error:
        raise ConfigWriteError(
            f"{path} has a TOML syntax error ({error}); mcp-tui does not rewrite a file it cannot read "
            "completely, so the change was not saved. Fix the file and try again."
        ) from None


def _json_refusal(path: Path) -> ConfigWriteError:
    return ConfigWriteError(
        f"{path} is a JSON file from another MCP client; mcp-tui only reads it, so the change was not saved. "
        "Use a config.toml (the default, or --config FILE.toml) to keep preferences and rules."
    )


def _table(doc: tomlkit.TOMLDocument, name: str) -> MutableMapping[str, Any]:
    if name not in doc:
        doc[name] = tomlkit.table()
    table = doc[name]
    if not isinstance(table, Table | InlineTable):
        raise ConfigWriteError(f"[{name}] in the config file is not a table; fix it by hand first")
    return table


def _set(table: MutableMapping[str, Any], key: str, value: object, default: object) -> None:
    if key not in table and value == default:
        return  # absent means default: writing it would change the file without changing anything
    _put(table, key, value)


def _put(table: MutableMapping[str, Any], key: str, value: object) -> None:
    if key in table and _same(table[key], value):
        return  # rewriting an equal value could still change its spelling (15.0 vs 15, 'ask' vs "ask")
    table[key] = value


def _same(current: object, value: object) -> bool:
    unwrap = getattr(current, "unwrap", None)
    current = unwrap() if callable(unwrap) else current
    if isinstance(current, bool) or isinstance(value, bool):
        return current is value
    if isinstance(current, int | float) and isinstance(value, int | float):
        return float(current) == float(value)
    return current == value


def _rules(doc: tomlkit.TOMLDocument, *, create: bool) -> Any:
    if "rules" not in doc:
        if not create:
            return None
        doc["rules"] = tomlkit.aot()
    rules = doc["rules"]
    if not isinstance(rules, AoT | Array) or not all(isinstance(e, MutableMapping) for e in rules):
        raise ConfigWriteError(
            "rules in the config file is not a list of [[rules]] tables; fix it by hand first"
        )
    return rules


def _is_rule_for(entry: Any, server: str, tool: str) -> bool:
    return bool(entry.get("server") == server and entry.get("tool") == tool)
