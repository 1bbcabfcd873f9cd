"""The browser's way back: a one-shot HTTP listener on 127.0.0.1 that receives the authorization code.

It answers only ``GET /callback``. The ``state`` must be the one in the authorization URL mcp-tui opened;
anything else (a forged or stale redirect) ends the sign-in with a clear message. The browser gets a short
plain page saying whether to return to the terminal.
"""

from __future__ import annotations

import asyncio
import html
import secrets
from contextlib import suppress
from urllib.parse import parse_qs, urlsplit

from tui.client.auth.errors import SignInFailed

CALLBACK_PATH = "/callback"
CallbackResult = tuple[str, str, str | None]
"""The code, the state as the browser brought it back, and the authorization server's ``iss``."""
_PAGE = "<!doctype html><meta charset=utf-8><title>mcp-tui</title><p>{}</p>"


class CallbackListener:
    """Bind with ``start()`` before the browser opens; ``wait(state)`` returns the code or raises."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[CallbackResult] | None = None
        self._expected_state: str | None = None

    async def start(self) -> int:
        """Listen; the port actually bound (``port`` 0 picks a free one)."""
        loop = asyncio.get_running_loop()
        self._result = loop.create_future()
        try:
            self._server = await asyncio.start_server(self._handle, "127.0.0.1", self.port)
        except OSError as error:
            raise SignInFailed(
                f"cannot listen on 127.0.0.1:{self.port} for the browser's redirect ({error.strerror}); "
                "set a free callback_port in the server's [auth] table"
            ) from error
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    def expect(self, state: str | None) -> None:
        self._expected_state = state

    async def wait(self, timeout: float) -> CallbackResult:
        """What the browser brought back, once it comes back."""
        assert self._result is not None, "start() first"
        try:
            return await asyncio.wait_for(asyncio.shield(self._result), timeout)
        except TimeoutError:
            raise SignInFailed(
                f"no answer from the browser within {timeout:g} s; the sign-in was abandoned"
            ) from None

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            with suppress(Exception):
                await self._server.wait_closed()
            self._server = None

    def _settle(self, outcome: CallbackResult | SignInFailed) -> str:
        """Record the first outcome only; the page text for the browser."""
        if self._result is None or self._result.done():
            return "This sign-in is already finished. You can close this tab."
        if isinstance(outcome, SignInFailed):
            self._result.set_exception(outcome)
            return f"Sign-in failed: {outcome}. You can close this tab and return to mcp-tui."
        self._result.set_result(outcome)
        return "Signed in. You can close this tab and return to mcp-tui."

    def _outcome(self, target: str) -> CallbackResult | SignInFailed | None:
        parts = urlsplit(target)
        if parts.path != CALLBACK_PATH:
            return None
        query = {key: values[0] for key, values in parse_qs(parts.query).items()}
        state = query.get("state")
        if (
            self._expected_state is None
            or state is None
            or not secrets.compare_digest(state, self._expected_state)
        ):
            return SignInFailed("the browser came back with a state that does not match this sign-in")
        if "error" in query:
            detail = query.get("error_description")
            said = f" ({detail})" if detail else ""
            return SignInFailed(f"the authorization server refused: {query['error']}{said}")
        if not query.get("code"):
            return SignInFailed("the browser came back without an authorization code")
        return query["code"], state, query.get("iss")

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            method, target, *_ = head.decode("latin-1").split("\r\n", 1)[0].split(" ")
            outcome = self._outcome(target) if method == "GET" else None
            if outcome is None:
                status, text = "404 Not Found", "Not found."
            else:
                text = self._settle(outcome)
                status = "400 Bad Request" if isinstance(outcome, SignInFailed) else "200 OK"
            body = _PAGE.format(html.escape(text)).encode()
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        except (OSError, ValueError, TimeoutError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()
