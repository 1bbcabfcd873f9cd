"""The end of a test waits for a staged mount under way before the app shuts down (UI and CLI tests).

A test ends with Textual's ``run_test`` calling the app's shutdown directly, at whatever moment: a short
test ends just as the session has listed its first tools, while the main screen mounts its tabs or call
panel (they follow the first tools, or a timer). Textual removing widgets while it mounts them fails inside
Textual (a tab's or a dropdown's own mount finds its parts gone: "No Tab with id '--content-tab-call'",
"No nodes match 'SelectOverlay'"), and ``run_test`` raises that as the test's error. Once the app is
shutting down, no staged mount starts (MainScreen checks ``app.is_running``).
"""

from __future__ import annotations

import asyncio

import pytest

STAGED_MOUNT_BOUND = 30.0
"""Seconds a test's end waits for a staged mount under way (a bound: one takes a fraction of a second)."""


def end_after_staged_mounts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the app's shutdown wait for a staged mount under way, then go ahead with no await between."""
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
