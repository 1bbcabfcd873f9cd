"""Start-up speed of mcp-tui in a real terminal (tmux), as a person sees it.

Prints, over N launches: time to the first painted frame, and time until the demo server's tools are on
screen, plus the floor: a bare mcp SDK script that connects to the demo server and prints its tool names.
Each launch gets a fresh MCP_TUI_HOME so nothing is cached between runs.

    .venv/bin/python bench/startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_FRAME_MARK = "mcp-tui"  # the header title, painted on the first frame
TOOLS_MARK = "Manage sandbox files"  # a demo tool title, painted once tools/list has answered

FLOOR_SCRIPT = """
import sys, anyio
from mcp import Client, StdioServerParameters
async def main():
    params = StdioServerParameters(command=sys.executable, args=["-m", "tui", "demo-server"])
    async with Client(params, mode="legacy") as client:
        print(" ".join(t.title or t.name for t in (await client.list_tools()).tools), flush=True)
anyio.run(main)
"""


def _capture(session: str) -> str:
    result = subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True)
    return result.stdout


def launch_once(command: list[str], marks: list[str], timeout: float = 30.0) -> list[float]:
    """Seconds from launch until each mark appears on the tmux screen."""
    session = f"mcp-tui-bench-{os.getpid()}"
    home = tempfile.mkdtemp(prefix="mcp-tui-bench-")
    env_args = ["-e", f"MCP_TUI_HOME={home}"]
    found: dict[str, float] = {}
    start = time.perf_counter()
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "140", "-y", "40", *env_args, *command], check=True
    )
    try:
        while len(found) < len(marks) and time.perf_counter() - start < timeout:
            screen = _capture(session)
            now = time.perf_counter() - start
            for mark in marks:
                if mark not in found and mark in screen:
                    found[mark] = now
            time.sleep(0.005)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        shutil.rmtree(home, ignore_errors=True)
    return [found.get(mark, float("nan")) for mark in marks]


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:7.0f} ms   min {min(values) * 1000:7.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    app = [str(ROOT / ".venv/bin/mcp-tui")]
    if not Path(app[0]).exists():
        app = [sys.executable, "-m", "tui"]
    frames, tools, floor = [], [], []
    for _ in range(runs):
        first, listed = launch_once(app, [FIRST_FRAME_MARK, TOOLS_MARK])
        frames.append(first)
        tools.append(listed)
        # The script exits after printing; keep the pane open so its output can be read.
        floor_cmd = f"{shlex.quote(sys.executable)} -c {shlex.quote(FLOOR_SCRIPT)}; sleep 30"
        floor.extend(launch_once(["sh", "-c", floor_cmd], [TOOLS_MARK]))
    print(f"runs: {runs} (tmux 140x40, fresh MCP_TUI_HOME each)")
    print(f"first painted frame        {summary(frames)}")
    print(f"demo tools on screen       {summary(tools)}")
    print(f"floor: bare SDK script     {summary(floor)}")


if __name__ == "__main__":
    main()
