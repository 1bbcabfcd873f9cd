"""server-everything's sampling tool, answered by hand in the app (server-everything from npm, pinned and
installed by scripts/test-servers; skipped, saying how to install it, when it is not)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import npm_servers
import pytest
from app_harness import make_app, wait_for
from textual.widgets import Static, TextArea

from tui.ui.screens.sampling import SamplingScreen

pytestmark = [
    npm_servers.skip_unless_installed(),
    pytest.mark.timeout(180),
]


async def test_a_sampling_request_from_server_everything_is_answered_by_hand(home: Path) -> None:
    config = f"""
[servers.everything]
{npm_servers.toml_command("@modelcontextprotocol/server-everything")}
"""
    app = make_app(home, config)
    async with app.run_test(size=(140, 45)) as pilot:
        (state,) = await app.session.ready("everything", timeout=120)
        assert state.status.value == "connected", state.error
        manager = app.session.manager
        assert manager is not None
        call = asyncio.ensure_future(
            manager.call_tool("everything", "trigger-sampling-request", {"prompt": "Say hi"})
        )
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, SamplingScreen) and bool(app.screen.query("#sampling-message-0")),
            timeout=30,
        )
        assert "Say hi" in str(app.screen.query_one("#sampling-message-0", Static).render())
        app.screen.query_one("#sampling-reply", TextArea).insert("Hi, from a person.")
        await pilot.press("ctrl+s")
        outcome = await asyncio.wait_for(call, 30)
        assert "Hi, from a person." in outcome.content[0].text  # type: ignore[union-attr]
