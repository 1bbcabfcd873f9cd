"""Live preflight speed against the demo server over real stdio, as the argument editor drives it.

Types SQL queries into the `sql` tool one character at a time and flips `manage_files` between its actions,
calling ``LivePreflight.update`` per edit exactly as the form does, through the app's ConnectionManager.
After each edit it waits for the badges (the delivered result), then prints:

- latency from the last keystroke to the delivered result (median, p95), which includes the debounce;
- the client's own overhead per preflight: that latency minus the debounce and minus the time spent
  inside the resolver (SDK, stdio pipe and the server's work), i.e. what our code adds;
- the cost of ``update()`` itself (it runs on the UI loop for every keystroke);
- a stdio ping round trip, for scale;
- a burst phase (fast typing) showing how many requests the debounce saves.

    .venv/bin/python bench/preflight_latency.py [--debounce 0.15] [--rounds 1]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from tui.client.live_preflight import LivePreflight
from tui.client.manager import ConnectionManager
from tui.client.models import ConnectionStatus, ResolveOutcome, ToolInfo
from tui.client.preflight import PreflightEngine, PreflightResult
from tui.config.model import ServerConfig, Timeouts

QUERIES = (
    "SELECT name, stock FROM fruits WHERE stock > 10",
    "INSERT INTO fruits (name, stock) VALUES ('kiwi', 3)",
    "DELETE FROM fruits WHERE stock = 0",
    "WITH low AS (SELECT id FROM fruits WHERE stock < 5) SELECT * FROM low",
)
FILE_EDITS = [
    {"action": action, "path": f"notes-{i % 3}.txt", "content": "hello"}
    for i in range(12)
    for action in ("read", "append", "replace", "delete")
]


@dataclass
class Samples:
    latency: list[float] = field(default_factory=list)
    overhead: list[float] = field(default_factory=list)
    reused_latency: list[float] = field(default_factory=list)
    update_cost: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)


def ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (
        f"median {statistics.median(ordered) * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms   (n={len(ordered)})"
    )


async def connect(sandbox: str) -> ConnectionManager:
    config = ServerConfig(
        name="demo",
        transport="stdio",
        command=sys.executable,
        args=("-m", "tui.demo", "--sandbox", sandbox),
    )
    manager = ConnectionManager([config], Timeouts(), lambda event: None)
    await manager.start()
    for _ in range(300):
        if manager.state("demo").status is ConnectionStatus.CONNECTED and manager.tools("demo"):
            return manager
        if manager.state("demo").status is ConnectionStatus.FAILED:
            raise SystemExit(f"the demo server did not start: {manager.state('demo').error}")
        await asyncio.sleep(0.05)
    raise SystemExit("the demo server did not connect within 15 s")


async def main(debounce: float, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as sandbox:
        manager = await connect(sandbox)
        try:
            await run(manager, debounce, rounds)
        finally:
            await manager.aclose()


async def run(manager: ConnectionManager, debounce: float, rounds: int) -> None:
    tools = {tool.name: tool for tool in manager.tools("demo")}
    sql, files = tools["sql"], tools["manage_files"]
    if not (sql.resolve_method and files.resolve_method):
        raise SystemExit("the demo's sql and manage_files tools should be resolvable")
    in_resolver: list[float] = []

    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        started = time.perf_counter()
        try:
            return await manager.resolve(tool.server, tool.name, arguments, timeout)
        finally:
            in_resolver.append(time.perf_counter() - started)

    engine = PreflightEngine(resolver, manager.connection_id, timeout=3.0)
    arrived = asyncio.Event()
    delivered: list[tuple[float, PreflightResult]] = []

    def on_result(result: PreflightResult) -> None:
        delivered.append((time.perf_counter(), result))
        arrived.set()

    live = LivePreflight(engine, debounce, on_result)
    samples = Samples()

    async def edit(tool: ToolInfo, arguments: dict[str, Any]) -> None:
        arrived.clear()
        before = len(in_resolver)
        keystroke = time.perf_counter()
        live.update(tool, arguments)
        samples.update_cost.append(time.perf_counter() - keystroke)
        await asyncio.wait_for(arrived.wait(), 10)
        at, result = delivered[-1]
        assert result.arguments == arguments, "delivered a result for other arguments"
        if result.reused or len(in_resolver) == before:
            samples.reused_latency.append(at - keystroke)
            return
        samples.latency.append(at - keystroke)
        samples.server.append(in_resolver[-1])
        samples.overhead.append(at - keystroke - debounce - in_resolver[-1])

    edits = 0
    for _ in range(rounds):
        for query in QUERIES:
            for end in range(1, len(query) + 1):
                await edit(sql, {"query": query[:end]})
                edits += 1
        for arguments in FILE_EDITS:
            await edit(files, arguments)
            edits += 1

    pings = []
    connection = manager._get("demo")  # the bench only: a ping is not part of the manager's API
    assert connection.client is not None
    for _ in range(50):
        started = time.perf_counter()
        await connection.client.session.send_ping()
        pings.append(time.perf_counter() - started)

    # Fast typing (40 ms per key, under the debounce): only the end of each burst should be resolved.
    requests_before = len(in_resolver)
    burst_edits = 0
    for query in QUERIES:
        text = query + " -- burst"
        for end in range(1, len(text) + 1):
            live.update(sql, {"query": text[:end]})
            burst_edits += 1
            await asyncio.sleep(0.04)
        await asyncio.sleep(debounce + 0.3)
    live.close()

    print(f"demo server over stdio; debounce {debounce * 1000:.0f} ms; {edits} edits, waiting after each")
    print(f"keystroke -> badges, resolved:      {ms(samples.latency)}")
    print(f"keystroke -> badges, reused answer: {ms(samples.reused_latency)}")
    print(f"client overhead per preflight:      {ms(samples.overhead)}")
    print("  (latency - debounce - time inside the resolver: our code plus event-loop scheduling)")
    print(f"inside the resolver (SDK+stdio+server): {ms(samples.server)}")
    print(f"stdio ping round trip:              {ms(pings)}")
    print(f"update() per keystroke:             {ms(samples.update_cost)}")
    print(
        f"burst typing: {burst_edits} edits at 40 ms -> {len(in_resolver) - requests_before} requests "
        f"(one per pause: {len(QUERIES)})"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--debounce", type=float, default=0.15)
    parser.add_argument("--rounds", type=int, default=1)
    options = parser.parse_args()
    asyncio.run(main(options.debounce, options.rounds))
