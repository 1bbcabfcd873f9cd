"""Who can sign in, for a front end that must know before a session runs.

``mcp-tui auth login|logout SERVER`` refuses a server that has nothing to sign in to (a stdio server) before
it starts a session for it, by the rule the connections follow and in the words ``Session.cannot_sign_in``
uses, so the command and the TUI say the same thing. Once a session runs, its own methods answer (sign in,
sign out, ``sign_in_status`` with a ``tui.model.servers.StoredSignIn``).
"""

from __future__ import annotations

from tui.client.auth.who_signs_in import cannot_sign_in
from tui.model.servers import StoredSignIn

__all__ = ["cannot_sign_in", "dpop_note"]


def dpop_note(stored: StoredSignIn | None) -> str:
    """Whether the stored token is DPoP-bound and where its key is, in the words the TUI and
    ``mcp-tui auth`` both use; empty for a bearer token."""
    if stored is None or not stored.dpop_bound:
        return ""
    return f"DPoP-bound token, key {stored.dpop_key or 'not found'}"
