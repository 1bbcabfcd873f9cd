"""Instructions to the first frame, counted by callgrind: the start-up goal without the machine's noise.

One run prints, side by side, the instructions each process runs from launch to its first painted frame
(in tmux, at 140x40 as ``startup.py`` launches them):
  - the bare Textual app (Header, Static, Footer);
  - mcp-tui on the demo, cold (a fresh MCP_TUI_HOME: nothing cached, no config file);
  - mcp-tui on the demo, warm (the tool list cached by an earlier ``mcp-tui tools``): its first frame
    shows the cached tool names;
and the ratios against the bare app. The goals (issue 14) are stated in wall time, which ``startup.py``
measures; on a shared 2-core machine its ratios move by a tenth from run to run, while these counts
repeat to about 0.1% (``PYTHONHASHSEED=0``), so they show what a change did. They count only the app's
own process: the demo server that mcp-tui starts early runs beside it and is not counted.

Needs valgrind and tmux; a launch under callgrind takes about 20 s. Not part of CI.

    .venv/bin/python bench/first_frame_instructions.py [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
EXIT_AT_FIRST_FRAME = BENCH / "first_frame_exit.py"
SIZE = ("140", "40")


def instructions_to_first_frame(which: str, home: Path) -> int:
    """Callgrind's instruction total for one launch of ``which`` ("bare" or "mcp-tui") in tmux."""
    with tempfile.TemporaryDirectory(prefix="mcp-tui-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        session = f"mcp-tui-instructions-{os.getpid()}"
        valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command = [*valgrind, sys.executable, str(EXIT_AT_FIRST_FRAME), which]
        # Through env: tmux starts the command in its server's environment, not ours. No MCP_TUI_CONFIG
        # there either, so the cold launch reads no config file.
        env = ["-u", "MCP_TUI_CONFIG", f"MCP_TUI_HOME={home}", "PYTHONHASHSEED=0", "PYTHONDONTWRITEBYTECODE="]
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", session, "-x", SIZE[0], "-y", SIZE[1], "env", *env, *command],
            check=True,
        )
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            alive = subprocess.run(["tmux", "has-session", "-t", session], capture_output=True)
            if alive.returncode != 0:
                break
            time.sleep(0.5)
        else:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
            raise RuntimeError(f"{which} did not paint a frame within 300 s under callgrind")
        totals = re.search(r"^totals: (\d+)", out.read_text(), re.MULTILINE) if out.exists() else None
        if totals is None:
            raise RuntimeError(f"{which}: callgrind wrote no totals (did the app start?)")
        return int(totals.group(1))


def filled_home() -> Path:
    """A home whose tool cache holds the demo's list, written by the headless ``tools`` command."""
    home = Path(tempfile.mkdtemp(prefix="mcp-tui-warm-"))
    app = [sys.executable, "-m", "tui"]
    environ = {k: v for k, v in os.environ.items() if k != "MCP_TUI_CONFIG"} | {"MCP_TUI_HOME": str(home)}
    subprocess.run(
        [*app, "tools", "--json"],
        env=environ,
        check=True,
        capture_output=True,
    )
    if not any((home / "cache" / "tools").glob("*.json")):
        raise RuntimeError("mcp-tui tools --json cached no tool list")
    return home


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=1, help="launches of each (the lowest count is shown)")
    args = parser.parse_args()
    missing = [tool for tool in ("valgrind", "tmux") if shutil.which(tool) is None]
    if missing:
        sys.exit(f"needs {' and '.join(missing)}")
    warm = filled_home()
    rows: list[tuple[str, int]] = []
    try:
        for label, which, home in (
            ("bare Textual app", "bare", None),
            ("mcp-tui, cold (demo)", "mcp-tui", None),
            ("mcp-tui, warm (demo, cached tools)", "mcp-tui", warm),
        ):
            counts = []
            for _ in range(args.runs):
                fresh = home or Path(tempfile.mkdtemp(prefix="mcp-tui-cold-"))
                try:
                    counts.append(instructions_to_first_frame(which, fresh))
                finally:
                    if home is None:
                        shutil.rmtree(fresh, ignore_errors=True)
            rows.append((label, min(counts)))
            print(f"  {label}: {min(counts) / 1e6:,.0f} million", flush=True)
    finally:
        shutil.rmtree(warm, ignore_errors=True)
    bare = rows[0][1]
    print()
    print(f"{'launch to the first frame':<38} {'instructions':>14} {'vs bare':>8}")
    for label, count in rows:
        print(f"{label:<38} {count / 1e6:>10,.0f} mil {count / bare:>7.2f}x")


if __name__ == "__main__":
    main()
