"""What one keystroke costs the UI loop (``LivePreflight.update``), with the server answering or hanging.

The argument editor calls ``update`` on the UI's event loop for every edit, so it must do only local work
whatever the server does. This types 200 edits into the `files` tool of an in-process test server
(tests/client/misbehaving) twice: once while the server answers every tools/resolve at once, once while it
never answers (every request left hanging until the next edit supersedes it). Every 20th edit pauses until
the request is at the server, so requests really are in flight. Prints the cost of ``update`` per
keystroke (median, p95, max) in both cases and their ratio: a ratio near 1 means a hanging server costs
typing nothing. Then the same for ``LiveEvaluation.change``, all the session does for one keystroke of
the Call tab (validation, the preflight, the assessment, the lint, the published event).

    .venv/bin/python bench/keystroke_cost.py [--edits 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "client"))

from misbehaving.connect import connected  # noqa: E402
from misbehaving.servers import Counting, ResolveHandler, build_server, hangs, well_behaved  # noqa: E402

from tui.model.hints import Hints  # noqa: E402
from tui.safety.assessment import assess  # noqa: E402
from tui.session.live_preflight import LiveEvaluation, LivePreflight  # noqa: E402
from tui.session.preflight import PreflightEngine  # noqa: E402


def _static(tool: Any, result: Any) -> Any:
    return assess(Hints.from_annotations(tool.annotations), resolved=result.effective if result else None)


async def type_edits(handler: ResolveHandler, edits: int, evaluate: bool = False) -> list[float]:
    """Seconds per ``update`` call (``evaluate``: per ``LiveEvaluation.change``) over ``edits`` keystrokes
    against a server answering with ``handler``."""
    counting = Counting(handler)
    costs: list[float] = []
    async with connected(build_server(counting)) as conn:
        engine = PreflightEngine(conn.resolve, lambda server: conn.connection, timeout=3600.0)
        live: Any = (
            LiveEvaluation(engine, 0.01, _static, lambda event: None)
            if evaluate
            else LivePreflight(engine, 0.01, lambda result: None)
        )
        step = live.change if evaluate else live.update
        tool = conn.tools["files"]
        for i in range(edits):
            arguments: dict[str, Any] = {"action": "delete", "path": f"file-{i}.txt"}
            started = time.perf_counter()
            step(tool, arguments)
            costs.append(time.perf_counter() - started)
            if i % 20 == 19:  # a pause in the typing: wait until the request is at the server
                while arguments not in counting.calls:  # noqa: ASYNC110 - a list in the server, no event
                    await asyncio.sleep(0.001)
        live.close()
    return costs


def figures(costs: list[float]) -> str:
    ordered = sorted(costs)
    p95 = ordered[round(0.95 * (len(ordered) - 1))]
    return (
        f"median {statistics.median(ordered) * 1e6:8.1f} us   p95 {p95 * 1e6:8.1f} us   "
        f"max {ordered[-1] * 1e6:8.1f} us   (n={len(ordered)})"
    )


async def main(edits: int, rounds: int) -> None:
    answering: list[float] = []
    hanging: list[float] = []
    for _ in range(rounds):
        answering += await type_edits(well_behaved, edits)
        hanging += await type_edits(hangs, edits)
    print(f"LivePreflight.update per keystroke, {edits} edits x {rounds} rounds, in-process server")
    print(f"server answering: {figures(answering)}")
    print(f"server hanging:   {figures(hanging)}")
    ratio = statistics.median(hanging) / statistics.median(answering)
    print(f"hanging / answering (median): {ratio:.2f}")
    answering, hanging = [], []
    for _ in range(rounds):
        answering += await type_edits(well_behaved, edits, evaluate=True)
        hanging += await type_edits(hangs, edits, evaluate=True)
    print("LiveEvaluation.change per keystroke (validated, preflighted, assessed, linted, published)")
    print(f"server answering: {figures(answering)}")
    print(f"server hanging:   {figures(hanging)}")
    ratio = statistics.median(hanging) / statistics.median(answering)
    print(f"hanging / answering (median): {ratio:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()
    asyncio.run(main(options.edits, options.rounds))
