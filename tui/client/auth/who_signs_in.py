"""The one rule for which servers can sign in (OAuth), and how to say that one cannot.

Import-cheap (no SDK): ``mcp-tui auth`` asks it of a configured server before any connection exists, and
the session's ``cannot_sign_in`` words its answer with it.
"""

from __future__ import annotations

from tui.config.model import ServerConfig

NOT_REMOTE = "only HTTP and SSE servers sign in"


def signs_in(config: ServerConfig) -> bool:
    """Whether the server's transport has a sign-in at all: HTTP and SSE do, stdio does not."""
    return config.transport != "stdio"


def nothing_to_sign_in(server: str) -> str:
    """Why ``server`` cannot sign in, in the words the TUI and ``mcp-tui auth`` both use."""
    return f"{server} has nothing to sign in to ({NOT_REMOTE})."


def cannot_sign_in(config: ServerConfig) -> str | None:
    """Why the configured server cannot sign in, or None when it can."""
    return None if signs_in(config) else nothing_to_sign_in(config.name)
