"""How long connecting takes to a legacy server that silently ignores ``server/discover``.

Prints the time from start() to CONNECTED (handshake and tools/list done) for protocol mode "legacy"
and "auto", over real stdio, median of a few runs. The server is tests/client/servers/raw_server.py
(hand-written, no SDK import, so its start-up costs almost nothing).

    .venv/bin/python bench/discover_stall.py [runs]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tui.client.manager import ConnectionManager  # noqa: E402
from tui.config.model import ServerConfig, Timeouts  # noqa: E402
from tui.model.events import ClientEvent  # noqa: E402
from tui.model.servers import ConnectionStatus  # noqa: E402

SERVER = ROOT / "tests" / "client" / "servers" / "raw_server.py"


async def connect_once(mode: str) -> tuple[float, str]:
    config = ServerConfig(
        name="ignores-discover", transport="stdio", command=sys.executable, args=(str(SERVER),), protocol=mode
    )
    done = asyncio.Event()

    def emit(event: ClientEvent) -> None:
        if getattr(event, "tools", None):
            done.set()

    manager = ConnectionManager([config], Timeouts(connect=30.0), emit)
    started = time.perf_counter()
    await manager.start()
    try:
        await asyncio.wait_for(done.wait(), 40)
        elapsed = time.perf_counter() - started
        state = manager.state("ignores-discover")
        assert state.status is ConnectionStatus.CONNECTED
        return elapsed, state.protocol_version or "?"
    finally:
        await manager.aclose()


async def main(runs: int) -> None:
    for mode in ("legacy", "auto"):
        times = []
        version = "?"
        for _ in range(runs):
            elapsed, version = await connect_once(mode)
            times.append(elapsed)
        print(
            f"mode={mode:7s} median {statistics.median(times):6.3f} s  "
            f"(min {min(times):.3f}, max {max(times):.3f}, n={runs})  negotiated {version}"
        )


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
