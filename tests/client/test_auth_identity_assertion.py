"""Enterprise-managed sign-in, leg 1: the configured ID token is traded for an ID-JAG at the identity
provider (RFC 8693), against a real HTTP identity provider on 127.0.0.1."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import uvicorn
from servers.harness import wait_until
from servers.oauth_server import free_port
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from tui.client.auth.errors import SignInFailed
from tui.client.auth.identity_assertion import ID_JAG, ID_TOKEN, TOKEN_EXCHANGE, id_jag_source
from tui.config.auth_model import AuthSettings


@asynccontextmanager
async def identity_provider(seen: list[dict[str, str]]) -> AsyncIterator[str]:
    async def token(request: Request) -> JSONResponse:
        form = {key: str(value) for key, value in (await request.form()).items()}
        seen.append(form)
        if form.get("subject_token") != "the-id-token":
            return JSONResponse({"error": "invalid_grant", "error_description": "unknown ID token"}, 400)
        return JSONResponse({"access_token": "an-id-jag", "issued_token_type": ID_JAG, "token_type": "N_A"})

    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            Starlette(routes=[Route("/token", token, methods=["POST"])]), port=port, log_level="error"
        )
    )
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.get_running_loop().create_task(server.serve())
    await wait_until(lambda: server.started or task.done())  # uvicorn only offers the flag
    if task.done():
        task.result()  # it could not start: say why
    try:
        yield f"http://127.0.0.1:{port}/token"
    finally:
        server.should_exit = True
        await task


async def test_the_id_token_is_exchanged_for_an_id_jag() -> None:
    seen: list[dict[str, str]] = []
    async with identity_provider(seen) as endpoint:
        settings = AuthSettings(
            idp_token_endpoint=endpoint, idp_client_id="idp-client", id_token="the-id-token"
        )
        jag = await id_jag_source(settings)("https://auth.example.com", "https://mcp.example.com/mcp")
    assert jag == "an-id-jag"
    assert seen == [
        {
            "grant_type": TOKEN_EXCHANGE,
            "subject_token": "the-id-token",
            "subject_token_type": ID_TOKEN,
            "requested_token_type": ID_JAG,
            "audience": "https://auth.example.com",
            "resource": "https://mcp.example.com/mcp",
            "client_id": "idp-client",
        }
    ]


async def test_a_refused_exchange_says_what_the_identity_provider_said() -> None:
    async with identity_provider([]) as endpoint:
        source = id_jag_source(AuthSettings(idp_token_endpoint=endpoint, id_token="stale"))
        refused = r"^the identity provider refused the token exchange: unknown ID token$"
        with pytest.raises(SignInFailed, match=refused):
            await source("https://auth.example.com", "https://mcp.example.com/mcp")


def test_missing_settings_are_named() -> None:
    with pytest.raises(SignInFailed, match="needs idp_token_endpoint and id_token"):
        id_jag_source(AuthSettings(idp_token_endpoint="https://idp.example.com/token"))
