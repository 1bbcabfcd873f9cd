"""A filter keystroke in a real terminal (tmux, 80x24): key press until the repaint shows the new rows.

The tool list (``ToolList``, as the main screen has it) holds 1,000 and then 10,000 tools
(``filter_bench.make_tools``: 100 per server); the bench types queries into its filter one key at a time
and, for each key, times ``tmux send-keys`` until the screen shows the filter box with that key and the
count line with the number of tools the new query matches (the rows are drawn in the same frame, above
the count line). A bare Textual Input's key-to-echo in the same terminal is the floor.

A pilot's ``press`` is no measure of this: it waits for the app to go idle in steps of its own, and a bare
Input's round trip through it takes about 85 ms.

    .venv/bin/python bench/filter_keystroke.py [--against main] [--tools 1000 10000] [--rounds 1]

``--against REV`` runs the same app on the ``tui`` package of that revision too (``git archive`` into a
temporary directory, first on ``PYTHONPATH``) beside this tree's, both at once, each query typed into
one and then the other, and prints both side by side. The machine's load is printed with the figures:
on a shared machine it moves them.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from tmux_control import TmuxControl

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
# Prefixes of these are typed, a key at a time: words, a badge, a server, a second term after a space.
QUERIES = ("delete", "destructive file", "widget 12", "server:server7 ro", "zzz")
LIMIT = 30.0  # seconds: a screen that never shows the new state is a broken bench, not a slow key


def serve(tools: int) -> None:
    """The app the bench types into: a ToolList with ``tools`` tools (0: a bare Input)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import filter_bench
    from textual.app import App, ComposeResult
    from textual.widgets import Input

    import tui
    from tui.ui.widgets.tool_list import ToolList

    tree = os.environ.get("PYTHONPATH")
    if tree and not Path(tui.__file__).resolve().is_relative_to(Path(tree).resolve()):
        raise SystemExit(f"asked for the tui package under {tree}, imported {tui.__file__}")

    class ServeApp(App[None]):
        def compose(self) -> ComposeResult:
            yield ToolList() if tools else Input()

        def on_mount(self) -> None:
            if tools:
                filter_bench.SERVERS, filter_bench.PER_SERVER = tools // 100, 100
                tool_list = self.query_one(ToolList)
                for server, server_tools in filter_bench.make_tools().items():
                    tool_list.set_tools(server, server_tools)
            # A blinking cursor repaints the filter box by itself; the bench waits for a key's repaint.
            box = self.query_one(Input)
            box.cursor_blink = False
            box.focus()

    ServeApp().run()


def expected_counts(tools: int) -> dict[str, int]:
    """How many tools each typed prefix matches (the query language is the same in every revision)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import filter_bench

    from tui.session.tool_query import filter_tools, make_entry

    filter_bench.SERVERS, filter_bench.PER_SERVER = tools // 100, 100
    entries = [
        make_entry(tool) for server_tools in filter_bench.make_tools().values() for tool in server_tools
    ]
    return {q[:n]: len(filter_tools(entries, q[:n])) for q in QUERIES for n in range(len(q) + 1)}


def count_shown(screen: list[str], shown: int, total: int) -> bool:
    """Whether the count line says ``shown`` of ``total`` (``N tools`` when every tool is shown)."""
    wanted = f"{total} tools" if shown == total else f"{shown} of {total}"
    return any(STYLES.sub("", line).strip().startswith(wanted) for line in screen)


STYLES = re.compile(r"\x1b\[[0-9;:]*m")


class Screen:
    """The tmux pane of one launched app, read through the bench's control client."""

    def __init__(self, tmux: TmuxControl, session: str) -> None:
        self.tmux, self.session = tmux, session
        self.last: list[str] = []

    def look(self) -> list[str]:
        # -e: with the styles, so the filter box's cursor moving past a typed space is a change.
        return self.tmux.run("capture-pane", "-p", "-e", "-t", self.session, check=False)

    def wait(self, ready: Callable[[list[str]], bool], *, changed: bool = True) -> None:
        """Until the screen differs from the last one waited for (with ``changed``) and is ``ready``."""
        deadline = time.perf_counter() + LIMIT
        while time.perf_counter() < deadline:
            now = self.look()
            if (now != self.last or not changed) and ready(now):
                self.last = now
                return
            time.sleep(0.001)
        raise RuntimeError(f"the screen of {self.session} never showed the key's result")

    def cpu_seconds(self) -> float:
        """CPU time the app has used so far (user and system; the pane runs it directly)."""
        pid = self.tmux.run("display-message", "-p", "-t", self.session, "#{pane_pid}")[0]
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def key(self, key: str, *, literal: bool = True) -> None:
        self.tmux.run("send-keys", "-t", self.session, *(["-l"] if literal else []), key)


