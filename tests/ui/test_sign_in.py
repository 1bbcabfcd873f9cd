"""Sign-in from the server list: the row says "needs sign-in" and names the key; the key opens a small
screen with the authorization address (copyable); once the browser comes back the server connects."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest
from app_harness import WAIT_LIMIT, make_app, wait_for
from servers.oauth_server import serving
from textual.widgets import TextArea

from tui.model.servers import ConnectionStatus
from tui.ui.screens.sign_in import SignInScreen
from tui.ui.textual_internals import FooterKey
from tui.ui.widgets.server_list import ServerList


async def test_sign_in_from_the_server_list(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROWSER", "true")  # "opens" nothing; the test plays the browser below
    async with serving() as (url, provider):
        config = f'[servers.remote]\nurl = "{url}"\n\n[servers.remote.auth]\ncallback_port = 0\n'
        app = make_app(home, config)
        async with app.run_test(size=(120, 40)) as pilot:

            def status() -> ConnectionStatus | None:
                return app.session.state("remote").status

            await wait_for(pilot, lambda: status() is ConnectionStatus.NEEDS_SIGN_IN)
            row = app.main_screen.query_one(ServerList).get_option_at_index(0).prompt
            assert "needs sign-in: press ctrl+g to sign in" in str(row)
            assert provider.authorizations == 0

            await pilot.press("ctrl+g")
            await wait_for(pilot, lambda: isinstance(app.screen, SignInScreen) and app.screen.url is not None)
            screen = app.screen
            assert isinstance(screen, SignInScreen)
            assert screen.query_one("#sign-in-url", TextArea).text == screen.url
            assert screen.url is not None
            # The way back goes through the app's own callback listener: as patient as any wait here.
            async with httpx2.AsyncClient(follow_redirects=True, timeout=WAIT_LIMIT) as browser:
                page = await browser.get(screen.url)
            assert page.status_code == 200

            await wait_for(pilot, lambda: status() is ConnectionStatus.CONNECTED)
            await wait_for(pilot, lambda: not isinstance(app.screen, SignInScreen))
            assert provider.authorizations == 1


async def test_a_stdio_server_offers_no_sign_in_and_the_key_says_why(home: Path) -> None:
    app = make_app(home)  # the bundled demo: one stdio server
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.main_screen.session_started)
        await app.session.ready("demo")
        footer_keys = [key.description for key in app.main_screen.query(FooterKey)]
        assert "Sign in" not in footer_keys, "no dead key in the footer"

        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: app._notifications)  # the key's answer: a note
        assert app.is_running
        assert not isinstance(app.screen, SignInScreen)
        notes = [str(n.message) for n in app._notifications]
        assert notes[-1] == ("demo has nothing to sign in to (only HTTP and SSE servers sign in).")
        # Nothing was changed on the way: the server is still settled, so waiting for it returns.
        [state] = await app.session.ready("demo", timeout=5)
        assert state.status is ConnectionStatus.CONNECTED
