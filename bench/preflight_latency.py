"""Live preflight speed against the demo server over real stdio, as the argument editor drives it.

Types SQL queries into the `sql` tool one character at a time and flips `manage_files` between its actions,
calling ``LivePreflight.update`` per edit exactly as the form does, through the app's ConnectionManager.
Each of the three resolution dialects is measured on its own: `manage_files` resolves through the
tool-resolution extension and `sql` through `tools/annotations` on the app's connection; `sql` is typed
once more through SEP-1862's `tools/resolve` on a second connection that does not advertise the extension
(the demo answers a client that advertised it in the extension's shape).
After each edit it waits for the badges (the delivered result), then prints, per dialect:

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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from mcp import Client, StdioServerParameters

from tui.client.manager import ConnectionManager
from tui.client.resolve import send_resolve
from tui.config.model import ServerConfig, Timeouts
from tui.model.results import ResolveOutcome
from tui.model.servers import ConnectionStatus, ToolInfo, dialect_label
from tui.session.live_preflight import LivePreflight
from tui.session.preflight import PreflightEngine, PreflightResult

Resolver = Callable[[ToolInfo, dict[str, Any], float], Awaitable[ResolveOutcome]]

QUERIES = (
    "SELECT name, stock FROM fruits WHERE stock > 10",
    "INSERT INTO fruits (name, stock) VALUES ('kiwi', 3)",
    "DELETE FROM fruits WHERE stock = 0",
    "WITH low AS (SELECT id FROM fruits WHERE stock < 5) SELECT * FROM low",
)
_FILE_EDITS = [
    {"action": action, "path": f"notes-{i}.txt", "content": "hello"}
    for i in range(50)
    for action in ("read", "append", "replace", "delete")
]
FILE_EDITS = _FILE_EDITS + _FILE_EDITS[:12]
"""Ends by revisiting earlier arguments: the live view shows the last answer again (never for a call)."""


@dataclass
class Samples:
    latency: list[float] = field(default_factory=list)
    overhead: list[float] = field(default_factory=list)
    reused_latency: list[float] = field(default_factory=list)
    update_cost: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)
    engine: list[float] = field(default_factory=list)
    """Direct pre-call preflights (no debounce, no timer): preflight() time minus the resolver's."""


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


