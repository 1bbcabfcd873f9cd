"""The length of a JSON value as compact text, worked out without recursion.

``json.dumps`` recurses once per level of nesting, so a message nested about as deeply as Python's parser
reads (1000 levels) cannot be measured that way in a deeper call stack; this walks the value with a list.
"""

from __future__ import annotations

import json
from typing import Any


def compact_size(value: Any) -> int:
    """Bytes (UTF-8) of ``value`` as ``json.dumps(value, ensure_ascii=False, separators=(",", ":"),
    default=str)`` would write it."""
    total = 0
    pending: list[Any] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            # Braces, a colon per member and the commas between members.
            total += 2 + len(item) + max(len(item) - 1, 0)
            for key, member in item.items():
                total += _scalar_size(key if isinstance(key, str) else _key_text(key))
                pending.append(member)
        elif isinstance(item, list | tuple):
            total += 2 + max(len(item) - 1, 0)
            pending.extend(item)
        else:
            total += _scalar_size(item)
    return total


def _key_text(key: Any) -> str:
    # json.dumps writes a non-string key (a number, true, null) as the text of that scalar.
    return str(json.dumps(key))


def _scalar_size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False, default=str).encode())
