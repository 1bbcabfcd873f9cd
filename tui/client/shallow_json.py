"""The top level of a JSON object nested too deeply for Python's parser, read without recursion.

A server's answer nested past Python's own limit (about 1000 levels) cannot be decoded at all, yet its
``id`` is at the top: reading just that level lets the request it answers end at once, with the reason,
instead of waiting for its timeout. Nested values are replaced by ``NESTED`` (their text is not kept).
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

NESTED: Final = "(an object or array nested too deeply to read)"

# One JSON token: a string (with its escapes), a structural character, or a bare literal or number.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+', re.DOTALL)


def top_level(raw: bytes) -> dict[str, Any] | None:
    """The members of the object ``raw`` holds, with nested values as ``NESTED``; None when ``raw`` is
    not an object or its top level is not well-formed."""
    depth = 0
    members: dict[str, Any] = {}
    key: str | None = None
    state = "start"  # start -> key -> colon -> value -> comma -> key ... -> end
    for match in _TOKEN.finditer(raw):
        token = match.group()
        if state == "end":
            return None  # something after the closing brace
        if token in (b"{", b"["):
            if depth == 0:
                if token != b"{" or state != "start":
                    return None
                state = "key"
            elif depth == 1:
                if state != "value" or key is None:
                    return None
                members[key] = NESTED
                state = "comma"
            depth += 1
            continue
        if token in (b"}", b"]"):
            depth -= 1
            if depth < 0:
                return None
            if depth == 0:
                if token != b"}" or state not in ("comma", "key"):
                    return None
                state = "end"
            continue
        if depth != 1:
            continue
        if token == b":":
            if state != "colon":
                return None
            state = "value"
        elif token == b",":
            if state != "comma":
                return None
            state = "key"
        else:
            try:
                value = json.loads(token)
            except ValueError:
                return None
            if state == "key" and isinstance(value, str):
                key, state = value, "colon"
            elif state == "value" and key is not None:
                members[key], state = value, "comma"
            else:
                return None
    return members if state == "end" else None
