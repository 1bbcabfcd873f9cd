"""Start stdio servers before the mcp SDK has loaded.

Importing the SDK takes about a second, and so does starting a typical Python or Node server. Spawning
the servers first (this module needs only anyio) lets the two happen at the same time; the stdio
transport adopts the running process on its first connect.
"""

from __future__ import annotations

from subprocess import PIPE

import anyio
from anyio.abc import Process

from tui.client.early_spawn import default_environment
from tui.config.model import ServerConfig


async def spawn(config: ServerConfig) -> Process:
    """Start ``config``'s command in its own process group with pipes on stdin, stdout and stderr."""
    assert config.command
    return await anyio.open_process(
        [config.command, *config.args],
        stdin=PIPE,
        stdout=PIPE,
        stderr=PIPE,
        env=default_environment() | dict(config.env),
        cwd=config.cwd,
        start_new_session=True,
    )


async def prestart(servers: list[ServerConfig]) -> dict[str, Process]:
    """Start every stdio server now; one that cannot start is left out (its connect reports why)."""
    started: dict[str, Process] = {}
    for config in servers:
        if config.transport != "stdio" or not config.command:
            continue
        try:
            started[config.name] = await spawn(config)
        except OSError:
            continue
    return started
