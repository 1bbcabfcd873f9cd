"""Each field of a DPoP proof (RFC 9449 section 4.2), checked by decoding it with PyJWT and the public
key the proof itself carries; the key's thumbprint against RFC 7638's own example; which algorithm is
used and which is refused."""

from __future__ import annotations

import base64
import hashlib
import time
from typing import Any

import jwt
import pytest

from tui.client.auth.dpop_proof import (
    SUPPORTED_ALGORITHMS,
    DpopKey,
    choose_algorithm,
    jwk_thumbprint,
    make_proof,
    target_uri,
)
from tui.client.auth.errors import SignInFailed

URL = "https://mcp.example.com/mcp?session=1#frag"


def decoded(proof: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The proof's header and claims, its signature verified with the key in its header."""
    header = jwt.get_unverified_header(proof)
    key = jwt.PyJWK(header["jwk"], algorithm=header["alg"])
    return header, jwt.decode(proof, key.key, algorithms=[header["alg"]])


@pytest.fixture(scope="module")
def key() -> DpopKey:
    return DpopKey.generate()


def test_the_header_names_the_type_algorithm_and_public_key_only(key: DpopKey) -> None:
    header, _ = decoded(make_proof(key, "post", URL))
    assert header["typ"] == "dpop+jwt"
    assert header["alg"] == "ES256"
    assert set(header["jwk"]) == {"kty", "crv", "x", "y"}, "never the private part (d)"


def test_htm_is_the_method_and_htu_the_url_without_query_or_fragment(key: DpopKey) -> None:
    _, claims = decoded(make_proof(key, "post", URL))
    assert claims["htm"] == "POST"
    assert claims["htu"] == "https://mcp.example.com/mcp"
    assert target_uri("http://127.0.0.1:8/token?x=1") == "http://127.0.0.1:8/token"


def test_iat_is_now(key: DpopKey) -> None:
    _, claims = decoded(make_proof(key, "GET", URL))
    assert abs(claims["iat"] - time.time()) < 5
    _, claims = decoded(make_proof(key, "GET", URL, now=1_700_000_000.7))
    assert claims["iat"] == 1_700_000_000


def test_every_proof_has_its_own_jti(key: DpopKey) -> None:
    jtis = {decoded(make_proof(key, "POST", URL))[1]["jti"] for _ in range(20)}
    assert len(jtis) == 20


def test_ath_is_the_hash_of_the_token_and_only_with_a_token(key: DpopKey) -> None:
    _, claims = decoded(make_proof(key, "POST", URL, access_token="the-token"))
    expected = base64.urlsafe_b64encode(hashlib.sha256(b"the-token").digest()).rstrip(b"=").decode()
    assert claims["ath"] == expected
    assert "ath" not in decoded(make_proof(key, "POST", URL))[1]


def test_the_nonce_is_sent_when_given(key: DpopKey) -> None:
    assert decoded(make_proof(key, "POST", URL, nonce="n-1"))[1]["nonce"] == "n-1"
    assert "nonce" not in decoded(make_proof(key, "POST", URL))[1]


@pytest.mark.parametrize("algorithm", SUPPORTED_ALGORITHMS)
def test_every_supported_algorithm_signs_verifiable_proofs(algorithm: str) -> None:
    key = DpopKey.generate(algorithm)
    header, _ = decoded(make_proof(key, "POST", URL))
    assert header["alg"] == algorithm
    again = DpopKey.from_pem(key.to_pem(), algorithm)
    assert again.thumbprint() == key.thumbprint()


def test_the_thumbprint_is_rfc_7638s() -> None:
    """The example of RFC 7638 section 3.1, extra members and all."""
    n = (
        "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRX"
        "jBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSq"
        "zs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHa"
        "Q-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"
    )
    jwk = {"kty": "RSA", "n": n, "e": "AQAB", "alg": "RS256", "kid": "2011-04-29"}
    assert jwk_thumbprint(jwk) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs"


def test_the_algorithm_is_ours_by_preference_among_those_advertised() -> None:
    assert choose_algorithm(None) == "ES256"
    assert choose_algorithm([]) == "ES256"
    assert choose_algorithm(["RS256", "ES384"]) == "ES384"
    assert choose_algorithm(["PS256", "RS256"]) == "PS256"


def test_an_algorithm_list_without_one_of_ours_is_refused() -> None:
    with pytest.raises(SignInFailed, match=r"accepts DPoP proofs signed with HS256, none only"):
        choose_algorithm(["HS256", "none"])


def test_a_key_the_server_does_not_advertise_is_refused_before_signing(key: DpopKey) -> None:
    with pytest.raises(SignInFailed, match=r"signs with ES256, which the authorization server does not"):
        make_proof(key, "POST", URL, advertised=["RS256"])
    assert decoded(make_proof(key, "POST", URL, advertised=["RS256", "ES256"]))[0]["alg"] == "ES256"
