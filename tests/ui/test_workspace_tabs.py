"""Every tab on the right is on screen at 120 columns and wider; at 80 the first five are, and the key
of any other brings its tab into view."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, wait_for_tools
from textual.widgets import Tab, TabbedContent

from tui.ui.screens.main_screen import MainScreen

SIZES = [(80, 24), (120, 40), (160, 48)]
LABELS = ["Call", "Details", "History", "Logs", "Resources", "Prompts", "Traffic", "Server"]


def shown_labels(app: object) -> list[str]:
    """The labels drawn whole on the tab bar, left to right."""
    screen: MainScreen = app.main_screen  # type: ignore[attr-defined]
    bar = screen.query_one(TabbedContent).query_one("ContentTabs").region
    tabs = screen.query(Tab)
    return [str(tab.label) for tab in tabs if bar.contains_region(tab.region) and tab.region.width]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_tab_bar_shows_every_tab_from_120_columns(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await app.main_screen.workspace_ready.wait()
        await pilot.pause()
        assert [str(tab.label) for tab in app.main_screen.query(Tab)] == LABELS
        shown = shown_labels(app)
        if size[0] >= 120:
            assert shown == LABELS, f"tabs cut at {size}"
        else:
            assert shown == LABELS[:6]  # the sidebar only as wide as the tool names: room up to Prompts
            await pilot.press("f9")  # the bar scrolls to the tab the key opened
            await pilot.pause()
            assert "Traffic" in shown_labels(app)
