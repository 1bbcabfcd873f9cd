"""When a call ends, the focus goes back where the person was typing, unless they opened another tab
meanwhile: F2 pressed while a call runs (or as it ends) keeps the focus in History.

The runner used to give the focus back whatever had happened since, and after a refresh: History lost
it, which made tests/ui/test_history_reopen_preflight.py time out whenever the outcome took a moment to show.
"""

from __future__ import annotations

from pathlib import Path

from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools

from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.history import CallHistory


async def test_history_opened_while_a_call_runs_keeps_the_focus_when_the_call_ends(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        # About 3 s: F2 and its focus come well within it (checked below, so a miss says so).
        await open_tool(pilot, app, tools["slow_count"], {"steps": 30, "delay_seconds": 0.1})
        await wait_for(pilot, lambda: panel(app).badges.grade is not None)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("o")
        await wait_for(pilot, lambda: panel(app).progress is not None and panel(app).progress.last_progress)
        worker = app.main_screen.calls.running
        assert worker is not None

        history = app.main_screen.query_one(CallHistory)
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is history)
        assert not worker.is_finished, "the call ended before F2 was handled: this test needs a longer call"

        await wait_for(pilot, lambda: worker.is_finished)
        await wait_for(pilot, lambda: history.entries)
        await pilot.pause()  # a focus change asked for as the call ended has been made by now
        assert app.focused is history