class Bench:
    """One live preflight driven edit by edit, with samples kept per dialect."""

    def __init__(self, resolve: Resolver, connection_id: Callable[[str], int], debounce: float) -> None:
        self.in_resolver: list[float] = []
        self.debounce = debounce
        self.by_dialect: dict[str, Samples] = {}
        self.arrived = asyncio.Event()
        self.delivered: list[tuple[float, PreflightResult]] = []

        async def timed(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
            started = time.perf_counter()
            try:
                return await resolve(tool, arguments, timeout)
            finally:
                self.in_resolver.append(time.perf_counter() - started)

        self.engine = PreflightEngine(timed, connection_id, timeout=3.0)
        self.live = LivePreflight(self.engine, debounce, self._on_result)

    def _on_result(self, result: PreflightResult) -> None:
        self.delivered.append((time.perf_counter(), result))
        self.arrived.set()

    async def edit(self, tool: ToolInfo, arguments: dict[str, Any]) -> None:
        samples = self.by_dialect.setdefault(dialect_label(tool.resolve_method), Samples())
        self.arrived.clear()
        before = len(self.in_resolver)
        keystroke = time.perf_counter()
        self.live.update(tool, arguments)
        samples.update_cost.append(time.perf_counter() - keystroke)
        await asyncio.wait_for(self.arrived.wait(), 10)
        at, result = self.delivered[-1]
        assert result.arguments == arguments, "delivered a result for other arguments"
        assert result.error is None, result.error
        if result.reused or len(self.in_resolver) == before:
            samples.reused_latency.append(at - keystroke)
            return
        samples.latency.append(at - keystroke)
        samples.server.append(self.in_resolver[-1])
        samples.overhead.append(at - keystroke - self.debounce - self.in_resolver[-1])

    async def engine_cost(self, tool: ToolInfo, arguments: list[dict[str, Any]]) -> None:
        """The client's own work per preflight, as the pre-call preflight runs it (fresh, awaited)."""
        samples = self.by_dialect.setdefault(dialect_label(tool.resolve_method), Samples())
        for each in arguments:
            started = time.perf_counter()
            result = await self.engine.preflight(tool, each, fresh=True)
            assert result.error is None, result.error
            samples.engine.append(time.perf_counter() - started - self.in_resolver[-1])

    async def type_queries(self, sql: ToolInfo) -> int:
        edits = 0
        for query in QUERIES:
            for end in range(1, len(query) + 1):
                await self.edit(sql, {"query": query[:end]})
                edits += 1
        return edits


async def run(manager: ConnectionManager, debounce: float, rounds: int) -> None:
    tools = {tool.name: tool for tool in manager.tools("demo")}
    sql, files = tools["sql"], tools["manage_files"]
    if not (sql.resolve_method and files.resolve_method):
        raise SystemExit("the demo's sql and manage_files tools should be resolvable")

    async def via_manager(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    bench = Bench(via_manager, manager.connection_id, debounce)
    edits = 0
    for _ in range(rounds):
        edits += await bench.type_queries(sql)
        for arguments in FILE_EDITS:
            await bench.edit(files, arguments)
            edits += 1

    pings = []
    connection = manager._get("demo")  # the bench only: a ping is not part of the manager's API
    assert connection.client is not None
    for _ in range(50):
        started = time.perf_counter()
        await connection.client.session.send_ping()
        pings.append(time.perf_counter() - started)

    # Fast typing (40 ms per key, under the debounce): only the end of each burst should be resolved.
    requests_before = len(bench.in_resolver)
    burst_edits = 0
    for query in QUERIES:
        text = query + " -- burst"
        for end in range(1, len(text) + 1):
            bench.live.update(sql, {"query": text[:end]})
            burst_edits += 1
            await asyncio.sleep(0.04)
        await asyncio.sleep(debounce + 0.3)
    burst_requests = len(bench.in_resolver) - requests_before
    bench.live.close()
    await bench.engine_cost(sql, [{"query": query} for query in QUERIES * 25])
    await bench.engine_cost(files, FILE_EDITS[:100])

    sep_1862 = await measure_sep_1862(replace(sql, resolve_method="tools/resolve"), debounce, rounds)
    bench.by_dialect.update(sep_1862.by_dialect)

    print(f"demo server over stdio; debounce {debounce * 1000:.0f} ms; {edits} edits, waiting after each")
    for dialect, samples in sorted(bench.by_dialect.items()):
        print(f"-- {dialect}")
        print(f"keystroke -> badges, resolved:      {ms(samples.latency)}")
        print(f"keystroke -> badges, reused answer: {ms(samples.reused_latency)}")
        print(f"client overhead per preflight:      {ms(samples.overhead)}")
        print(f"engine cost per pre-call preflight: {ms(samples.engine)}")
        print(f"inside the resolver (SDK+stdio+server): {ms(samples.server)}")
        print(f"update() per keystroke:             {ms(samples.update_cost)}")
    print(
        "(client overhead = latency - debounce - time inside the resolver: "
        "our code plus event-loop scheduling)"
    )
    print(f"stdio ping round trip:              {ms(pings)}")
    print(
        f"burst typing: {burst_edits} edits at 40 ms -> {burst_requests} requests "
        f"(one per pause: {len(QUERIES)})"
    )


async def measure_sep_1862(sql: ToolInfo, debounce: float, rounds: int) -> Bench:
    """SEP-1862 on a connection that does not advertise the extension (the demo then answers {tool})."""
    with tempfile.TemporaryDirectory() as sandbox:
        params = StdioServerParameters(command=sys.executable, args=["-m", "tui.demo", "--sandbox", sandbox])
        async with Client(params, mode="legacy", read_timeout_seconds=10) as client:

            async def plain(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
                assert tool.resolve_method is not None
                return await send_resolve(client.session, tool.resolve_method, tool.name, arguments, timeout)

            bench = Bench(plain, lambda server: 1, debounce)
            for _ in range(rounds):
                await bench.type_queries(sql)
            bench.live.close()
            await bench.engine_cost(sql, [{"query": query} for query in QUERIES * 25])
            return bench


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--debounce", type=float, default=0.15)
    parser.add_argument("--rounds", type=int, default=1)
    options = parser.parse_args()
    asyncio.run(main(options.debounce, options.rounds))
