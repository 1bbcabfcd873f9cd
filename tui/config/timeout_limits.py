"""What a timeout may be: a number of seconds greater than 0 and at most a day.

One rule for every place a person sets one (the preferences screen, ``config.edit.set_timeout``, a
hand-written config.toml), with the message that says what is wrong. A day is far beyond any request
mcp-tui waits for and still catches a slip of the keyboard (``1e9``) or a value that means "never" (``inf``).
"""

from __future__ import annotations

import math

MAX_TIMEOUT_S = 86_400.0
"""The longest timeout that can be set: one day."""


TIMEOUT_RULE = f"a number of seconds greater than 0 and at most {MAX_TIMEOUT_S:g} (one day)"
"""What a timeout must be, as the config loader says it."""


def is_timeout(value: float) -> bool:
    """Whether ``value`` (already a number) is a timeout that can be set (never NaN or infinite)."""
    return 0 < value <= MAX_TIMEOUT_S


def timeout_seconds(value: str | float) -> float:
    """``value`` (a number, or the text a person typed) as seconds; ValueError says why it cannot be, in
    words that follow "The call timeout" (``must be ...``)."""
    if isinstance(value, bool):
        raise ValueError(f"must be a number of seconds, not {value!r}")
    if isinstance(value, str):
        text = value.strip()
        try:
            seconds = float(text)
        except ValueError:
            shown = text if len(text) <= 20 else text[:19] + "…"
            raise ValueError(f'must be a number of seconds, not "{shown}"') from None
    else:
        seconds = float(value)
        text = f"{seconds:g}"
    if math.isnan(seconds):
        raise ValueError(f'must be a number of seconds, not "{text}"')
    if not seconds > 0:
        raise ValueError(f"must be greater than 0 seconds, not {text}")
    if seconds > MAX_TIMEOUT_S:
        raise ValueError(f"must be at most {MAX_TIMEOUT_S:g} seconds (one day), not {text}")
    return seconds


def seconds_text(seconds: float) -> str:
    """How a timeout is shown and written: ``90``, ``2.5`` (no trailing ``.0``)."""
    return f"{int(seconds)}" if float(seconds).is_integer() else f"{seconds:g}"
