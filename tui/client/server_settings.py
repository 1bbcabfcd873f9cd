"""A connected server's settings that can change while it runs: its log level and its roots.

Both are deprecated in the 2026-07-28 protocol (no logging/setLevel; roots only inside a request), so
each change says in words what it did, or why it could not. A legacy server is asked for the chosen log
level again at each connect.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import mcp_types as types
from mcp import Client

from tui.client.legacy_requests import roots_list_changed, set_logging_level
from tui.client.resources import guarded
from tui.client.stderr_pipe import LineLog
from tui.config.model import Timeouts
from tui.model.features import FeatureError
from tui.model.servers import ConnectionStatus, ServerState


class Connection(Protocol):
    """What these functions use of ``tui.client.connection.Connection`` (named here, not imported:
    the connection calls these functions)."""

    state: ServerState
    client: Client | None
    capabilities: dict[str, Any]
    log_level: str | None
    roots_declared: bool
    log: LineLog

    @property
    def name(self) -> str: ...

    @property
    def timeouts(self) -> Timeouts: ...

    @property
    def is_legacy(self) -> bool: ...

    def start(self) -> None: ...

    async def stop(self) -> None: ...


def roots_result(roots: tuple[str, ...]) -> types.ListRootsResult:
    """Each configured directory as a ``file://`` URI, named after its last part."""
    return types.ListRootsResult(
        roots=[types.Root(uri=Path(p).as_uri(), name=Path(p).name or p) for p in roots]
    )


async def send_log_level(client: Client, level: str, timeout: float) -> None:
    await guarded(f"logging/setLevel {level}", timeout, lambda: set_logging_level(client, level))


async def ask_log_level_when_connected(connection: Connection, client: Client) -> None:
    """Legacy, at each connect: ask for the chosen level again (a server forgets it with the connection).
    A refusal or no answer is said in the server's log; the connection goes on."""
    level = connection.log_level
    if level is None or not connection.is_legacy or "logging" not in connection.capabilities:
        return
    try:
        await send_log_level(client, level, connection.timeouts.request)
    except FeatureError as exc:
        connection.log.append(f"[mcp-tui] {exc}")


def _connected(connection: Connection) -> Client | None:
    if connection.client is None or connection.state.status is not ConnectionStatus.CONNECTED:
        return None
    return connection.client


async def apply_log_level(connection: Connection, level: str) -> str:
    connection.log_level = level
    name = connection.name
    client = _connected(connection)
    if client is None:
        return f"{name} will be asked for {level} logs when it connects."
    if not connection.is_legacy:
        return (
            f"{name} speaks the 2026-07-28 protocol, which has no logging/setLevel: "
            f"{level} applies from the next connection (reconnect with ctrl+e)."
        )
    if "logging" not in connection.capabilities:
        return f"{name} does not offer logging (no logging capability), so it sends no log messages."
    await send_log_level(client, level, connection.timeouts.request)
    return f"{name} now sends log messages at {level} and above."


async def apply_roots(connection: Connection, roots: tuple[str, ...]) -> str:
    """Tell the server of ``roots``, which its config (the session's settings) already holds."""
    name = connection.name
    client = _connected(connection)
    if client is None:
        return "The roots are offered when the server connects."
    if bool(roots) != connection.roots_declared:
        # Capabilities are fixed at the handshake: declaring roots (or no longer) needs a new one.
        await connection.stop()
        connection.start()
        return f"Reconnecting {name}: the roots capability is declared when connecting."
    if not connection.is_legacy:
        return f"{name} speaks the 2026-07-28 protocol: it gets the new roots when it next asks."
    await roots_list_changed(client)
    return f"{name} was told its roots changed (roots/list_changed)."
