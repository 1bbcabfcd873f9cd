"""An agent that is not ours: the mcp SDK's ``Client``, talking to ``mcp-tui gateway`` run as a real
subprocess over stdio, with every file of the gateway (config, audit, demo sandbox) under a test's home."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

AGENT = types.Implementation(name="red-team-agent", version="9.9.1")
Elicit = Callable[[Any, types.ElicitRequestParams], Awaitable[types.ElicitResult]]
HERE = Path(__file__).resolve().parent


def gateway_params(home: Path, *extra: str) -> StdioServerParameters:
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    return StdioServerParameters(command=sys.executable, args=["-m", "tui", "gateway", *extra], env=env)


@asynccontextmanager
async def agent(
    home: Path,
    elicit: Elicit | None = None,
    *extra: str,
    message_handler: Any = None,
    mode: str = "legacy",
) -> AsyncIterator[Client]:
    """The SDK's client as an agent host (legacy protocol, as the agents in the wild speak today),
    declaring elicitation only when ``elicit`` is given. Its stderr (the gateway's) goes to home/stderr."""
    with (home / "gateway-stderr.txt").open("a", encoding="utf-8") as errlog:
        transport = stdio_client(gateway_params(home, *extra), errlog=errlog)
        async with Client(
            transport,
            mode=mode,  # type: ignore[arg-type]
            client_info=AGENT,
            elicitation_callback=elicit,
            read_timeout_seconds=45,
            message_handler=message_handler,
        ) as client:
            yield client


def write_config(home: Path, text: str) -> None:
    (home / "config.toml").write_text(text, encoding="utf-8")


def demo_rule(tool: str, action: str, ceiling: str = "critical", server: str = "demo") -> str:
    return f'[[rules]]\nserver = "{server}"\ntool = "{tool}"\naction = "{action}"\nceiling = "{ceiling}"\n'


def demo_server(name: str, sandbox: Path, trust: str = "untrusted") -> str:
    args = json.dumps(["-m", "tui", "demo-server", "--sandbox", str(sandbox)])
    return f'[servers.{name}]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\ntrust = "{trust}"\n'


def seed_sandbox(sandbox: Path, files: dict[str, str]) -> None:
    sandbox.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (sandbox / name).write_text(text, encoding="utf-8")


def audit_records(home: Path) -> list[dict[str, Any]]:
    path = home / "audit.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def text_of(result: types.CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, types.TextContent))


def answer(action: str, content: dict[str, Any] | None = None) -> Elicit:
    """An elicitation callback that answers every form the same way and keeps what it was asked."""
    asked: list[types.ElicitRequestParams] = []

    async def callback(_ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params)
        return types.ElicitResult(action=action, content=content)  # type: ignore[arg-type]

    callback.asked = asked  # type: ignore[attr-defined]
    return callback
