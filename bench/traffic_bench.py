"""Traffic at scale: a server that floods, through the traffic log and the Traffic tab.

Prints three costs, each in milliseconds of CPU:

- per message arriving, in the core (``TrafficLog.add``, as the transport watch calls it);
- per message arriving while the Traffic tab shows that server (the log plus the tab's row), and the rows
  the tab holds afterwards (it should stay bounded like the log);
- per keystroke typing a method filter into a full tab, until the table has settled; and the cost of
  showing every kept message once (its size and redacted JSON: what the table and Enter need).

    .venv/bin/python bench/traffic_bench.py [--messages 5000] [--size 2000] [--against main]

``--against REV`` runs the same measurements on the code of that git revision too (``git archive`` into a
temporary directory, first on ``PYTHONPATH``) and prints both side by side, before and after.
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
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from types import SimpleNamespace
from typing import Any

QUERY = "tools/call"
METHODS = ("tools/call", "notifications/progress", "resources/read", "tools/list", "notifications/message")


def messages(count: int, size: int) -> list[tuple[str, dict[str, Any]]]:
    """Requests out and their answers in, each answer carrying about ``size`` bytes (text, rows, a token)."""
    text = ("lorem ipsum dolor sit amet " * (size // 27 + 1))[: size // 2]
    rows = [{"n": k, "name": f"row {k}", "value": k * 1.5} for k in range(max(1, size // 80))]
    out: list[tuple[str, dict[str, Any]]] = []
    for n in range(count):
        method = METHODS[n % len(METHODS)]
        if n % 2 == 0:
            params = {"name": "search", "arguments": {"q": f"query {n}", "api_key": "k-123456789"}}
            out.append(("out", {"jsonrpc": "2.0", "id": n, "method": method, "params": params}))
        else:
            result = {"content": [{"type": "text", "text": text}], "structuredContent": {"rows": rows}}
            out.append(("in", {"jsonrpc": "2.0", "id": n - 1, "result": result}))
    return out


def cpu_ms(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def core(count: int, size: int) -> dict[str, float]:
    from tui.client.traffic import TrafficLog

    batch = messages(count, size)
    log = TrafficLog()
    arrive = cpu_ms(lambda: [log.add(direction, message) for direction, message in batch])
    kept = list(log.records)
    shown = cpu_ms(lambda: [(record.size, json.dumps(record.message)) for record in kept])
    return {"core ms/message": arrive / count, "show once ms/message": shown / len(kept)}


async def tab(count: int, size: int) -> dict[str, float]:
    from textual.app import App, ComposeResult
    from textual.widgets import Input

    from tui.client.traffic import TrafficLog
    from tui.session.traffic import matching
    from tui.ui.widgets.traffic_view import TrafficView

    log = TrafficLog()
    session = SimpleNamespace(
        manager=object(),
        features=SimpleNamespace(
            traffic=lambda server, method_filter="": matching(log.records, method_filter)
        ),
    )

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield TrafficView(session, id="traffic")  # type: ignore[arg-type]

    batch = messages(count, size)
    app = Host()
    async with app.run_test(size=(140, 45)) as pilot:
        view = app.query_one(TrafficView)
        table: Any = app.query_one("#traffic-table")
        view.show_server("s")
        await pilot.pause()
        log.on_record = lambda record: view.add("s", record)
        start = time.process_time()
        for direction, message in batch:
            log.add(direction, message)
        await pilot.pause()
        await pilot.pause()
        arrive = (time.process_time() - start) * 1000
        rows_after_flood = table.row_count

        view.show_server(None)  # start the typing from the full table of the log as kept
        view.show_server("s")
        await pilot.pause()
        app.query_one(Input).focus()
        expected = len(matching(log.records, QUERY))
        start = time.process_time()
        for key in QUERY:
            await pilot.press(key)
        while table.row_count != expected or len(view.shown) != expected:
            await pilot.pause(0.02)
        await pilot.pause()
        typed = (time.process_time() - start) * 1000
    return {
        "tab ms/message": arrive / count,
        "tab rows after flood": float(rows_after_flood),
        "ms/keystroke": typed / len(QUERY),
    }


def measure(count: int, size: int) -> dict[str, float]:
    figures = core(count, size)
    figures.update(asyncio.run(tab(count, size)))
    return figures


def at_revision(revision: str, count: int, size: int) -> dict[str, float]:
    """The same measurements on the ``tui`` package of ``revision``, in a child process."""
    root = Path(__file__).resolve().parents[1]
    archive = subprocess.run(
        ["git", "archive", revision, "tui"], cwd=root, check=True, capture_output=True
    ).stdout
    with tempfile.TemporaryDirectory() as tree:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tree, filter="data")
        env = {**os.environ, "PYTHONPATH": tree}
        command = [sys.executable, __file__, "--messages", str(count), "--size", str(size), "--json"]
        output = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(output)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--messages", type=int, default=5000)
    parser.add_argument("--size", type=int, default=2000, help="bytes of each answer, about")
    parser.add_argument("--against", metavar="REV", help="also measure this git revision (before)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    now = measure(args.messages, args.size)
    if args.json:
        print(json.dumps(now))
        return
    print(f"{args.messages} messages, answers of about {args.size} bytes; filter typed: {QUERY!r}")
    before = at_revision(args.against, args.messages, args.size) if args.against else None
    header = f"{'':24}" + (f"{args.against:>12}" if before else "") + f"{'this tree':>12}"
    print(header)
    for name, value in now.items():
        old = f"{before[name]:>12.3f}" if before else ""
        print(f"{name:24}{old}{value:>12.3f}")


if __name__ == "__main__":
    main()
