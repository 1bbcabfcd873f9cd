"""``[[rules]]`` of any tier, read into ``ToolRule`` values that remember their tier, file and line.

A rule with a bad part is skipped (reported with its line), never kept more permissive than written.
Rules without conditions are one per server and tool (the later one is used, as the preferences screen
edits it); rules with ``when`` may be many, each for its own case.
"""

from __future__ import annotations

import json
from typing import Any, cast

from tui.config.conditions import read_when
from tui.config.locate import KeyPath
from tui.config.model import Tier, ToolRule
from tui.config.sections import GRADES, RULE_ACTIONS, Reporter

_RULE_KEYS = ("server", "tool", "action", "ceiling", "when")
_MANAGED_KEYS = (*_RULE_KEYS, "command", "url")


def read_tier_rules(data: object, rep: Reporter, tier: Tier) -> list[ToolRule]:
    if not isinstance(data, list):
        rep.add(("rules",), f"must be a list of tables ([[rules]]), not {rep.show(data)}; rules ignored")
        return []
    plain: dict[tuple[str, str], ToolRule] = {}
    rules: list[ToolRule] = []
    for index, entry in enumerate(data):
        table: KeyPath = ("rules", index)
        rule = _read_rule(entry, table, rep, tier)
        if rule is None:
            continue
        if rule.when or rule.command or rule.url:
            rules.append(rule)
            continue
        if (rule.server, rule.tool) in plain:
            rep.add(table, f"a second rule for {rule.server}/{rule.tool}; this later one is used")
            rules.remove(plain[(rule.server, rule.tool)])
        plain[(rule.server, rule.tool)] = rule
        rules.append(rule)
    return rules


def _read_rule(entry: object, table: KeyPath, rep: Reporter, tier: Tier) -> ToolRule | None:
    if not isinstance(entry, dict):
        rep.add(table, f"must be {rep.table_word}, not {rep.show(entry)}; rule skipped")
        return None
    known = _MANAGED_KEYS if tier == "managed" else _RULE_KEYS
    for key in entry:
        if key not in known:
            hint = "; only managed rules match a server by command or url" if key in _MANAGED_KEYS else ""
            rep.unknown(table, key, known, hint)
    fields: dict[str, str] = {}
    matchers = {key: entry.get(key) for key in ("command", "url")} if tier == "managed" else {}
    for key, value in matchers.items():
        if value is not None and (not isinstance(value, str) or not value):
            rep.add(
                table,
                f"{json.dumps(key)} must be a non-empty glob string, not {rep.show(value)}; rule skipped",
                key,
            )
            return None
    by_target = any(matchers.values())
    for key in ("server", "tool"):
        value = entry.get(key, "*" if key == "server" and by_target else None)
        if not isinstance(value, str) or not value:
            got = "it is missing" if value is None else f"not {rep.show(value)}"
            rep.add(table, f"{json.dumps(key)} must be a non-empty string, {got}; rule skipped", key)
            return None
        fields[key] = value
    action = entry.get("action")
    if action not in RULE_ACTIONS:
        got = "it is missing" if action is None else f"not {rep.show(action)}"
        rep.add(table, f'"action" must be "always", "ask" or "never", {got}; rule skipped', "action")
        return None
    if tier != "user" and action == "always":
        rep.add(
            table,
            f'a {tier} policy can only tighten ("never", "ask", or limits); "always" belongs in your own '
            "config.toml; rule ignored",
            "action",
        )
        return None
    ceiling = entry.get("ceiling", "critical")
    if not isinstance(ceiling, str) or ceiling.strip().lower() not in GRADES:
        choices = ", ".join(GRADES)
        rep.add(
            table, f'"ceiling" must be one of {choices}, not {rep.show(ceiling)}; rule skipped', "ceiling"
        )
        return None
    when = read_when(entry["when"], table, rep) if "when" in entry else ()
    if when is None:
        return None
    return ToolRule(
        fields["server"],
        fields["tool"],
        cast(Any, action),
        ceiling.strip().lower(),
        when=when,
        tier=tier,
        command=matchers.get("command"),
        url=matchers.get("url"),
        file=str(rep.file),
        line=rep.locate(table),
    )
