"""HTTP transports: a URL nobody listens on fails fast and plainly; a real streamable HTTP server works."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from servers.harness import free_port, running, serving, wait_status, wait_until

from tui.config.model import ServerConfig
from tui.model.results import TextBlock
from tui.model.servers import ConnectionStatus


@pytest.mark.parametrize("transport", ["http", "sse"])
async def test_nobody_listening_is_connection_refused(transport: str) -> None:
    url = f"http://127.0.0.1:{free_port()}/mcp"
    config = ServerConfig(name="h", transport=transport, url=url)  # type: ignore[arg-type]
    # The connect limit is 30 s (LIMITS): failing on it would read "timed out", not "connection refused".
    async with running([config]) as (manager, _):
        await wait_status(manager, "h", ConnectionStatus.FAILED)
        assert manager.state("h").error == "connection refused"


@pytest.fixture
def http_server() -> Iterator[str]:
    with serving("http_server.py") as port:
        yield f"http://127.0.0.1:{port}/mcp"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_streamable_http_server(http_server: str, mode: str) -> None:
    config = ServerConfig(name="h", transport="http", url=http_server, protocol=mode, headers={"X-Test": "1"})
    async with running([config]) as (manager, _):
        await wait_until(lambda: bool(manager.tools("h")))
        assert {t.name for t in manager.tools("h")} >= {"echo", "files"}
        assert {t.name: t for t in manager.tools("h")}["files"].resolve_method == "tools/resolve"
        outcome = await manager.call_tool("h", "echo", {"text": "over http"})
        assert outcome.content == (TextBlock("over http"),)
