"""Every tab on the right is on screen at 160 columns; at 120 all but Collections, at 80 the first six,
and the key of any other brings its tab into view."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, wait_for, wait_for_tools
from textual.widgets import Tab, TabbedContent

from tui.ui.screens.main_screen import MainScreen

SIZES = [(80, 24), (120, 40), (160, 48)]
LABELS = ["Call", "Details", "History", "Logs", "Resources", "Prompts", "Traffic", "Server", "Collections"]


def shown_labels(app: object) -> list[str]:
    """The labels drawn whole on the tab bar, left to right."""
    screen: MainScreen = app.main_screen  # type: ignore[attr-defined]
    bar = screen.query_one(TabbedContent).query_one("ContentTabs").region
    tabs = screen.query(Tab)
    return [str(tab.label) for tab in tabs if bar.contains_region(tab.region) and tab.region.width]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_tab_bar_shows_every_tab_or_its_key_brings_it_into_view(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await app.main_screen.workspace_ready.wait()
        await pilot.pause()
        assert [str(tab.label) for tab in app.main_screen.query(Tab)] == LABELS
        shown = shown_labels(app)
        if size[0] >= 160:
            assert shown == LABELS, f"tabs cut at {size}"
        elif size[0] >= 120:
            assert shown == LABELS[:8], f"tabs cut at {size}"
            await pilot.press("f11")  # the bar scrolls to the tab the key opened
            await wait_for(pilot, lambda: "Collections" in shown_labels(app))
        else:
            assert shown == LABELS[:6]  # the sidebar only as wide as the tool names: room up to Prompts
            await pilot.press("f9")  # the bar scrolls to the tab the key opened
            await pilot.pause()
            assert "Traffic" in shown_labels(app)
