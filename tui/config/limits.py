"""``[preferences]`` limits of a managed or project policy file: ceilings a user's settings cannot pass.

    [preferences]
    max_auto_approve = "safe"        # category preferences auto-approve at most this grade
    max_always_grade = "medium"      # approvals and "always" rules allow at most this grade
    allow_always_approvals = false   # remembered "always" approvals are not honoured (session ones are)
    approval_max_age = "8h"          # every remembered approval ends this long after it was made

Several files combine to the strictest of each (``ManagedLimits.tighter``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tui.config.model import Tier

if TYPE_CHECKING:
    from tui.config.sections import Reporter

_GRADES = ("safe", "low", "medium", "high", "critical")
LIMIT_KEYS = ("max_auto_approve", "max_always_grade", "allow_always_approvals", "approval_max_age")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_AGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd])\s*$")


@dataclass(frozen=True)
class ManagedLimits:
    max_auto_approve: str | None = None
    """The highest grade category preferences may auto-approve; None: no limit."""
    max_always_grade: str | None = None
    """The highest grade a remembered approval or an "always" rule may allow; None: no limit."""
    allow_always_approvals: bool = True
    """False: remembered "always" approvals are not honoured (this session's still are)."""
    approval_max_age: float | None = None
    """Seconds after which every remembered approval ends; None: no limit."""

    def tighter(self, other: ManagedLimits) -> ManagedLimits:
        """The strictest of both: a second file can add limits, never remove one."""
        return ManagedLimits(
            _lower(self.max_auto_approve, other.max_auto_approve),
            _lower(self.max_always_grade, other.max_always_grade),
            self.allow_always_approvals and other.allow_always_approvals,
            min((a for a in (self.approval_max_age, other.approval_max_age) if a is not None), default=None),
        )


def _lower(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return a or b
    return a if _GRADES.index(a) <= _GRADES.index(b) else b


def parse_age(value: object) -> float:
    """``"8h"``, ``"30m"``, ``"7d"``, ``"90s"`` or a whole number of seconds; ValueError otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return float(value)
    if isinstance(value, str) and (match := _AGE.match(value)) and float(match.group(1)) > 0:
        return float(match.group(1)) * _UNITS[match.group(2)]
    raise ValueError('a duration such as "90s", "30m", "8h" or "7d" (or seconds, more than 0)')


def read_limits(data: object, rep: Reporter, tier: Tier) -> ManagedLimits:
    table = ("preferences",)
    if not isinstance(data, dict):
        rep.add(table, f"must be {rep.table_word} of limits, not {rep.show(data)}")
        return ManagedLimits()
    values: dict[str, object] = {}
    for key, value in data.items():
        if key not in LIMIT_KEYS:
            hint = (
                f"; a {tier} file sets limits only ({', '.join(LIMIT_KEYS)}); preferences are in config.toml"
            )
            rep.unknown(table, key, LIMIT_KEYS, hint)
            continue
        try:
            values[key] = _limit(key, value)
        except ValueError as error:
            rep.add(table, f"{json.dumps(key)} must be {error}, not {rep.show(value)}; ignored", key)
    if tier == "project" and values.get("allow_always_approvals") is True:
        values.pop("allow_always_approvals")  # true is the default: nothing to loosen, nothing to say
    return ManagedLimits(**values)  # type: ignore[arg-type]


def _limit(key: str, value: object) -> object:
    if key in ("max_auto_approve", "max_always_grade"):
        if not isinstance(value, str) or value.strip().lower() not in _GRADES:
            raise ValueError(f"one of {', '.join(_GRADES)}")
        return value.strip().lower()
    if key == "allow_always_approvals":
        if not isinstance(value, bool):
            raise ValueError("true or false")
        return value
    return parse_age(value)
