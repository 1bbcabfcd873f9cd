"""Headless commands against bare mcp SDK scripts doing the same requests, side by side in one run.

For each server, every command is launched N times, alternating with its bare-SDK twin, each launch in a
fresh MCP_TUI_HOME; the medians and their ratio are printed. Servers: the bundled demo (tools, resolve,
call) and, when npx can fetch it, @modelcontextprotocol/server-everything (tools), with the official
Inspector's ``--cli --method tools/list`` beside it when npx can fetch that too.

    .venv/bin/python bench/cli_speed.py [--runs 7] [--no-npm]

Goals (issue 8): tools within 1.1x of the bare SDK on server-everything, and faster than the Inspector;
tools, resolve and call each within 1.2x of the bare SDK on the demo.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

PYTHON = sys.executable
EVERYTHING = ["npx", "-y", "@modelcontextprotocol/server-everything"]
INSPECTOR = ["npx", "-y", "@modelcontextprotocol/inspector", "--cli"]

# The bare SDK twin: connect (legacy handshake, as mcp-tui does by default), then the same requests.
BARE = """
import json, sys, anyio
from typing import Any, Literal
import mcp_types as types
from mcp import Client, StdioServerParameters

class Params(types.RequestParams):
    name: str
    arguments: dict[str, Any]

class Resolve(types.Request[Params, Literal["tools/resolve"]]):
    method: Literal["tools/resolve"] = "tools/resolve"

async def main() -> None:
    what, command = sys.argv[1], json.loads(sys.argv[2])
    params = StdioServerParameters(command=command[0], args=command[1:])
    async with Client(params, mode="legacy") as client:
        tools = (await client.list_tools()).tools
        if what == "tools":
            print("\\n".join(tool.name for tool in tools))
        elif what == "resolve":
            read = {"action": "read", "path": "welcome.txt"}
            request = Resolve(params=Params(name="manage_files", arguments=read))
            print(await client.session.send_request(request, types.Result))
        else:
            print((await client.call_tool("list_sandbox", {})).content)

anyio.run(main)
"""


def timed(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=180)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:6])} ... exited {result.returncode}: {result.stderr[-400:]}")
    return elapsed


def fresh_env() -> dict[str, str]:
    env = {**os.environ, "MCP_TUI_HOME": tempfile.mkdtemp(prefix="mcp-tui-cli-bench-")}
    env.pop("MCP_TUI_CONFIG", None)
    return env


def demo_command(env: dict[str, str]) -> list[str]:
    return [PYTHON, "-m", "tui", "demo-server", "--sandbox", str(Path(env["MCP_TUI_HOME"]) / "demo-sandbox")]


Maker = Callable[[dict[str, str]], list[str]]


def compare(label: str, ours: Maker, twins: dict[str, Maker], runs: int) -> None:
    """Alternate ours and each twin ``runs`` times; print medians and ratios."""
    times: dict[str, list[float]] = {"mcp-tui": [], **{name: [] for name in twins}}
    for _ in range(runs):
        for name, make in [("mcp-tui", ours), *twins.items()]:
            env = fresh_env()
            try:
                times[name].append(timed(make(env), env))
            finally:
                shutil.rmtree(env["MCP_TUI_HOME"], ignore_errors=True)
    ours_median = statistics.median(times["mcp-tui"])
    row = f"{label:<34} mcp-tui {ours_median:6.2f} s"
    for name in twins:
        median = statistics.median(times[name])
        row += f" | {name} {median:6.2f} s (mcp-tui / {name} = {ours_median / median:4.2f}x)"
    print(row, flush=True)


def bare(what: str, server: Maker) -> Maker:
    import json

    return lambda env: [PYTHON, "-c", BARE, what, json.dumps(server(env))]


def npx_can_fetch(command: list[str]) -> bool:
    if shutil.which("npx") is None:
        return False
    try:
        probe = subprocess.run(
            [*command, "--help"], capture_output=True, timeout=180, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0 or b"Usage" in probe.stdout + probe.stderr


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-npm", action="store_true", help="skip server-everything and the Inspector")
    options = parser.parse_args()
    print(
        f"median of {options.runs} launches each, alternating; {os.cpu_count()} cores; load {os.getloadavg()}"
    )
    cli = [PYTHON, "-m", "tui"]

    read = ["manage_files", "action=read", "path=welcome.txt"]
    compare(
        "demo: tools --json",
        lambda env: [*cli, "tools", "--json"],
        {"bare SDK": bare("tools", demo_command)},
        options.runs,
    )
    compare(
        "demo: resolve manage_files read",
        lambda env: [*cli, "resolve", *read, "--json"],
        {"bare SDK": bare("resolve", demo_command)},
        options.runs,
    )
    compare(
        "demo: call list_sandbox",
        lambda env: [*cli, "call", "list_sandbox", "--approve-up-to", "safe", "--json"],
        {"bare SDK": bare("call", demo_command)},
        options.runs,
    )
    if options.no_npm:
        return
    if not npx_can_fetch(EVERYTHING):
        print("server-everything: skipped (npx could not fetch @modelcontextprotocol/server-everything)")
        return
    twins: dict[str, Maker] = {"bare SDK": bare("tools", lambda env: EVERYTHING)}
    if npx_can_fetch(INSPECTOR[:3]):
        twins["Inspector --cli"] = lambda env: [*INSPECTOR, *EVERYTHING, "--method", "tools/list"]
    else:
        print("Inspector: skipped (npx could not fetch @modelcontextprotocol/inspector)")
    compare(
        "server-everything: tools --json",
        lambda env: [*cli, "tools", "--json", "--", *EVERYTHING],
        twins,
        options.runs,
    )


if __name__ == "__main__":
    main()
