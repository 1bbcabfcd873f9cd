"""The gateway over streamable HTTP behind its bearer token, and resources and prompts passed through."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest
from gateway_harness import AGENT, HERE, agent, answer, audit_records, seed_sandbox, text_of, write_config
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

BANNER = re.compile(r"on (http://127\.0\.0\.1:\d+/mcp)\n.*bearer token \(shown once\): (\S+)\n")


@contextmanager
def http_gateway(home: Path) -> Iterator[tuple[str, str]]:
    """``mcp-tui gateway --http 0`` as a real process; (url, token) read from what it printed."""
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "tui", "gateway", "--http", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        assert process.stderr is not None
        printed = ""
        while (found := BANNER.search(printed)) is None:
            line = process.stderr.readline()  # the gateway prints the banner once it serves
            assert line, f"the gateway ended before serving: {printed}"
            printed += line
        yield found.group(1), found.group(2)
    finally:
        process.terminate()
        process.communicate(timeout=45)


async def test_over_http_a_call_needs_the_token_and_is_decided_and_asked_as_over_stdio(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"notes.txt": "keep"})
    with http_gateway(home) as (url, token):
        async with httpx2.AsyncClient() as bare:
            refused = await bare.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
            wrong = await bare.post(url, headers={"Authorization": "Bearer nope"}, json={})
        assert refused.status_code == 401
        assert wrong.status_code == 401
        decline = answer("decline")
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=45) as http,
            Client(
                streamable_http_client(url, http_client=http),
                mode="legacy",
                client_info=AGENT,
                elicitation_callback=decline,
                read_timeout_seconds=45,
            ) as client,
        ):
            names = [tool.name for tool in (await client.list_tools()).tools]
            result = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
    assert "manage_files" in names
    assert result.is_error
    assert "declined" in text_of(result)
    assert (sandbox / "notes.txt").exists()
    assert len(decline.asked) == 1
    [record] = audit_records(home)
    assert record["agent"] == {"name": AGENT.name, "version": AGENT.version}


async def test_resources_and_prompts_pass_through_read_only(home: Path) -> None:
    """In front of a server with a resource and a prompt (the CLI tests' scripted server, working)."""
    scripted = HERE.parent / "cli" / "scripted_server.py"
    write_config(
        home,
        f"[servers.scripted]\ncommand = {json.dumps(sys.executable)}\nargs = [{json.dumps(str(scripted))}]\n",
    )
    async with agent(home) as client:
        resources = (await client.list_resources()).resources
        read = await client.read_resource("note://one")
        prompts = (await client.list_prompts()).prompts
        prompt = await client.get_prompt("greet", {})
        with pytest.raises(MCPError, match="no prompt is served"):
            await client.get_prompt("no_such_prompt", {})
    assert [(str(r.uri), r.name) for r in resources] == [("note://one", "one")]
    assert [(str(c.uri), getattr(c, "text", None)) for c in read.contents] == [("note://one", "fine")]
    assert [p.name for p in prompts] == ["greet"]
    assert [m.model_dump(exclude_none=True) for m in prompt.messages] == [
        {"role": "user", "content": {"type": "text", "text": "fine"}}
    ]
    assert audit_records(home) == []  # reading is not a call: nothing to decide
