"""A real MCP server behind a DPoP-enforcing OAuth server (RFC 9449), both on one port, for tests.

The authorization server approves at once (no login page), registers any client, and issues only
DPoP-bound tokens, for the authorization code, refresh, client credentials and jwt-bearer grants. It checks
every proof independently of mcp-tui's code (with PyJWT and its own thumbprint), can require nonces from
both servers, and records what it saw so a test can judge each proof and each challenge.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

import jwt
import uvicorn
from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.types import Receive, Scope, Send

from servers.oauth_server import free_port

AS_NONCE, RS_NONCE = "as-nonce-1", "rs-nonce-1"
JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"


@dataclass
class DpopAuthority:
    algorithms: list[str] | None = field(default_factory=lambda: ["ES256"])
    """``dpop_signing_alg_values_supported`` (None: not advertised)."""
    required: bool = True
    """Protected resource metadata's ``dpop_bound_access_tokens_required``."""
    challenge: str = "Bearer"
    """The scheme of the MCP server's 401 without a token."""
    require_nonce: bool = False
    access_ttl: int = 3600
    token_proofs: list[dict[str, Any]] = field(default_factory=list)
    """The claims of each accepted proof at the token endpoint, with the grant as ``grant``."""
    resource_proofs: list[dict[str, Any]] = field(default_factory=list)
    """The header and claims of each accepted proof sent to the MCP server."""
    refusals: list[str] = field(default_factory=list)
    """Why each refused request was refused."""
    challenges: dict[str, int] = field(default_factory=lambda: {"token": 0, "resource": 0})
    """How many use_dpop_nonce answers each server gave."""
    access: dict[str, str] = field(default_factory=dict)
    """Access token -> the thumbprint of the key it is bound to."""
    refresh: dict[str, str] = field(default_factory=dict)
    assertions: list[str] = field(default_factory=list)
    codes: dict[str, str] = field(default_factory=dict)
    jtis: set[str] = field(default_factory=set)

    def check_proof(self, proof: str | None, method: str, url: str, token: str | None = None) -> Any:
        """The proof's (header, claims), or why it is not valid, as a string."""
        if not proof:
            return "no DPoP proof"
        header = jwt.get_unverified_header(proof)
        if header.get("typ") != "dpop+jwt" or "jwk" not in header or "d" in header["jwk"]:
            return "bad proof header"
        if self.algorithms is not None and header.get("alg") not in self.algorithms:
            return f"algorithm {header.get('alg')} not accepted"
        key = jwt.PyJWK(header["jwk"], algorithm=header["alg"])
        claims = jwt.decode(proof, key.key, algorithms=[header["alg"]])
        if claims.get("htm") != method or claims.get("htu") != url:
            return f"proof is for {claims.get('htm')} {claims.get('htu')}"
        if abs(time.time() - claims.get("iat", 0)) > 60 or claims.get("jti") in self.jtis:
            return "stale or replayed proof"
        if token is not None and claims.get("ath") != _b64(hashlib.sha256(token.encode()).digest()):
            return "ath does not match the token"
        if token is None and "ath" in claims:
            return "ath on a token request"
        self.jtis.add(claims["jti"])
        return header, claims


