"""A server's progress on an agent's call, passed on to the agent in the order it arrived."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from tui.model.results import Progress
from tui.session.agents import AgentRequest


@contextlib.asynccontextmanager
async def relayed_progress(link: AgentRequest) -> AsyncIterator[asyncio.Queue[Progress]]:
    """A queue the call's ``on_progress`` feeds; one task sends each update on, in order, and stops with
    the call (what is still queued then is sent first, so the agent sees the last step before the result)."""
    queue: asyncio.Queue[Progress] = asyncio.Queue()

    async def relay() -> None:
        while True:
            progress = await queue.get()
            try:
                await link.progress(progress.progress, progress.total, progress.message)
            except Exception:
                pass  # the agent stopped listening: progress is a courtesy, the call carries on
            finally:
                queue.task_done()

    task = asyncio.ensure_future(relay())
    try:
        yield queue
        await queue.join()
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
