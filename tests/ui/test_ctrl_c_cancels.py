"""ctrl+c during a call cancels it, as Esc does: people press it by habit, and it did nothing."""

from __future__ import annotations

from pathlib import Path

from app_harness import cancel_running_call, make_app, open_tool, wait_for_tools


async def test_ctrl_c_cancels_a_running_call_and_the_server_is_told(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["slow_count"], {"steps": 100, "delay_seconds": 0.2})
        await cancel_running_call(pilot, app, "ctrl+c")
        assert app.is_running  # ctrl+c cancelled the call, not the app
