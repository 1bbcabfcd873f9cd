"""A real session over an in-process server named "f", with config.toml in the test's home."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tui.config.startup import load_startup
from tui.session.events import SessionEvent
from tui.session.questions import Question
from tui.session.session import Session

CONFIG = """
[servers.f]
command = "unused-in-process"
{extra}
"""


@asynccontextmanager
async def started(
    home: Path,
    server: object,
    extra: str = "",
    answerer: Callable[[Question], None] | None = None,
) -> AsyncIterator[tuple[Session, list[SessionEvent]]]:
    """A real session (config.toml in ``home``) with server "f" in-process, ready to use."""
    (home / "config.toml").write_text(CONFIG.format(extra=extra), encoding="utf-8")
    session = Session(load_startup(config_path=None), targets={"f": server})
    events: list[SessionEvent] = []
    session.subscribe(events.append)
    session.attach(answerer)
    await session.start()
    try:
        states = await session.ready("f", timeout=30)  # bounds only a broken test
        assert states[0].status.value == "connected", states[0].error
        yield session, events
    finally:
        await session.aclose()


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
