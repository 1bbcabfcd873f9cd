"""What the TUI says when its sign-in screen closes: a DPoP-bound token says so, and where its key is."""

from __future__ import annotations

from tui.model.servers import ConnectionStatus, ServerState, StoredSignIn
from tui.ui.screens.sign_in import outcome_text

CONNECTED = ServerState("remote", ConnectionStatus.CONNECTED)


def test_a_bound_token_is_named_with_where_its_key_is() -> None:
    stored = StoredSignIn(signed_in=True, dpop_bound=True, dpop_key="in the OS keyring")
    assert outcome_text(CONNECTED, stored) == "Signed in to remote (DPoP-bound token, key in the OS keyring)."


def test_a_bearer_token_is_just_signed_in() -> None:
    assert outcome_text(CONNECTED, StoredSignIn(signed_in=True)) == "Signed in to remote."
    assert outcome_text(CONNECTED) == "Signed in to remote."
