"""Tool list at scale: 1000 tools across 10 servers in a headless app (or as many as you say).

Prints the time to list them (set_tools for every server until the frame is painted), the work per
filter keystroke over a typed query (the pure filter, the filter plus the list widget update, and
drawing the rows in view), and peak memory (tracemalloc, measured in a separate pass because tracing
slows everything down).

    .venv/bin/python bench/filter_bench.py [--servers 10] [--per-server 100] [--size 160x50] [--no-memory]

``--servers 100`` makes 10,000 tools. What a person sees, key press to repaint in a real terminal, is
``bench/filter_keystroke.py``'s measure (a pilot's key press waits for idleness in steps of its own: a
bare Input's round trip through it takes about 85 ms, so it cannot show a 50 ms goal).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
import tracemalloc
from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region

from tui.model.servers import ToolInfo
from tui.ui.widgets.tool_filter import filter_tools
from tui.ui.widgets.tool_list import ToolList

SERVERS = 10
PER_SERVER = 100
SIZE = (160, 50)
QUERIES = ("delete file", "destructive grade:high+", "ro open", "widget 12", "server:server7 idem")

ANNOTATIONS: list[dict[str, Any] | None] = [
    {"readOnlyHint": True, "openWorldHint": False},
    {"readOnlyHint": True},
    {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": True},
    {"destructiveHint": True, "openWorldHint": False},
    None,
]
VERBS = ("read", "list", "append", "delete", "fetch", "update", "search", "move")


def make_tools() -> dict[str, list[ToolInfo]]:
    tools: dict[str, list[ToolInfo]] = {}
    for s in range(SERVERS):
        server = f"server{s}"
        tools[server] = [
            ToolInfo(
                server=server,
                name=f"{VERBS[i % len(VERBS)]}_{i}",
                title=f"{VERBS[i % len(VERBS)].title()} item {i}" if i % 3 else None,
                description=(
                    f"{VERBS[i % len(VERBS)].title()}s a file or record numbered {i} on widget {i * 7}. "
                    "Accepts a path and options; returns a summary of what changed. " * 2
                ),
                input_schema={
                    "type": "object",
                    "properties": {"path": {"type": "string"}, "count": {"type": "integer"}},
                    "required": ["path"],
                },
                output_schema=None,
                annotations=ANNOTATIONS[i % len(ANNOTATIONS)],
                resolve_method="tools/resolve" if i % 10 == 0 else None,
            )
            for i in range(PER_SERVER)
        ]
    return tools


class BenchApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ToolList()


def prefixes(query: str) -> list[str]:
    return [query[:n] for n in range(1, len(query) + 1)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def summary(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    print(f"  {label:<44} median {ms(statistics.median(samples))}, p95 {ms(p95)}, max {ms(samples[-1])}")


async def timing_pass() -> None:
    data = make_tools()
    app = BenchApp()
    async with app.run_test(size=SIZE) as pilot:
        tool_list = app.query_one(ToolList)
        start = time.perf_counter()
        for server, tools in data.items():
            tool_list.set_tools(server, tools)
        calls_done = time.perf_counter()
        await pilot.pause()
        painted = time.perf_counter()
        assert len(tool_list.visible_tools) == SERVERS * PER_SERVER
        print(f"{SERVERS * PER_SERVER} tools across {SERVERS} servers")
        print(f"  set_tools for every server:                  {ms(calls_done - start)}")
        print(f"  ... until the list is painted:               {ms(painted - start)}")

        entries = tool_list.visible_entries
        options = app.query_one("#tool-options")  # untyped: older revisions draw the rows in an OptionList
        viewport = Region(0, 0, options.scrollable_content_region.width, options.size.height)
        pure: list[float] = []
        widget: list[float] = []
        painted_rows: list[float] = []
        for query in QUERIES:
            for text in prefixes(query):
                t0 = time.perf_counter()
                filter_tools(entries, text)
                pure.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                tool_list.set_filter(text)
                t1 = time.perf_counter()
                options.render_lines(viewport)  # what the next frame draws of the list
                t2 = time.perf_counter()
                widget.append(t1 - t0)
                painted_rows.append(t2 - t0)
            tool_list.set_filter("")
    print(f"per filter keystroke ({len(pure)} prefixes of {len(QUERIES)} typed queries):")
    summary(f"filter_tools over {SERVERS * PER_SERVER} tools", pure)
    summary("filter + list widget update", widget)
    summary("... + rendering the visible rows", painted_rows)


async def memory_pass() -> None:
    tracemalloc.start()
    baseline = tracemalloc.get_traced_memory()[0]
    data = make_tools()
    app = BenchApp()
    async with app.run_test(size=SIZE) as pilot:
        tool_list = app.query_one(ToolList)
        for server, tools in data.items():
            tool_list.set_tools(server, tools)
        await pilot.pause()
        for text in prefixes("destructive file"):
            tool_list.set_filter(text)
        await pilot.pause()
        current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory (tracemalloc, app + {SERVERS * PER_SERVER} tools, after filtering):")
    print(f"  peak {(peak - baseline) / 2**20:.1f} MiB, still held {(current - baseline) / 2**20:.1f} MiB")


def main() -> None:
    global SERVERS, PER_SERVER, SIZE
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--servers", type=int, default=SERVERS)
    parser.add_argument("--per-server", type=int, default=PER_SERVER)
    parser.add_argument("--size", default="160x50", help="terminal size as COLUMNSxROWS")
    parser.add_argument("--no-memory", action="store_true", help="skip the (slow) memory pass")
    options = parser.parse_args()
    SERVERS, PER_SERVER = options.servers, options.per_server
    columns, _, rows = options.size.partition("x")
    SIZE = (int(columns), int(rows))
    asyncio.run(timing_pass())
    if not options.no_memory:
        asyncio.run(memory_pass())


if __name__ == "__main__":
    main()
