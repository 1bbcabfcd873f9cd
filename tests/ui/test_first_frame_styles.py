"""The first frame skips work that changes nothing (a second styling pass, a class flip as the focus lands),
and is styled exactly as that work would have styled it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app
from textual import events
from textual.screen import Screen
from textual.widgets import Input

from tui.ui.screens.main_screen import MainScreen
from tui.ui.widgets.tool_list import ToolList


def styles_of(screen: Screen[Any]) -> dict[str, str]:
    """Every widget's computed styles, its component styles included, by its place in the screen."""
    found = {}
    for n, widget in enumerate(screen.walk_children(with_self=True)):
        parts = [widget.styles.css, *(f"{k}: {v.css}" for k, v in sorted(widget._component_styles.items()))]
        found[f"{n} {type(widget).__name__}#{widget.id}"] = "\n".join(parts)
    return found


def first_frame_app(home: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The app as on its first frame, and kept so: no session, and no tabs on the right (they mount at the
    latest after a few seconds, which a loaded machine can reach between two looks at the screen)."""

    async def not_yet(self: MainScreen) -> None:
        return None

    monkeypatch.setattr(MainScreen, "mount_workspace", not_yet)
    app = make_app(home)
    app.start_session = lambda: None
    return app


async def test_the_first_frame_is_styled_as_a_full_restyle_would_style_it(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = first_frame_app(home, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = styles_of(app.screen)
        app.screen.update_node_styles(animate=False)  # the pass the first resume no longer makes
        await pilot.pause()
        assert styles_of(app.screen) == first


async def test_only_the_first_resume_skips_restyling(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    restyled: list[Screen[Any]] = []
    original = Screen.update_node_styles

    def spy(self: Screen[Any], animate: bool = True) -> None:
        restyled.append(self)
        original(self, animate)

    monkeypatch.setattr(Screen, "update_node_styles", spy)
    app = first_frame_app(home, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen not in restyled
        screen.post_message(events.ScreenResume())  # as Textual sends when it switches back to a screen
        await pilot.pause()
        assert screen in restyled


async def test_the_list_is_born_in_the_state_the_filter_focus_gives_it(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    restyled: list[ToolList] = []
    original = ToolList.update_node_styles

    def spy(self: ToolList, animate: bool = True) -> None:
        restyled.append(self)
        original(self, animate)

    monkeypatch.setattr(ToolList, "update_node_styles", spy)
    app = first_frame_app(home, monkeypatch)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tools = app.screen.query_one(ToolList)
        assert app.focused is tools.query_one("#tool-filter", Input)
        assert tools.has_class("-filtering")
        assert not restyled  # the focus landing on the filter changed none of the list's classes
        tools.query_one("#tool-options").focus()
        await pilot.pause()
        assert not tools.has_class("-filtering")
