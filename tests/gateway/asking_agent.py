"""An agent process for the disconnect test: it asks the gateway (under HOME) to delete keep.txt, and when
the gateway's form arrives it prints ASKED and waits, never answering, until it is killed."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
import mcp_types as types
from gateway_harness import agent


async def main(home: Path) -> None:
    async def wait_forever(_ctx: object, params: types.ElicitRequestParams) -> types.ElicitResult:
        print("ASKED", flush=True)
        await anyio.sleep_forever()
        raise AssertionError("unreachable")

    async with agent(home, wait_forever) as client:
        await client.call_tool("manage_files", {"action": "delete", "path": "keep.txt"})


if __name__ == "__main__":
    anyio.run(main, Path(sys.argv[1]))