def thumbprint(jwk: dict[str, str]) -> str:
    members = {"EC": ("crv", "kty", "x", "y"), "RSA": ("e", "kty", "n"), "OKP": ("crv", "kty", "x")}
    canonical = json.dumps({k: jwk[k] for k in members[jwk["kty"]]}, separators=(",", ":"), sort_keys=True)
    return _b64(hashlib.sha256(canonical.encode()).digest())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def build_app(base: str, authority: DpopAuthority) -> Any:
    server = MCPServer("dpop-test")

    @server.tool()
    def whoami() -> str:
        """Says that the caller got through."""
        return "signed in with DPoP"

    mcp_app = server.streamable_http_app()

    async def oauth(request: Request) -> Response:
        path = request.url.path
        if path == "/.well-known/oauth-protected-resource/mcp":
            document = {"resource": f"{base}/mcp", "authorization_servers": [base]}
            return JSONResponse({**document, "dpop_bound_access_tokens_required": authority.required})
        if path == "/.well-known/oauth-authorization-server":
            metadata: dict[str, Any] = {
                "issuer": base,
                "authorization_endpoint": f"{base}/authorize",
                "token_endpoint": f"{base}/token",
                "registration_endpoint": f"{base}/register",
                "response_types_supported": ["code"],
                "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["none", "client_secret_basic"],
            }
            if authority.algorithms is not None:
                metadata["dpop_signing_alg_values_supported"] = authority.algorithms
            return JSONResponse(metadata)
        if path == "/register":
            body = await request.json()
            answer = {**body, "client_id": secrets.token_hex(8), "token_endpoint_auth_method": "none"}
            return JSONResponse(answer, 201)
        if path == "/authorize":
            code = secrets.token_urlsafe(16)
            authority.codes[code] = request.query_params["code_challenge"]
            back = {"code": code, "state": request.query_params.get("state", ""), "iss": base}
            return RedirectResponse(f"{request.query_params['redirect_uri']}?{urlencode(back)}", 302)
        return await token(request)

    async def token(request: Request) -> Response:
        form = {k: v[0] for k, v in parse_qs((await request.body()).decode()).items()}
        checked = authority.check_proof(request.headers.get("DPoP"), "POST", f"{base}/token")
        if isinstance(checked, str):
            authority.refusals.append(f"token: {checked}")
            return JSONResponse({"error": "invalid_dpop_proof", "error_description": checked}, 400)
        header, claims = checked
        if authority.require_nonce and claims.get("nonce") != AS_NONCE:
            authority.challenges["token"] += 1
            error = {"error": "use_dpop_nonce", "error_description": "a nonce is required"}
            return JSONResponse(error, 400, headers={"DPoP-Nonce": AS_NONCE})
        jkt, grant = thumbprint(header["jwk"]), form.get("grant_type", "")
        authority.token_proofs.append({**claims, "grant": grant})
        if grant == "authorization_code":
            challenge = authority.codes.pop(form.get("code", ""), None)
            verifier = _b64(hashlib.sha256(form.get("code_verifier", "").encode()).digest())
            if challenge != verifier:
                return JSONResponse({"error": "invalid_grant"}, 400)
        elif grant == "refresh_token":
            if authority.refresh.pop(form.get("refresh_token", ""), None) != jkt:
                authority.refusals.append("token: refresh token not bound to this key")
                return JSONResponse({"error": "invalid_grant"}, 400)
        elif grant == JWT_BEARER:
            authority.assertions.append(form.get("assertion", ""))
        elif grant != "client_credentials":
            return JSONResponse({"error": "unsupported_grant_type"}, 400)
        access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        authority.access[access], authority.refresh[refresh] = jkt, jkt
        answer = {"access_token": access, "token_type": "DPoP", "expires_in": authority.access_ttl}
        return JSONResponse({**answer, "refresh_token": refresh})

    def resource_problem(request: Request) -> Response | None:
        scheme, _, presented = request.headers.get("Authorization", "").partition(" ")
        metadata = f'resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"'
        if not presented:
            return Response(
                status_code=401, headers={"WWW-Authenticate": f"{authority.challenge} {metadata}"}
            )
        checked = authority.check_proof(request.headers.get("DPoP"), request.method, f"{base}/mcp", presented)
        problem = checked if isinstance(checked, str) else None
        if scheme != "DPoP":
            problem = f"scheme {scheme}"
        elif presented not in authority.access:
            problem = "unknown token"
        elif problem is None and authority.access[presented] != thumbprint(checked[0]["jwk"]):
            problem = "proof key is not the token's"
        if problem is not None:
            authority.refusals.append(f"resource: {problem}")
            return Response(
                status_code=401, headers={"WWW-Authenticate": f'DPoP error="invalid_token", {metadata}'}
            )
        if authority.require_nonce and checked[1].get("nonce") != RS_NONCE:
            authority.challenges["resource"] += 1
            challenge = {"WWW-Authenticate": 'DPoP error="use_dpop_nonce"', "DPoP-Nonce": RS_NONCE}
            return Response(status_code=401, headers=challenge)
        authority.resource_proofs.append({"header": checked[0], **checked[1]})
        return None

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope["path"].startswith("/mcp"):
            await (await oauth(Request(scope, receive)))(scope, receive, send)
            return
        if scope["type"] == "http" and (refused := resource_problem(Request(scope))) is not None:
            await refused(scope, receive, send)
            return
        await mcp_app(scope, receive, send)

    return app


@asynccontextmanager
async def serving(authority: DpopAuthority | None = None) -> AsyncIterator[tuple[str, DpopAuthority]]:
    """The MCP endpoint URL of a running server, and what its authorization server holds and saw."""
    authority = authority or DpopAuthority()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    config = uvicorn.Config(build_app(base, authority), port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.get_running_loop().create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        yield f"{base}/mcp", authority
    finally:
        server.should_exit = True
        await task
