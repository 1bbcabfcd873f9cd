"""Notifications never cover the Call button: they stack over the tool list, at the bottom left."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from textual.widgets import Button


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 48)])
async def test_notifications_leave_the_call_button_in_sight(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size, notifications=True) as pilot:
        tools = {tool.name: tool for tool in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["add_note"])
        await wait_for(pilot, lambda: panel(app).form is not None)
        for n in range(3):
            # Shown until the test ends: the usual few seconds could run out on a loaded machine.
            text = f"Notification number {n} with a sentence long enough to wrap over two lines."
            app.notify(text, timeout=3600)
        call = panel(app).query_one("#call-button", Button)

        def placed() -> bool:
            """the three toasts and the Call button to have their place on screen"""
            toasts = list(app.screen.query("Toast"))
            return len(toasts) == 3 and all(toast.region.height for toast in toasts) and call.region.width > 0

        await wait_for(pilot, placed)
        toasts = list(app.screen.query("Toast"))
        for toast in toasts:
            assert not toast.region.overlaps(call.region), f"{toast.region} covers {call.region}"
