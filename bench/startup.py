"""Start-up speed of mcp-tui in a real terminal (tmux), as a person sees it, beside its yardsticks.

One run prints, side by side (median and min over N launches, each contender launched in turn):
  - the first painted frame of a bare Textual app (Header, Static, Footer) and of mcp-tui;
  - server-everything's tool names on screen: mcp-tui (cold), the official Inspector TUI, and a bare
    mcp SDK script that connects and prints them;
  - the bundled demo's tools on screen: mcp-tui (cold) and the bare SDK script;
  - a warm start (the tool list cached by an earlier run): tool names on screen;
  - the headless ``mcp-tui tools --json`` when that command exists;
and the ratios the start-up goals are stated in (issue 14).

Each cold launch gets a fresh MCP_TUI_HOME, so nothing is cached; warm launches share one home that an
untimed launch filled first. server-everything and the Inspector are installed from npm (pinned) into
~/.cache/mcp-tui-bench on the first run, which needs network; this script is not part of CI.
server-everything runs as ``node_modules/.bin/mcp-server-everything stdio`` for every contender (no npx,
whose own start-up would blur the comparison). The screen is read every 5 ms through one tmux control
client (``tmux_control.py``), not a ``tmux capture-pane`` process per look: those processes took about a
third of a core, which slowed the launches that use both cores (an app and its server) and not the bare
app.

    .venv/bin/python bench/startup.py [--runs 5] [--no-inspector]
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
from dataclasses import dataclass, field
from pathlib import Path

from tmux_control import TmuxControl

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = Path.home() / ".cache" / "mcp-tui-bench"
NODE_PACKAGES = (
    "@modelcontextprotocol/server-everything@2026.8.31",
    "@modelcontextprotocol/inspector@2.12.0",
)
EVERYTHING = NODE_DIR / "node_modules" / ".bin" / "mcp-server-everything"
INSPECTOR = NODE_DIR / "node_modules" / ".bin" / "mcp-inspector"

BARE_FRAME = "bare Textual app"  # the bare app's Static
APP_FRAME = "mcp-tui"  # mcp-tui's header title, painted on the first frame
DEMO_TOOL = "manage_files"  # a demo tool's name
EVERYTHING_NAME = "get-annotated-message"  # a server-everything tool name, shown by every contender
INSPECTOR_FRAME = "MCP Servers"
HOLD = "; sleep 30"  # a script that exits keeps its pane, so its output can be read


@dataclass
class Contender:
    label: str
    command: list[str]
    marks: list[str]
    keys: dict[str, list[str]] = field(default_factory=dict)
    """Keys sent as soon as a mark appears (the Inspector connects only when asked)."""
    home: str | None = None
    """A shared MCP_TUI_HOME (warm start); None gives each launch a fresh one."""
    times: list[list[float]] = field(default_factory=list)

    def median(self, mark: int = -1) -> float:
        return statistics.median(run[mark] for run in self.times)

    def minimum(self, mark: int = -1) -> float:
        return min(run[mark] for run in self.times)


def _busy_cpu_seconds() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine so far, from /proc/stat (all cores, in ticks)."""
    fields = [float(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return sum(fields) - idle, sum(fields)


def wait_until_quiet(threshold: float = 0.15, window: float = 0.1, limit: float = 3.0) -> None:
    """Wait (at most ``limit`` s) until the machine is under ``threshold`` busy over ``window`` s.

    A launch killed at its mark leaves processes that are still exiting (the app, the servers it started,
    a bare script's server): without this the next contender would start beside them and pay for it,
    whichever contender happens to come next."""
    if not Path("/proc/stat").exists():
        time.sleep(0.5)
        return
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        busy0, total0 = _busy_cpu_seconds()
        time.sleep(window)
        busy1, total1 = _busy_cpu_seconds()
        if total1 > total0 and (busy1 - busy0) / (total1 - total0) < threshold:
            return


def launch_once(tmux: TmuxControl, contender: Contender, timeout: float = 30.0) -> list[float]:
    """Seconds from launch until each mark appears on the tmux screen (nan when it never does)."""
    wait_until_quiet()
    session = f"mcp-tui-bench-{os.getpid()}"
    home = contender.home or tempfile.mkdtemp(prefix="mcp-tui-bench-")
    found: dict[str, float] = {}
    sent_at: dict[str, float] = {}
    new_session = ["new-session", "-d", "-s", session, "-x", "140", "-y", "40"]
    # Bytecode is written and used as in any installed copy (an inherited PYTHONDONTWRITEBYTECODE would
    # make every launch compile mcp-tui's modules from source, which no user's install does).
    env = ["-e", f"MCP_TUI_HOME={home}", "-e", "PYTHONDONTWRITEBYTECODE="]
    start = time.perf_counter()
    tmux.run(*new_session, *env, *contender.command)
    try:
        while len(found) < len(contender.marks) and time.perf_counter() - start < timeout:
            # With the scrollback: a long output (tools --json) may scroll the mark off the screen at once.
            # check=False: a contender that crashed took its session along; its marks stay nan.
            screen = "\n".join(tmux.run("capture-pane", "-p", "-S", "-2000", "-t", session, check=False))
            now = time.perf_counter() - start
            for mark in contender.marks:
                if mark not in found and mark in screen:
                    found[mark] = now
            # Keys typed before an app reads its terminal can be lost: repeat them until the next mark.
            for mark, keys in contender.keys.items():
                if mark in found and len(found) < len(contender.marks) and now - sent_at.get(mark, -1) > 0.3:
                    sent_at[mark] = now
                    for key in keys:
                        tmux.run("send-keys", "-t", session, key)
            time.sleep(0.005)
    finally:
        tmux.run("kill-session", "-t", session, check=False)
        if contender.home is None:
            shutil.rmtree(home, ignore_errors=True)
    return [found.get(mark, float("nan")) for mark in contender.marks]


def ensure_node_packages() -> bool:
    """server-everything and the Inspector, installed once from npm; False when that is impossible."""
    if EVERYTHING.exists() and INSPECTOR.exists():
        return True
    if shutil.which("npm") is None:
        return False
    NODE_DIR.mkdir(parents=True, exist_ok=True)
    print(f"installing {' '.join(NODE_PACKAGES)} into {NODE_DIR} …", flush=True)
    command = ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NODE_DIR), *NODE_PACKAGES]
    done = subprocess.run(command, capture_output=True, text=True)
    return done.returncode == 0 and EVERYTHING.exists()


