from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

# The misbehaving in-process servers of the client tests also drive the app in a few UI tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "client"))

STAGED_MOUNT_BOUND = 30.0
"""Seconds a test's end waits for a staged mount under way (a bound: one takes a fraction of a second)."""


@pytest.fixture(autouse=True)
def staged_mounts_end_before_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that ends while the main screen mounts its tabs or call panel (they follow the first tools,
    or a timer) closes the app after that mount, not in its middle.

    Textual removing widgets while it mounts them fails inside Textual (a tab's or a dropdown's own mount
    finds its parts gone: "No Tab with id '--content-tab-call'", "No nodes match 'SelectOverlay'"); such
    an end came by chance, when the session listed its tools just as a short test ended. Once the app is
    shutting down, no staged mount starts (MainScreen checks ``app.is_running``)."""
    from tui.ui.app import McpTuiApp

    shutdown = McpTuiApp._shutdown

    async def after_staged_mounts(app: McpTuiApp) -> None:
        if (screen := app._main_screen()) is not None:
            try:
                await asyncio.wait_for(screen.slot.mount_lock.acquire(), STAGED_MOUNT_BOUND)
            except TimeoutError:
                pass  # a mount that never ends: the shutdown goes ahead and shows what fails
            else:
                # No await from here until Textual's shutdown has marked the app as no longer running.
                screen.slot.mount_lock.release()
        await shutdown(app)

    monkeypatch.setattr(McpTuiApp, "_shutdown", after_staged_mounts)
