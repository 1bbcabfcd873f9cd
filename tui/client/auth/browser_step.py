"""The browser step of a sign-in: show the authorization URL, open the browser, wait for the redirect.

The SDK's provider calls ``redirect`` with the URL and then ``callback`` for the code. Outside a sign-in
the person started, ``redirect`` refuses: a connection never opens a browser on its own, it ends in
"needs sign-in" and the person chooses when to sign in.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import webbrowser
from collections.abc import Callable, Mapping
from contextlib import suppress
from urllib.parse import parse_qs, urlsplit

from mcp.shared.auth import AuthorizationCodeResult

from tui.client.auth.callback import CallbackListener
from tui.client.auth.errors import NeedsSignIn, SignInCancelled, SignInFailed
from tui.safety.sign_in_address import address_problem

ShowUrl = Callable[[str], None]
SIGN_IN_NEEDED = "the server asks you to sign in (no usable stored sign-in)"


def free_port() -> int:
    """A port free right now on 127.0.0.1 (for ``callback_port = 0``)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class BrowserStep:
    def __init__(self, server: str, port: int, timeout: float) -> None:
        self.server = server
        self.port = port
        self.timeout = timeout
        self.show_url: ShowUrl | None = None
        """Set while a sign-in the person started is running: receives the URL to show."""
        self.open_browser = True
        self._listener: CallbackListener | None = None
        self._state: str | None = None
        self._cancelled: asyncio.Event | None = None

    def allow(self, show_url: ShowUrl, *, open_browser: bool) -> None:
        self.show_url, self.open_browser = show_url, open_browser
        self._cancelled = asyncio.Event()

    def disallow(self) -> None:
        self.show_url = None

    def cancel(self) -> None:
        if self._cancelled is not None:
            self._cancelled.set()

    async def redirect(self, url: str) -> None:
        if self.show_url is None:
            raise NeedsSignIn(SIGN_IN_NEEDED)
        # The server chose this address (through its authorization metadata): one that reads as one site
        # and goes to another, or asks for a password in the clear, is neither shown nor opened.
        if (problem := address_problem(url)) is not None:
            raise SignInFailed(f"sign-in refused: the server's sign-in address {problem}")
        listener = CallbackListener(self.port)
        await listener.start()
        self._listener = listener
        self._state = parse_qs(urlsplit(url).query).get("state", [None])[0]
        listener.expect(self._state)
        # Always shown, even when a browser opens: it may open on another screen, or not at all.
        self.show_url(url)
        if self.open_browser:
            await asyncio.to_thread(_open_quietly, url)

    async def callback(self) -> AuthorizationCodeResult:
        listener, self._listener = self._listener, None
        assert listener is not None, "redirect() first"
        cancelled = self._cancelled or asyncio.Event()
        try:
            waiting = asyncio.ensure_future(listener.wait(self.timeout))
            stopping = asyncio.ensure_future(cancelled.wait())
            done, _ = await asyncio.wait({waiting, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if waiting not in done:
                waiting.cancel()
                raise SignInCancelled("sign-in cancelled")
            stopping.cancel()
            code, state, issuer = waiting.result()
        finally:
            await listener.close()
        # The state as received: the SDK checks it again, independently of the listener.
        return AuthorizationCodeResult(code=code, state=state, iss=issuer)


def _open_quietly(url: str) -> None:
    if not can_open_browser():
        return  # the URL is shown anyway
    with suppress(webbrowser.Error):
        webbrowser.open(url)


def can_open_browser(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> bool:
    """Whether opening a browser will not take over this terminal. Without a display, Python's
    webbrowser falls back to console browsers (lynx, w3m) that would run on top of mcp-tui's own screen;
    $BROWSER is the person's explicit choice."""
    env = os.environ if environ is None else environ
    if env.get("BROWSER") or platform in ("darwin", "win32"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
