"""What ``mcp-tui gateway`` adds to an allowed call: the SDK's Client as the agent, against the demo
directly and through the gateway (both real processes over stdio), same calls, same sandbox.

Two tools, allowed by an ``always`` rule so nobody is asked:

- ``list_sandbox``: static hints, so the gateway's cost is its own (the decision, the audit record, a
  second stdio hop);
- ``manage_files`` (read): resolvable, so every call is preflighted first (``tools/resolve`` for exactly
  these arguments, as the policy requires): that round trip to the demo is included.

    .venv/bin/python bench/gateway_bench.py [--calls 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

CALLS: dict[str, dict[str, Any]] = {
    "list_sandbox": {},
    "manage_files": {"action": "read", "path": "welcome.txt"},
}
RULES = "".join(
    f'[[rules]]\nserver = "demo"\ntool = "{tool}"\naction = "always"\nceiling = "safe"\n' for tool in CALLS
)


async def timed_calls(params: StdioServerParameters, tool: str, calls: int) -> list[float]:
    """Milliseconds per call, after 20 calls of warm-up."""
    with Path(os.devnull).open("w") as quiet:  # noqa: ASYNC230 (opening /dev/null does not block)
        transport = stdio_client(params, errlog=quiet)
        async with Client(transport, mode="legacy", read_timeout_seconds=60) as client:
            times = []
            for index in range(20 + calls):
                started = time.perf_counter()
                result = await client.call_tool(tool, CALLS[tool])
                elapsed = (time.perf_counter() - started) * 1000
                if result.is_error:
                    raise SystemExit(f"{tool} failed: {result.content}")
                if index >= 20:
                    times.append(elapsed)
            return times


def _summary(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1]
    return f"median {statistics.median(times):6.2f} ms  p95 {p95:6.2f} ms"


async def main(calls: int) -> None:
    home = Path(tempfile.mkdtemp(prefix="gateway-bench-"))
    (home / "config.toml").write_text(RULES, encoding="utf-8")
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    sandbox = home / "demo-sandbox"
    direct = StdioServerParameters(
        command=sys.executable, args=["-m", "tui", "demo-server", "--sandbox", str(sandbox)], env=env
    )
    gateway = StdioServerParameters(command=sys.executable, args=["-m", "tui", "gateway"], env=env)
    print(f"{calls} calls each (after 20 of warm-up), one at a time, over stdio")
    for tool in CALLS:
        straight = await timed_calls(direct, tool, calls)
        through = await timed_calls(gateway, tool, calls)
        added = statistics.median(through) - statistics.median(straight)
        print(f"{tool:13} direct   {_summary(straight)}")
        print(f"{'':13} gateway  {_summary(through)}  added (median): {added:5.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200)
    anyio.run(main, parser.parse_args().calls)
