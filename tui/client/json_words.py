"""JSON values named in words, for messages about what a server sent instead of what was expected."""

from __future__ import annotations

from typing import Any


def json_type(value: Any) -> str:
    """``"a string"``, ``"an array"``, ``"null"``…: the JSON type of ``value`` as a sentence says it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object" if isinstance(value, dict) else type(value).__name__
