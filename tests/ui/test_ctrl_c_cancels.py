"""ctrl+c during a call cancels it, as Esc does: people press it by habit, and it did nothing."""

from __future__ import annotations

from pathlib import Path

from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools

from tui.model.results import CallStatus
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.results.result_view import ResultView


async def test_ctrl_c_cancels_a_running_call_and_the_server_is_told(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["slow_count"], {"steps": 100, "delay_seconds": 0.2})
        view = panel(app).query_one(ResultView)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("o")
        await wait_for(pilot, lambda: panel(app).progress is not None and panel(app).progress.last_progress)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: view.outcome is not None)
        assert view.outcome is not None
        assert view.outcome.status is CallStatus.CANCELLED
        assert app.is_running  # ctrl+c cancelled the call, not the app