def has_tools_command(app: list[str]) -> bool:
    done = subprocess.run([*app, "tools", "--help"], capture_output=True, text=True)
    return done.returncode == 0 and "--json" in done.stdout


def held(command: list[str]) -> list[str]:
    return ["sh", "-c", shlex.join(command) + HOLD]


def fmt(seconds: float) -> str:
    return f"{seconds:6.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-inspector", action="store_true", help="skip the official Inspector TUI")
    parser.add_argument(
        "--only", metavar="TEXT", help="launch only the contenders whose label contains TEXT (A|B: either)"
    )
    options = parser.parse_args()
    python = sys.executable
    app = [str(ROOT / ".venv/bin/mcp-tui")]
    if not Path(app[0]).exists():
        app = [python, "-m", "tui"]
    demo = [python, "-m", "tui", "demo-server"]
    everything = [str(EVERYTHING), "stdio"]
    sdk = [python, str(ROOT / "bench" / "bare_sdk.py")]
    have_node = ensure_node_packages()
    # An editable checkout has no bytecode until something imports it: compile it as pip would on install.
    subprocess.run([python, "-m", "compileall", "-q", str(ROOT / "tui"), str(ROOT / "bench")], check=True)
    warm_home = tempfile.mkdtemp(prefix="mcp-tui-bench-warm-")

    bare = Contender("bare Textual app", [python, str(ROOT / "bench" / "bare_textual.py")], [BARE_FRAME])
    app_demo = Contender("mcp-tui, demo", app, [APP_FRAME, DEMO_TOOL])
    sdk_demo = Contender("bare SDK, demo", held([*sdk, *demo]), [DEMO_TOOL])
    warm_demo = Contender("mcp-tui warm, demo", app, [APP_FRAME, DEMO_TOOL], home=warm_home)
    contenders = [bare, app_demo, sdk_demo, warm_demo]
    app_every = sdk_every = inspector = warm_every = tools_json = None
    if have_node:
        app_every = Contender("mcp-tui, everything", [*app, "--", *everything], [APP_FRAME, EVERYTHING_NAME])
        sdk_every = Contender("bare SDK, everything", held([*sdk, *everything]), [EVERYTHING_NAME])
        warm_every = Contender(
            "mcp-tui warm, everything",
            [*app, "--", *everything],
            [APP_FRAME, EVERYTHING_NAME],
            home=warm_home,
        )
        contenders += [app_every, sdk_every, warm_every]
        if not options.no_inspector and INSPECTOR.exists():
            # It paints, then connects when asked: "c" (connect) and "t" (the Tools tab) go in at once.
            inspector = Contender(
                "Inspector TUI, everything",
                [str(INSPECTOR), "--tui", *everything],
                [INSPECTOR_FRAME, EVERYTHING_NAME],
                keys={INSPECTOR_FRAME: ["c", "t"]},
            )
            contenders.append(inspector)
        if has_tools_command(app):
            tools_json = Contender(
                "mcp-tui tools --json", held([*app, "tools", "--json", "--", *everything]), [EVERYTHING_NAME]
            )
            contenders.append(tools_json)

    if options.only:
        wanted = options.only.split("|")
        contenders = [c for c in contenders if any(text in c.label for text in wanted)]
    # Its idle anchor session also keeps the tmux server up between launches (a server that exits with
    # its last session can refuse the next new-session while it shuts down).
    tmux = TmuxControl(f"mcp-tui-bench-anchor-{os.getpid()}")
    # The warm contenders start from a cache an untimed launch wrote.
    for warm in (warm_demo, warm_every):
        if warm is not None and warm in contenders:
            launch_once(tmux, warm)
    try:
        for _ in range(options.runs):
            for contender in contenders:
                contender.times.append(launch_once(tmux, contender))
    finally:
        tmux.close()
        shutil.rmtree(warm_home, ignore_errors=True)

    print(f"runs: {options.runs} (tmux 140x40, {os.cpu_count()} cores; median, min)")
    rows: list[tuple[str, float, float, str]] = []

    def row(label: str, contender: Contender | None, mark: int, ratio: str = "") -> None:
        if contender is not None and contender.times:
            rows.append((label, contender.median(mark), contender.minimum(mark), ratio))

    def ratio(a: Contender | None, a_mark: int, b: Contender | None, b_mark: int, what: str) -> str:
        if a is None or b is None or not a.times or not b.times:
            return ""
        return f"{a.median(a_mark) / b.median(b_mark):.2f}x {what}"

    row("bare Textual app: first frame", bare, 0)
    row("mcp-tui: first frame", app_demo, 0, ratio(app_demo, 0, bare, 0, "the bare app (goal <= 1.3)"))
    row("bare SDK script: server-everything's tool names", sdk_every, 0)
    row("Inspector TUI: server-everything's tool names", inspector, 1)
    every_ratio = "; ".join(
        r
        for r in (
            ratio(app_every, 1, inspector, 1, "Inspector (goal <= 0.9)"),
            ratio(app_every, 1, sdk_every, 0, "bare SDK (goal <= 1.15)"),
        )
        if r
    )
    row("mcp-tui cold: server-everything's tool names", app_every, 1, every_ratio)
    row("bare SDK script: the demo's tools", sdk_demo, 0)
    row("mcp-tui cold: the demo's tools", app_demo, 1, ratio(app_demo, 1, sdk_demo, 0, "bare SDK"))
    row(
        "mcp-tui warm: the demo's tools", warm_demo, 1, ratio(warm_demo, 1, bare, 0, "bare app (goal <= 1.5)")
    )
    row(
        "mcp-tui warm: server-everything's tool names",
        warm_every,
        1,
        ratio(warm_every, 1, bare, 0, "bare app (goal <= 1.5)"),
    )
    row(
        "mcp-tui tools --json: server-everything",
        tools_json,
        0,
        ratio(tools_json, 0, sdk_every, 0, "bare SDK (goal <= 1.1)"),
    )
    width = max(len(label) for label, *_ in rows)
    for label, median, minimum, note in rows:
        print(f"{label:<{width}}  {fmt(median)}  (min {fmt(minimum)})  {note}")
    if not have_node:
        print("server-everything and the Inspector were skipped: npm is missing or the install failed")


if __name__ == "__main__":
    main()
