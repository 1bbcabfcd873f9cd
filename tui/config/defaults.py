"""The bundled demo server, and when the app falls back to it."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tui.config.model import AppConfig, ServerConfig, Trust

DEMO_NAME = "demo"


def demo_server_config() -> ServerConfig:
    """The demo server shipped in the package, started with this very interpreter over stdio."""
    return ServerConfig(
        name=DEMO_NAME,
        transport="stdio",
        command=sys.executable,
        args=("-m", "tui", "demo-server"),
        trust=Trust.UNTRUSTED,
        protocol="legacy",
        builtin=True,
    )


def servers_to_use(config: AppConfig, adhoc: Sequence[ServerConfig]) -> list[ServerConfig]:
    """Ad-hoc servers from the command line replace the configured ones (the user asked for exactly those);
    otherwise the configured servers; with neither, the demo server so a first run shows something real."""
    if adhoc:
        return list(adhoc)
    if config.servers:
        return list(config.servers)
    return [demo_server_config()]