@dataclass
class Figures:
    times: list[float]
    """Seconds from each key's send-keys until the screen showed its result."""
    cpu_per_key: float
    """The CPU seconds the app used while the queries were typed, per keystroke: what the machine's load
    moves least (a busy machine lengthens the times, not the work)."""

    def __str__(self) -> str:
        ordered = sorted(self.times)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        median = statistics.median(ordered)
        return f"{median * 1000:5.1f} / {p95 * 1000:5.1f} / {self.cpu_per_key * 1000:4.1f} ms"


def measure(tmux: TmuxControl, trees: dict[str, Path | None], tools: int, rounds: int) -> dict[str, Figures]:
    """Per tree, seconds per keystroke from send-keys until the screen shows the key's result.

    Every tree's app runs at once (each idle while another is typed into), and the queries go to them in
    turn: a change in the machine's load falls on all of them alike."""
    counts = expected_counts(tools) if tools else {}
    screens: dict[str, Screen] = {}
    for number, (name, tree) in enumerate(trees.items()):
        session = f"t28c-filter-{os.getpid()}-{number}"
        env_args = ["-e", f"PYTHONPATH={tree}"] if tree else []
        command = [sys.executable, str(Path(__file__).resolve()), "--serve", str(tools)]
        size = ["-x", str(SIZE[0]), "-y", str(SIZE[1])]
        tmux.run("new-session", "-d", "-s", session, *size, *env_args, *command)
        screens[name] = Screen(tmux, session)

    def shows(query: str) -> Callable[[list[str]], bool]:
        if not tools:
            return lambda lines: query in STYLES.sub("", "\n".join(lines))
        return lambda lines: count_shown(lines, counts[query], tools)

    samples: dict[str, list[float]] = {name: [] for name in trees}
    cpu: dict[str, float] = dict.fromkeys(trees, 0.0)
    try:
        for screen in screens.values():
            # The bare Input's box is drawn with a tall border; the list is there when it counts every tool.
            screen.wait(lambda lines: "▔" in "".join(lines)) if not tools else screen.wait(shows(""))
        for _ in range(rounds):
            for query in QUERIES:
                for name, screen in screens.items():
                    used = screen.cpu_seconds()
                    for n in range(1, len(query) + 1):
                        start = time.perf_counter()
                        screen.key(query[n - 1])
                        screen.wait(shows(query[:n]))
                        samples[name].append(time.perf_counter() - start)
                    cpu[name] += screen.cpu_seconds() - used
                    screen.key("C-u", literal=False)  # clear the filter (untimed)
                    screen.wait(shows(""))
    finally:
        for screen in screens.values():
            tmux.run("kill-session", "-t", screen.session, check=False)
    return {name: Figures(times, cpu[name] / len(times)) for name, times in samples.items()}


def tree_of(revision: str, into: str) -> Path:
    """The ``tui`` package of ``revision`` unpacked under ``into``."""
    archive = subprocess.run(["git", "archive", revision, "tui"], cwd=ROOT, check=True, capture_output=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return Path(into)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--against", metavar="REV", help="also measure this git revision (before)")
    parser.add_argument("--tools", type=int, nargs="+", default=[1000, 10000], help="multiples of 100")
    parser.add_argument("--rounds", type=int, default=1, help="times each query is typed")
    options = parser.parse_args()
    if options.serve is not None:
        serve(options.serve)
        return
    tmux = TmuxControl(f"t28c-anchor-{os.getpid()}")
    try:
        with tempfile.TemporaryDirectory() as scratch:
            trees: dict[str, Path | None] = {"this tree": None}
            if options.against:
                trees = {options.against: tree_of(options.against, scratch), **trees}
            keys = sum(len(query) for query in QUERIES) * options.rounds
            print(f"{SIZE[0]}x{SIZE[1]} in tmux, {keys} keystrokes per figure; per keystroke: key to repaint")
            print("median / p95, and the app's CPU time (mean)")
            print(f"{'':28}" + "".join(f"{name:>26}" for name in trees))
            for tools in [0, *options.tools]:
                row = measure(tmux, trees, tools, options.rounds)
                label = "bare Input (key to echo)" if not tools else f"{tools:,} tools"
                print(f"{label:28}" + "".join(f"{figures!s:>26}" for figures in row.values()))
            print(f"load average {os.getloadavg()[0]:.1f} at the end, {os.cpu_count()} cores")
    finally:
        tmux.close()


if __name__ == "__main__":
    main()
