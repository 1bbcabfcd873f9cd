"""DPoP headers are as secret as Authorization: the proof (a signed JWT) and a DPoP-bound token are
redacted wherever traffic and headers are shown or exported."""

from __future__ import annotations

from tui.model.redact import REDACTED, redact

PROOF = "eyJ0eXAiOiJkcG9wK2p3dCJ9.eyJodG0iOiJQT1NUIn0.c2lnbmF0dXJlLWJ5dGVz"


def test_a_dpop_header_and_the_dpop_scheme_are_redacted() -> None:
    headers = {
        "Authorization": "DPoP abcdefghijklmnop",
        "DPoP": PROOF,
        "dpop-nonce": "n-123",
        "Accept": "*/*",
    }
    assert redact({"headers": headers})["headers"] == {
        "Authorization": REDACTED,
        "DPoP": REDACTED,
        "dpop-nonce": REDACTED,
        "Accept": "*/*",
    }
    assert redact("sent DPoP abcdefghijklmnop") == f"sent DPoP {REDACTED}"
