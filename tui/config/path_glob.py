"""Our own path glob, compiled once when a policy file is read.

``*`` and ``?`` stay within one path segment, ``**`` crosses segments (a trailing ``/**`` also matches the
directory itself), ``[...]`` is a character class within a segment, and ``~`` at the start is the home
directory. The value is normalised lexically before it is matched (``~`` expanded, ``.`` and ``..``
folded, repeated slashes merged), so ``~/scratch/../.ssh/id`` never matches ``~/scratch/**``. Lexical
means just that: it cannot see symlinks or the directory a server resolves a relative path against.
"""

from __future__ import annotations

import os
import posixpath
import re
from functools import lru_cache


@lru_cache(maxsize=4096)  # one call's arguments meet many glob rules: normalise each value once
def normalise_path(value: str) -> str:
    """``~`` expanded, backslashes as slashes, ``.``/``..`` folded: what a glob is matched against."""
    text = value.replace("\\", "/")
    if text.startswith("~"):
        text = os.path.expanduser(text).replace("\\", "/")
    if not text:
        return text
    normal = posixpath.normpath(text)
    return "/" + normal.lstrip("/") if normal.startswith("//") else normal


def compile_glob(pattern: str) -> re.Pattern[str]:
    """A regex that matches a normalised path exactly when ``pattern`` does. Raises ValueError for a
    pattern that cannot be a path glob (empty, or a class that never closes)."""
    if not pattern.strip():
        raise ValueError("a glob must not be empty")
    text = pattern.replace("\\", "/")
    if text.startswith("~"):
        text = os.path.expanduser(text).replace("\\", "/")
    segments = text.split("/")
    out = ""
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == "**":
            # Zero or more whole segments; at the end, anything below (and the directory itself).
            if last:
                out = out[:-1] + "(?:/.*)?" if out.endswith("/") else out + ".*"
            else:
                out += "(?:[^/]+/)*"
            continue
        out += _segment(segment, pattern)
        if not last:
            out += "/"
    return re.compile(out + r"\Z")


def _segment(segment: str, pattern: str) -> str:
    out, i = "", 0
    while i < len(segment):
        char = segment[i]
        if char == "*":
            out += "[^/]*"
        elif char == "?":
            out += "[^/]"
        elif char == "[":
            end = segment.find("]", i + 2)
            if end < 0:
                raise ValueError(f"the glob {pattern!r} has a [ that never closes")
            body = segment[i + 1 : end]
            negate = body.startswith("!")
            body = re.escape(body[1:] if negate else body).replace(r"\-", "-")
            out += f"[{'^' if negate else ''}{body}]"
            i = end
        else:
            out += re.escape(char)
        i += 1
    return out


def glob_matches(compiled: re.Pattern[str], value: str) -> bool:
    return compiled.match(normalise_path(value)) is not None
