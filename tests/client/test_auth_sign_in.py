"""Signing in to a real OAuth-protected streamable HTTP server through the real callback listener.

The "browser" is an HTTP client that follows the authorization server's redirects, so the code reaches
mcp-tui exactly as a browser would deliver it: as a GET on the listener at 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import stat
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import httpx2
from mcp.server.auth.provider import TokenError
from servers.harness import LIMITS, Recorder, settled
from servers.oauth_server import AutoApprove, serving

from tui.client.auth.browser_step import SIGN_IN_NEEDED, can_open_browser
from tui.client.auth.store import token_file
from tui.client.manager import ConnectionManager
from tui.config.auth_model import AuthSettings
from tui.config.model import ServerConfig
from tui.model.servers import ConnectionStatus

NAME = "remote"
SIGN_IN_LIMIT = 45.0
"""Seconds a sign-in (and each page the test's browser asks for) may take: every flow here ends by itself
(a callback, a refusal, a cancel) in well under a second on an idle machine; the limit only bounds a broken
test, below the suite's 60 s per test. No test here is about a sign-in that runs out of time."""


def config(url: str, **auth: object) -> ServerConfig:
    settings = AuthSettings(callback_port=0, sign_in_timeout=SIGN_IN_LIMIT, **auth)  # type: ignore[arg-type]
    return ServerConfig(name=NAME, transport="http", url=url, auth=settings)


@asynccontextmanager
async def manager_for(server: ServerConfig, auth_dir: Path) -> AsyncIterator[ConnectionManager]:
    manager = ConnectionManager([server], LIMITS, Recorder(), auth_dir=auth_dir)
    try:
        yield manager
    finally:
        await manager.aclose()


class Browser:
    """Follows the authorization URL like a browser; ``tamper`` may rewrite the way back first."""

    def __init__(self, tamper: Callable[[str], str] | None = None) -> None:
        self.shown: list[str] = []
        self.tamper = tamper
        self.pages: list[httpx2.Response] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def __call__(self, url: str) -> None:
        self.shown.append(url)
        task = asyncio.get_running_loop().create_task(self._visit(url))
        self._tasks.add(task)

    async def _visit(self, url: str) -> None:
        async with httpx2.AsyncClient(timeout=SIGN_IN_LIMIT) as client:
            answer = await client.get(url)
            back = answer.headers["location"]
            if self.tamper is not None:
                back = self.tamper(back)
            self.pages.append(await client.get(back))


async def connected(manager: ConnectionManager) -> ConnectionStatus:
    await manager.start()
    return (await settled(manager, NAME)).status


def stored(auth_dir: Path) -> dict[str, object]:
    return json.loads(token_file(auth_dir, NAME).read_text())


async def test_a_server_that_needs_sign_in_says_so_and_opens_no_browser(tmp_path: Path) -> None:
    async with serving() as (url, provider), manager_for(config(url), tmp_path) as manager:
        assert await connected(manager) is ConnectionStatus.NEEDS_SIGN_IN
        assert manager.state(NAME).error == SIGN_IN_NEEDED
        assert provider.authorizations == 0
        assert not token_file(tmp_path, NAME).exists()


async def test_sign_in_through_the_callback_listener_stores_tokens_privately(tmp_path: Path) -> None:
    browser = Browser()
    async with serving() as (url, provider), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, browser, open_browser=False)
        assert state.status is ConnectionStatus.CONNECTED, state.error
        assert browser.pages[0].status_code == 200
        assert "Signed in" in browser.pages[0].text
        path = token_file(tmp_path, NAME)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        tokens = stored(tmp_path)["tokens"]
        assert isinstance(tokens, dict)
        assert tokens["access_token"] in provider.access
        status = manager.sign_in_status(NAME)
        assert status is not None
        assert status.signed_in
        assert status.can_refresh
        # The URL shown to the person is the authorization server's, with PKCE and the resource.
        query = parse_qs(urlsplit(browser.shown[0]).query)
        assert query["code_challenge_method"] == ["S256"]
        assert query["resource"] == [url]


async def test_a_stored_sign_in_connects_without_a_browser_and_logout_removes_it(tmp_path: Path) -> None:
    async with serving() as (url, provider):
        async with manager_for(config(url), tmp_path) as manager:
            await manager.sign_in(NAME, Browser(), open_browser=False)
        async with manager_for(config(url), tmp_path) as manager:
            assert await connected(manager) is ConnectionStatus.CONNECTED
            assert provider.authorizations == 1
            assert await manager.sign_out(NAME) is True
            assert not token_file(tmp_path, NAME).exists()
            assert await manager.sign_out(NAME) is False
        async with manager_for(config(url), tmp_path) as manager:
            assert await connected(manager) is ConnectionStatus.NEEDS_SIGN_IN


async def test_an_expired_access_token_is_refreshed_silently(tmp_path: Path) -> None:
    async with serving() as (url, provider):
        async with manager_for(config(url), tmp_path) as manager:
            await manager.sign_in(NAME, Browser(), open_browser=False)
        old = stored(tmp_path)["tokens"]
        provider.revoke_all_access()
        # The stored expiry says the token ran out, as it would after an hour.
        data = stored(tmp_path)
        data["expires_at"] = time.time() - 60
        token_file(tmp_path, NAME).write_text(json.dumps(data))
        async with manager_for(config(url), tmp_path) as manager:
            assert await connected(manager) is ConnectionStatus.CONNECTED
        assert provider.refreshes == 1
        assert provider.authorizations == 1
        assert stored(tmp_path)["tokens"] != old


