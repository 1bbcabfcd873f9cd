"""``[gateway]``: who the gateway asks when a call needs a person, in config.toml and in a managed file.

config.toml::

    [gateway]
    ask = ["console", "elicitation"]   # the order of the routes tried; the default

``console`` is a running ``mcp-tui`` attached to the gateway (its own dialog); ``elicitation`` is a form
through the agent's host. A route left out is never tried; with none reachable the call is refused with
"approval needed". A managed file can narrow the elicitation route (a host might answer for itself)::

    [gateway]
    elicitation_up_to = "medium"   # high and critical calls are never asked through the agent's host

Several managed files combine to the strictest (the lowest grade).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from tui.config.model import DEFAULT_ASK, ROUTES, GatewaySettings
from tui.config.sections import Reporter

_GRADES = ("safe", "low", "medium", "high", "critical")
USER_KEYS = ("ask",)
MANAGED_KEYS = ("elicitation_up_to",)


def read_gateway(data: object, rep: Reporter) -> GatewaySettings:
    """config.toml's ``[gateway]``; a bad value is reported (file and line) and the default kept."""
    table = ("gateway",)
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word}, not {rep.show(data)}; using the defaults")
        return GatewaySettings()
    for key in data:
        if key not in USER_KEYS:
            hint = "; elicitation_up_to is a managed setting" if key in MANAGED_KEYS else ""
            rep.unknown(table, key, USER_KEYS, hint)
    if "ask" not in data:
        return GatewaySettings()
    value = data["ask"]
    keeping = f"keeping the default ({json.dumps(list(DEFAULT_ASK))})"
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        rep.add(table, f'"ask" must be a list of routes, not {rep.show(value)}; {keeping}', "ask")
        return GatewaySettings()
    unknown = [item for item in value if item not in ROUTES]
    if unknown:
        words = ", ".join(json.dumps(item) for item in unknown)
        rep.add(
            table,
            f'"ask": unknown route {words}: the routes are "console" and "elicitation"; {keeping}',
            "ask",
        )
        return GatewaySettings()
    if len(set(value)) != len(value):
        rep.add(table, f'"ask" names a route twice: {rep.show(value)}; {keeping}', "ask")
        return GatewaySettings()
    return GatewaySettings(tuple(value))


def read_managed_gateway(data: object, rep: Reporter) -> str | None:
    """A managed file's ``[gateway] elicitation_up_to``: the highest grade asked through an agent's host."""
    table = ("gateway",)
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word}, not {rep.show(data)}")
        return None
    for key in data:
        if key not in MANAGED_KEYS:
            hint = "; the order of the routes (ask) is the user's, in config.toml" if key in USER_KEYS else ""
            rep.unknown(table, key, MANAGED_KEYS, hint)
    value = data.get("elicitation_up_to")
    if value is None:
        return None
    if not isinstance(value, str) or value.strip().lower() not in _GRADES:
        rep.add(
            table,
            f'"elicitation_up_to" must be a risk grade ({", ".join(_GRADES)}), not {rep.show(value)}',
            "elicitation_up_to",
        )
        # Fails closed with the rest of the file; meanwhile no call of any grade goes through a host.
        return "none"
    return value.strip().lower()


def strictest(limits: Iterable[str | None]) -> str | None:
    """The lowest of several files' ``elicitation_up_to`` ("none": no grade); None when none sets one."""
    order = ("none", *_GRADES)
    found = [limit for limit in limits if limit is not None]
    return min(found, key=order.index) if found else None


def elicitation_allowed(grade: str, up_to: str | None) -> bool:
    """May a call of ``grade`` be asked through the agent's host under the managed limit ``up_to``?"""
    if up_to is None:
        return True
    if up_to == "none":
        return False
    return _GRADES.index(grade) <= _GRADES.index(up_to)
