"""DPoP-bound tokens (RFC 9449) against a real DPoP-enforcing server: every grant, refresh, nonces from
both servers, the key kept apart from the tokens, and a key no longer held."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from servers.dpop_server import AS_NONCE, JWT_BEARER, RS_NONCE, DpopAuthority, serving
from servers.harness import settled
from test_auth_sign_in import NAME, Browser, connected, manager_for, stored
from test_auth_sign_in import config as signing_in

from tui.client.auth.dpop_keys import key_dir
from tui.client.auth.store import token_file
from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig
from tui.model.results import CallStatus
from tui.model.servers import ConnectionStatus


def config(url: str, **auth: object) -> ServerConfig:
    """The key in memory unless a test says otherwise: a test never writes to a real OS keyring."""
    return signing_in(url, **{"dpop_key": "memory", **auth})


@pytest.fixture
def auth_dir(tmp_path: Path) -> Path:
    """A token directory inside the test's own directory: key files go to its sibling, which for
    ``tmp_path`` itself would be the directory all tests share."""
    return tmp_path / "auth"


async def call_whoami(manager: ConnectionManager) -> str:
    outcome = await manager.call_tool(NAME, "whoami", {})
    assert outcome.status is CallStatus.OK, outcome.error
    return json.dumps([repr(block) for block in outcome.content])


async def test_sign_in_gets_a_bound_token_and_presents_it_with_fresh_proofs(auth_dir: Path) -> None:
    async with serving() as (url, authority):
        async with manager_for(config(url, dpop_key="file"), auth_dir) as manager:
            state = await manager.sign_in(NAME, Browser(), open_browser=False)
            assert state.status is ConnectionStatus.CONNECTED, (state.error, authority.refusals)
            assert "signed in with DPoP" in await call_whoami(manager)
            status = manager.sign_in_status(NAME)
        assert status is not None
        assert status.dpop_bound
        key_file = key_dir(auth_dir) / token_file(auth_dir, NAME).with_suffix(".key").name
        assert status.dpop_key == f"in {key_file}"
        [token_proof] = authority.token_proofs
        assert token_proof["grant"] == "authorization_code"
        assert token_proof["htu"] == url.removesuffix("/mcp") + "/token"
        assert "ath" not in token_proof
        assert "nonce" not in token_proof
        proofs = authority.resource_proofs
        assert len(proofs) >= 3, "initialize, initialized, tools/list, tools/call each carry one"
        assert len({proof["jti"] for proof in proofs}) == len(proofs), "a fresh proof per request"
        assert {proof["htm"] for proof in proofs} <= {"POST", "GET", "DELETE"}
        assert authority.refusals == []
        # The token file names the key only by its thumbprint; the key is in its own file elsewhere.
        on_disk = stored(auth_dir)
        assert on_disk["dpop_jkt"] == authority.access[on_disk["tokens"]["access_token"]]  # type: ignore[index]
        assert "PRIVATE KEY" not in token_file(auth_dir, NAME).read_text()
        assert not any(name.endswith(".key") for name in os.listdir(auth_dir))


async def test_nonces_from_both_servers_are_answered_once_each(tmp_path: Path) -> None:
    async with serving(DpopAuthority(require_nonce=True)) as (url, authority):
        async with manager_for(config(url), tmp_path) as manager:
            state = await manager.sign_in(NAME, Browser(), open_browser=False)
            assert state.status is ConnectionStatus.CONNECTED, (state.error, authority.refusals)
            await call_whoami(manager)
        assert authority.challenges == {"token": 1, "resource": 1}, "the nonce is kept for later requests"
        assert [proof["nonce"] for proof in authority.token_proofs] == [AS_NONCE]
        assert {proof["nonce"] for proof in authority.resource_proofs} == {RS_NONCE}


async def test_the_server_s_dpop_challenge_alone_turns_dpop_on(tmp_path: Path) -> None:
    """No dpop_bound_access_tokens_required, no setting: the 401 names the DPoP scheme."""
    authority = DpopAuthority(required=False, challenge="DPoP")
    async with serving(authority) as (url, _), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, Browser(), open_browser=False)
        assert state.status is ConnectionStatus.CONNECTED, (state.error, authority.refusals)
    assert len(authority.token_proofs) == 1


async def test_dpop_false_sends_no_proof(tmp_path: Path) -> None:
    async with serving() as (url, authority), manager_for(config(url, dpop=False), tmp_path) as manager:
        state = await manager.sign_in(NAME, Browser(), open_browser=False)
        assert state.status is not ConnectionStatus.CONNECTED
    assert authority.refusals == ["token: no DPoP proof"]


async def test_an_algorithm_the_server_does_not_advertise_is_refused(tmp_path: Path) -> None:
    authority = DpopAuthority(algorithms=["HS256"])
    async with serving(authority) as (url, _), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, Browser(), open_browser=False)
    assert state.status is ConnectionStatus.NEEDS_SIGN_IN
    assert state.error is not None
    assert "accepts DPoP proofs signed with HS256 only" in state.error
    assert authority.token_proofs == [], "nothing was sent to be rejected"
    assert authority.refusals == []


async def test_the_advertised_algorithm_is_used(tmp_path: Path) -> None:
    authority = DpopAuthority(algorithms=["ES384", "PS256"])
    async with serving(authority) as (url, _), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, Browser(), open_browser=False)
        assert state.status is ConnectionStatus.CONNECTED, (state.error, authority.refusals)
    assert {proof["header"]["alg"] for proof in authority.resource_proofs} == {"ES384"}


async def test_a_refresh_carries_a_proof_and_stays_bound(auth_dir: Path) -> None:
    async with serving(DpopAuthority(access_ttl=1)) as (url, authority):
        async with manager_for(config(url, dpop_key="file"), auth_dir) as manager:
            await manager.sign_in(NAME, Browser(), open_browser=False)
        authority.access.clear()  # the access token is gone (expired); the refresh token still works
        data = stored(auth_dir)
        data["expires_at"] = time.time() - 10
        token_file(auth_dir, NAME).write_text(json.dumps(data))
        async with manager_for(config(url, dpop_key="file"), auth_dir) as manager:
            assert await connected(manager) is ConnectionStatus.CONNECTED, authority.refusals
            await call_whoami(manager)
    assert [proof["grant"] for proof in authority.token_proofs] == ["authorization_code", "refresh_token"]
    assert stored(auth_dir)["dpop_jkt"] == data["dpop_jkt"]


async def test_a_memory_key_dies_with_the_run_and_its_token_is_not_sent(tmp_path: Path) -> None:
    async with serving() as (url, authority):
        async with manager_for(config(url, dpop_key="memory"), tmp_path) as manager:
            await manager.sign_in(NAME, Browser(), open_browser=False)
        sent = len(authority.resource_proofs)
        async with manager_for(config(url, dpop_key="memory"), tmp_path) as manager:
            assert await connected(manager) is ConnectionStatus.NEEDS_SIGN_IN
        assert len(authority.resource_proofs) == sent
        assert not any(r.startswith("resource: proof key") for r in authority.refusals), "never presented"


async def test_sign_out_discards_the_key(auth_dir: Path) -> None:
    async with serving() as (url, _), manager_for(config(url, dpop_key="file"), auth_dir) as manager:
        await manager.sign_in(NAME, Browser(), open_browser=False)
        assert list(key_dir(auth_dir).glob("*.key"))
        assert await manager.sign_out(NAME)
        assert not list(key_dir(auth_dir).glob("*.key"))


async def test_client_credentials_and_jwt_bearer_get_bound_tokens_too(tmp_path: Path) -> None:
    workload = tmp_path / "workload.jwt"
    workload.write_text("header.payload.signature\n")
    grants = {
        "client_credentials": {"grant": "client_credentials", "client_id": "c", "client_secret": "s"},
        JWT_BEARER: {"grant": "jwt-bearer", "client_id": "w", "assertion_file": str(workload)},
    }
    async with serving() as (url, authority):
        for index, settings in enumerate(grants.values()):
            async with manager_for(config(url, **settings), tmp_path / str(index)) as manager:
                await manager.start()
                state = await settled(manager, NAME)
                assert state.status is ConnectionStatus.CONNECTED, (state.error, authority.refusals)
                await call_whoami(manager)
    assert [proof["grant"] for proof in authority.token_proofs] == list(grants)
    assert authority.assertions == ["header.payload.signature"]
