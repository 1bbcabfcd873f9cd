"""DPoP proofs (RFC 9449): a key pair that binds a server's tokens to this client, and the signed proof
that goes with each request to the authorization server and to the MCP server.

A proof is a JWT with ``typ: dpop+jwt`` and the public key in its header, and claims saying which request
it is for (``htm``, ``htu``), when (``iat``), a unique ``jti``, the token it accompanies (``ath``, requests
to the MCP server only) and the server's ``nonce`` when the server asked for one.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from jwt.algorithms import ECAlgorithm, OKPAlgorithm, RSAAlgorithm

from tui.client.auth.errors import SignInFailed

PrivateKey = ec.EllipticCurvePrivateKey | rsa.RSAPrivateKey | ed25519.Ed25519PrivateKey

_CURVES: dict[str, ec.EllipticCurve] = {
    "ES256": ec.SECP256R1(),
    "ES384": ec.SECP384R1(),
    "ES512": ec.SECP521R1(),
}
SUPPORTED_ALGORITHMS: tuple[str, ...] = ("ES256", "ES384", "ES512", "PS256", "RS256", "EdDSA")
"""What mcp-tui signs proofs with, in the order it prefers them."""
DEFAULT_ALGORITHM = "ES256"
_THUMBPRINT_MEMBERS = {"EC": ("crv", "kty", "x", "y"), "RSA": ("e", "kty", "n"), "OKP": ("crv", "kty", "x")}


@dataclass(frozen=True)
class DpopKey:
    """A proof key: the private key and the algorithm it signs with."""

    private_key: PrivateKey
    algorithm: str

    @classmethod
    def generate(cls, algorithm: str = DEFAULT_ALGORITHM) -> DpopKey:
        if algorithm in _CURVES:
            return cls(ec.generate_private_key(_CURVES[algorithm]), algorithm)
        if algorithm in ("PS256", "RS256"):
            return cls(rsa.generate_private_key(public_exponent=65537, key_size=2048), algorithm)
        if algorithm == "EdDSA":
            return cls(ed25519.Ed25519PrivateKey.generate(), algorithm)
        raise ValueError(f"mcp-tui cannot sign DPoP proofs with {algorithm}")

    def public_jwk(self) -> dict[str, Any]:
        """The public key as a JWK (never the private part)."""
        public = self.private_key.public_key()
        if isinstance(public, ec.EllipticCurvePublicKey):
            jwk: dict[str, Any] = ECAlgorithm.to_jwk(public, as_dict=True)
        elif isinstance(public, rsa.RSAPublicKey):
            jwk = RSAAlgorithm.to_jwk(public, as_dict=True)
        else:
            jwk = OKPAlgorithm.to_jwk(public, as_dict=True)
        return {name: jwk[name] for name in _THUMBPRINT_MEMBERS[jwk["kty"]]}

    def thumbprint(self) -> str:
        """What a token bound to this key names in its ``cnf.jkt``."""
        return jwk_thumbprint(self.public_jwk())

    def to_pem(self) -> str:
        return self.private_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode()

    @classmethod
    def from_pem(cls, pem: str, algorithm: str) -> DpopKey:
        key = serialization.load_pem_private_key(pem.encode(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey | rsa.RSAPrivateKey | ed25519.Ed25519PrivateKey):
            raise ValueError("not a key mcp-tui signs DPoP proofs with")
        return cls(key, algorithm)


def jwk_thumbprint(jwk: dict[str, Any]) -> str:
    """The JWK SHA-256 thumbprint (RFC 7638): the required members only, sorted, no whitespace."""
    members = _THUMBPRINT_MEMBERS[jwk["kty"]]
    canonical = json.dumps({name: jwk[name] for name in members}, separators=(",", ":"))
    return _b64url(hashlib.sha256(canonical.encode()).digest())


def choose_algorithm(advertised: Sequence[str] | None) -> str:
    """The algorithm to sign with: ours by preference among those the authorization server advertises
    (``dpop_signing_alg_values_supported``); ES256 when it advertises none."""
    if not advertised:
        return DEFAULT_ALGORITHM
    for algorithm in SUPPORTED_ALGORITHMS:
        if algorithm in advertised:
            return algorithm
    raise SignInFailed(
        "sign-in refused: the authorization server accepts DPoP proofs signed with "
        f"{', '.join(advertised)} only; mcp-tui signs them with {', '.join(SUPPORTED_ALGORITHMS)}"
    )


def target_uri(url: str) -> str:
    """``htu``: the request's URL without its query and fragment (RFC 9449 section 4.2)."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))


def access_token_hash(access_token: str) -> str:
    """``ath``: the base64url SHA-256 of the access token the proof accompanies."""
    return _b64url(hashlib.sha256(access_token.encode("ascii")).digest())


def make_proof(
    key: DpopKey,
    method: str,
    url: str,
    *,
    access_token: str | None = None,
    nonce: str | None = None,
    advertised: Sequence[str] | None = None,
    now: float | None = None,
) -> str:
    """A fresh proof for one request. ``advertised``: the algorithms the server accepts; a key of any
    other is refused rather than sent to be rejected."""
    if advertised and key.algorithm not in advertised:
        raise SignInFailed(
            f"sign-in refused: the DPoP key signs with {key.algorithm}, which the authorization server "
            f"does not accept ({', '.join(advertised)})"
        )
    claims: dict[str, Any] = {
        "jti": str(uuid.uuid4()),
        "htm": method.upper(),
        "htu": target_uri(url),
        "iat": int(time.time() if now is None else now),
    }
    if access_token is not None:
        claims["ath"] = access_token_hash(access_token)
    if nonce is not None:
        claims["nonce"] = nonce
    headers = {"typ": "dpop+jwt", "jwk": key.public_jwk()}
    return jwt.encode(claims, key.private_key, algorithm=key.algorithm, headers=headers)


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
