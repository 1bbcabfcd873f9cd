"""Checks of single values that the command line (``--url``, ``--protocol``) and the config file share.

Kept apart from the config readers: the TUI checks its command line before the first frame, and the
readers (sections, servers, auth) are loaded only when there is a file to read.
"""

from __future__ import annotations

import json

PROTOCOLS = ("legacy", "auto", "2026-07-28")
"""How a connection starts: the initialize handshake, server/discover first, or one protocol version."""


def protocol_problem(value: str) -> str | None:
    """Why ``value`` is not a protocol mode (for the command line), or None when it is one."""
    if value in PROTOCOLS:
        return None
    return f"must be one of {', '.join(PROTOCOLS)}, not {value!r}"


def url_problem(url: str) -> str | None:
    """Why ``url`` cannot be an MCP endpoint, or None."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.lower() not in ("http", "https") or not rest.strip("/"):
        return f"{json.dumps(url)} is not an http:// or https:// URL"
    return None
