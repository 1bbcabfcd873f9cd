"""The gateway's stdout is the protocol's alone: output that is not a message (a print, a write to fd 1)
goes to stderr, and the agent's wire stays whole."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from gateway_harness import AGENT
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

# The gateway, with every tools/list answered after a print and a raw write to fd 1.
NOISY_GATEWAY = """
import os, sys
from tui.gateway import handlers
listed = handlers.GatewayHandlers.list_tools
def noisy(self):
    print("a stray print while serving")
    os.write(1, b"a stray write to fd 1\\n")
    return listed(self)
handlers.GatewayHandlers.list_tools = noisy
sys.argv = ["mcp-tui", "gateway"]
from tui.cli import main
main()
"""


async def test_stray_output_goes_to_stderr_and_the_wire_stays_whole(home: Path) -> None:
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    params = StdioServerParameters(command=sys.executable, args=["-c", NOISY_GATEWAY], env=env)
    stderr_file = home / "stderr.txt"
    with stderr_file.open("w", encoding="utf-8") as errlog:
        async with Client(
            stdio_client(params, errlog=errlog), mode="legacy", client_info=AGENT, read_timeout_seconds=45
        ) as client:
            listed = await client.list_tools()
            again = await client.list_tools()
            called = await client.call_tool("list_sandbox", {})
    assert "manage_files" in {tool.name for tool in listed.tools}
    assert [tool.name for tool in again.tools] == [tool.name for tool in listed.tools]
    assert (
        called.is_error
    )  # no rule allows it and no one can be asked: a proper tool error, not a broken wire
    stderr = stderr_file.read_text(encoding="utf-8")
    assert "a stray print while serving" in stderr
    assert "a stray write to fd 1" in stderr