async def test_a_refused_refresh_means_needs_sign_in_again(tmp_path: Path) -> None:
    async with serving() as (url, provider):
        async with manager_for(config(url), tmp_path) as manager:
            await manager.sign_in(NAME, Browser(), open_browser=False)
        provider.revoke_all_access()
        provider.refresh.clear()
        data = stored(tmp_path)
        data["expires_at"] = time.time() - 60
        token_file(tmp_path, NAME).write_text(json.dumps(data))
        async with manager_for(config(url), tmp_path) as manager:
            assert await connected(manager) is ConnectionStatus.NEEDS_SIGN_IN


async def test_a_callback_with_the_wrong_state_is_refused_and_stores_nothing(tmp_path: Path) -> None:
    def wrong_state(back: str) -> str:
        parts = urlsplit(back)
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        query["state"] = "forged"
        return urlunsplit(parts._replace(query=urlencode(query)))

    browser = Browser(tamper=wrong_state)
    async with serving() as (url, _provider), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, browser, open_browser=False)
        assert state.status is ConnectionStatus.NEEDS_SIGN_IN
        assert state.error == "the browser came back with a state that does not match this sign-in"
        assert browser.pages[0].status_code == 400
        assert not token_file(tmp_path, NAME).exists()


async def test_a_refusal_from_the_authorization_server_is_reported(tmp_path: Path) -> None:
    def denied(back: str) -> str:
        parts = urlsplit(back)
        state = parse_qs(parts.query)["state"][0]
        query = urlencode({"error": "access_denied", "error_description": "no thanks", "state": state})
        return urlunsplit(parts._replace(query=query))

    async with serving() as (url, _provider), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, Browser(tamper=denied), open_browser=False)
        assert state.error == "the authorization server refused: access_denied (no thanks)"
        assert not token_file(tmp_path, NAME).exists()


async def test_a_sign_in_can_be_cancelled_while_waiting_for_the_browser(tmp_path: Path) -> None:
    shown = asyncio.Event()
    async with serving() as (url, _provider), manager_for(config(url), tmp_path) as manager:
        signing_in = asyncio.ensure_future(
            manager.sign_in(NAME, lambda _url: shown.set(), open_browser=False)
        )
        await shown.wait()
        manager.cancel_sign_in(NAME)
        state = await signing_in
        assert state.status is ConnectionStatus.NEEDS_SIGN_IN
        assert state.error == "sign-in cancelled"
        assert not token_file(tmp_path, NAME).exists()


async def test_tokens_are_not_sent_to_another_url(tmp_path: Path) -> None:
    async with serving() as (url, provider):
        async with manager_for(config(url), tmp_path) as manager:
            await manager.sign_in(NAME, Browser(), open_browser=False)
        first_servers_tokens = {*provider.access, *provider.refresh}
        assert first_servers_tokens
        async with (
            serving(AutoApprove()) as (other_url, other),
            manager_for(config(other_url), tmp_path) as manager,
        ):
            assert await connected(manager) is ConnectionStatus.NEEDS_SIGN_IN
            assert other.access == {}
            assert first_servers_tokens.isdisjoint(other.presented), "a token went to another server"


def test_no_console_browser_is_started_on_top_of_the_terminal() -> None:
    assert can_open_browser({"DISPLAY": ":0"}, "linux")
    assert can_open_browser({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert can_open_browser({"BROWSER": "firefox"}, "linux")
    assert can_open_browser({}, "darwin")
    # A server over ssh: webbrowser would fall back to lynx or w3m in this very terminal.
    assert not can_open_browser({"TERM": "xterm"}, "linux")


class RefusesCodes(AutoApprove):
    async def exchange_authorization_code(self, client: Any, authorization_code: Any) -> Any:
        raise TokenError("invalid_grant", "the code has expired")


async def test_a_refused_token_request_is_reported_and_stores_nothing(tmp_path: Path) -> None:
    async with serving(RefusesCodes()) as (url, _provider), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, Browser(), open_browser=False)
        assert state.status is ConnectionStatus.NEEDS_SIGN_IN
        assert state.error == (
            "sign-in failed: the authorization server refused the token request: "
            "invalid_grant (the code has expired)"
        )
        assert not token_file(tmp_path, NAME).exists()


async def test_a_sign_in_address_that_reads_as_another_site_is_neither_shown_nor_opened(
    tmp_path: Path,
) -> None:
    browser = Browser()
    hostile = serving(authorize_at="http://good.example@{host}/authorize")
    async with hostile as (url, provider), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, browser, open_browser=False)
        host = urlsplit(url).netloc
        assert state.error == (
            f"sign-in refused: the server's sign-in address reads as good.example but goes to {host} "
            "(the part before @ is a user name)"
        )
        assert state.status is ConnectionStatus.NEEDS_SIGN_IN
        assert browser.shown == []
        assert provider.authorizations == 0
        assert not token_file(tmp_path, NAME).exists()


async def test_a_sign_in_page_without_https_elsewhere_is_refused(tmp_path: Path) -> None:
    browser = Browser()
    plain = serving(authorize_at="http://auth.example/authorize")
    async with plain as (url, provider), manager_for(config(url), tmp_path) as manager:
        state = await manager.sign_in(NAME, browser, open_browser=False)
        assert state.error == (
            "sign-in refused: the server's sign-in address is not encrypted (http://auth.example); "
            "sign-in pages must use https"
        )
        assert browser.shown == []
        assert provider.authorizations == 0
