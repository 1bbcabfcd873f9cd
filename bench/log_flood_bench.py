"""A server flooding log notifications, through the whole app: CPU per message, Logs tab hidden and shown.

Runs the app headless (``App.run_test``) against ``tests/client/servers/flood_server.py`` over real stdio,
which sends N ``notifications/message`` records right after initialization, and prints the app's CPU
(this process; the server's own is not counted) per message, from the first to the last one received:

- with the Logs tab hidden (the Call tab showing), where the log view should do next to nothing;
- with the Logs tab showing, where it writes what came in at most every ``FLUSH_SECONDS``.

    .venv/bin/python bench/log_flood_bench.py [--messages 5000] [--against main]

``--against REV`` runs the same measurements on the ``tui`` package of that git revision too (``git
archive`` into a temporary directory, first on ``PYTHONPATH``) and prints both side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "tests" / "client" / "servers" / "flood_server.py"


async def flood(count: int, tab: str) -> float:
    """Milliseconds of CPU per log message while ``count`` arrive with ``tab`` showing."""
    from tui.config.startup import load_startup
    from tui.model.events import ServerLog
    from tui.ui.app import McpTuiApp

    with tempfile.TemporaryDirectory() as home:
        os.environ["MCP_TUI_HOME"] = home
        args = json.dumps([str(SERVER), "log", str(count)])
        config = f"[servers.flood]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n"
        (Path(home) / "config.toml").write_text(config, encoding="utf-8")
        app = McpTuiApp(load_startup(config_path=None))
        received = 0
        started = 0.0

        def count_one(event: object) -> None:
            nonlocal received, started
            if isinstance(event, ServerLog):
                if received == 0:
                    started = time.process_time()
                received += 1

        async with app.run_test(size=(120, 40)) as pilot:
            # Subscribed before the session starts (it is created on first use): no message is missed.
            app.session.subscribe(count_one)
            await app.main_screen.mount_workspace()
            if tab == "logs":
                await pilot.press("f3")
            deadline = time.monotonic() + 120
            while received < count:
                if time.monotonic() > deadline:
                    raise SystemExit(f"only {received} of {count} messages arrived within 120 s")
                await pilot.pause(0.05)
            await pilot.pause(0.2)  # what the last messages left to do (a flush, a layout)
            spent = time.process_time() - started
    return spent * 1000 / count


def measure(count: int) -> dict[str, float]:
    return {
        "logs hidden ms/message": asyncio.run(flood(count, "call")),
        "logs shown ms/message": asyncio.run(flood(count, "logs")),
    }


def at_revision(revision: str, count: int) -> dict[str, float]:
    """The same measurements on the ``tui`` package of ``revision``, in a child process."""
    command = ["git", "archive", revision, "tui"]
    archive = subprocess.run(command, cwd=ROOT, check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory() as tree:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tree, filter="data")
        env = {**os.environ, "PYTHONPATH": tree}
        command = [sys.executable, __file__, "--messages", str(count), "--json"]
        output = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(output)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--against", metavar="REV", help="also measure this git revision (before)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    now = measure(args.messages)
    if args.json:
        print(json.dumps(now))
        return
    print(f"{args.messages} log notifications from one stdio server; CPU of the app")
    before = at_revision(args.against, args.messages) if args.against else None
    print(f"{'':26}" + (f"{args.against:>12}" if before else "") + f"{'this tree':>12}")
    for name, value in now.items():
        old = f"{before[name]:>12.3f}" if before else ""
        print(f"{name:26}{old}{value:>12.3f}")


if __name__ == "__main__":
    main()
