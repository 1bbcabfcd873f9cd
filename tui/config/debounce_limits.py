"""What the live preflight's pause in typing (``preflight_debounce_ms``) may be: whole milliseconds from 0
to 2000.

One rule for the preferences screen, ``config.edit.set_preference`` and a hand-written config.toml. 0 sends
a preflight at every keystroke; past two seconds the answer comes so late after typing stops that it no
longer reads as live.
"""

from __future__ import annotations

MAX_DEBOUNCE_MS = 2000
"""The longest pause that can be set: two seconds."""

DEBOUNCE_RULE = f"a whole number of milliseconds from 0 to {MAX_DEBOUNCE_MS}"
"""What the pause must be, as the config loader says it."""


def is_debounce(value: object) -> bool:
    """Whether ``value`` is a pause that can be set (``True`` is never a number to a person)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_DEBOUNCE_MS


def debounce_ms(value: str | int) -> int:
    """``value`` (a number, or the text a person typed) as milliseconds; ValueError says why it cannot be,
    in words that follow "The live preflight pause" (``must be ...``)."""
    text = value.strip() if isinstance(value, str) else str(value)
    try:
        number = int(text, 10) if isinstance(value, str) else value
    except ValueError:
        shown = text if len(text) <= 20 else text[:19] + "…"
        raise ValueError(f'must be {DEBOUNCE_RULE}, not "{shown}"') from None
    if not is_debounce(number):
        raise ValueError(f"must be {DEBOUNCE_RULE}, not {text}")
    return number
