"""HTTP and SSE connections send each HTTP request with the network timeout in force when it is sent: a
request timeout changed while connected holds from the next request on, without reconnecting."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import httpx2
import pytest
from servers.harness import running, serving, wait_until

from tui.config.model import ServerConfig, Timeouts
from tui.model.results import TextBlock

SERVERS = {"http": ("http_server.py", "/mcp"), "sse": ("sse_server.py", "/sse")}


@pytest.mark.parametrize("transport", ["http", "sse"])
async def test_a_new_request_timeout_holds_for_the_next_http_request(
    transport: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, dict[str, float]]] = []  # (method, the timeouts httpx enforces for it)
    send = httpx2.AsyncClient.send

    async def recording(client: httpx2.AsyncClient, request: httpx2.Request, **kwargs: Any) -> Any:
        sent.append((request.method, dict(request.extensions["timeout"])))
        return await send(client, request, **kwargs)

    monkeypatch.setattr(httpx2.AsyncClient, "send", recording)
    script, path = SERVERS[transport]
    now = Timeouts(connect=10, request=30)
    with serving(script) as port:
        config = ServerConfig(name="h", transport=transport, url=f"http://127.0.0.1:{port}{path}")  # type: ignore[arg-type]
        async with running([config], lambda: now) as (manager, _):
            await wait_until(lambda: bool(manager.tools("h")))
            assert {timeout["connect"] for _, timeout in sent} == {30}
            sent.clear()

            now = replace(now, request=7)
            outcome = await manager.call_tool("h", "echo", {"text": "after the change"})
            assert outcome.content == (TextBlock("after the change"),)
            posts = {tuple(timeout.items()) for method, timeout in sent if method == "POST"}
            assert posts == {(("connect", 7), ("read", 300), ("write", 7), ("pool", 7))}
            assert manager.connection_id("h") == 1
