"""Sign-in and sign-out of one server's connection, as the person starts them (TUI key or CLI)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.client.auth.browser_step import ShowUrl
from tui.client.auth.who_signs_in import NOT_REMOTE
from tui.model.servers import ServerState

if TYPE_CHECKING:
    from tui.client.connection import Connection


async def sign_in(connection: Connection, show_url: ShowUrl, *, open_browser: bool) -> ServerState:
    """Reconnect allowing the browser step; returns once connected, failed or still needing sign-in.

    With a usable stored token (or client credentials) no browser is involved at all.
    """
    auth = connection.auth
    if auth is None:
        raise ValueError(f"{connection.name}: {NOT_REMOTE}")
    await connection.stop()
    auth.browser.allow(show_url, open_browser=open_browser)
    connection.start(sign_in=True)
    await connection.settled.wait()
    return connection.state


def cancel(connection: Connection) -> None:
    """Abandon a sign-in waiting for the browser; the connection ends in "needs sign-in"."""
    if connection.auth is not None:
        connection.auth.browser.cancel()


def new_key(connection: Connection) -> None:
    """Discard the server's DPoP key (and tokens bound to it); its next token request makes a new one."""
    if connection.auth is None:
        raise ValueError(f"{connection.name}: {NOT_REMOTE}")
    connection.auth.rotate_key()


async def sign_out(connection: Connection) -> bool:
    if connection.auth is None:
        raise ValueError(f"{connection.name}: {NOT_REMOTE}")
    await connection.stop()
    return connection.auth.forget()
