"""The tabs on the right mount after the first frame (once tools are listed, a server fails, a key asks,
or a few seconds pass); what the session said before that is shown once they exist, in order."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, wait_for, wait_for_tools
from textual.widget import AwaitMount, Widget
from textual.widgets import TabbedContent

from tui.model.events import StderrLine
from tui.ui.app import McpTuiApp
from tui.ui.screens import main_screen
from tui.ui.widgets.log_view import ServerLogView
from tui.ui.widgets.workspace_slot import HELD_EVENTS


def tabs_mounted(app: McpTuiApp) -> bool:
    """the tabs on the right to be mounted"""
    return app.main_screen.workspace_ready.is_set()


def hold_the_tabs_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """No tabs after WORKSPACE_AT_THE_LATEST: a loaded machine can spend those seconds before the test
    looks, and these tests are about what happens before the tabs exist."""
    monkeypatch.setattr(main_screen, "WORKSPACE_AT_THE_LATEST", 3600.0)


async def test_the_tabs_are_not_built_for_the_first_frame(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold_the_tabs_back(monkeypatch)
    app = make_app(home)
    app.start_session = lambda: None  # type: ignore[method-assign]  # the app as on its first frame
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.main_screen.workspace_ready.is_set()
        assert not app.main_screen.query(TabbedContent)
        await pilot.press("f3")  # a key that asks for a tab builds them at once
        await wait_for(pilot, partial(tabs_mounted, app))
        await wait_for(pilot, lambda: app.main_screen.query_one(TabbedContent).active == "logs")


async def test_log_lines_from_before_the_tabs_existed_show_in_order(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold_the_tabs_back(monkeypatch)
    app = make_app(home)
    app.start_session = lambda: None  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.main_screen
        for n in range(3):
            screen.handle_session_event(StderrLine("demo", f"line {n}"))
        await screen.mount_workspace()
        assert screen.query_one(ServerLogView).lines_of("demo") == ["line 0", "line 1", "line 2"]
        screen.handle_session_event(StderrLine("demo", "line 3"))  # after: straight to the view
        assert screen.query_one(ServerLogView).lines_of("demo")[-1] == "line 3"


async def test_a_flood_before_the_tabs_exist_is_held_within_bounds(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hold_the_tabs_back(monkeypatch)
    app = make_app(home)
    app.start_session = lambda: None  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.main_screen
        for n in range(HELD_EVENTS + 500):
            screen.handle_session_event(StderrLine("demo", f"line {n}"))
        assert len(screen.slot.held) == HELD_EVENTS  # the latest ones; memory stays bounded
        await screen.mount_workspace()
        lines = screen.query_one(ServerLogView).lines_of("demo")
        assert lines[-1] == f"line {HELD_EVENTS + 499}"
        assert f"line {499}" not in lines


async def test_the_tabs_follow_the_first_tools(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hold_the_tabs_back(monkeypatch)  # so that it is the tools that bring them
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await wait_for(pilot, partial(tabs_mounted, app))


async def test_keys_pressed_before_the_session_started_say_so_instead_of_failing(home: Path) -> None:
    app = make_app(home)
    app.start_session = lambda: None  # type: ignore[method-assign]  # the session never starts here
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for key in ("ctrl+e", "ctrl+g"):  # reconnect, sign in: both need the running session
            await pilot.press(key)
            await pilot.pause()
        assert app.is_running
        notes = [str(n.message) for n in app._notifications]
        assert notes.count("mcp-tui is still starting its servers; try again in a moment.") == 2


def test_the_screens_keys_wait_for_its_widgets() -> None:
    """Priority keys reach the main screen as soon as it is on the stack, before its lists exist."""
    from tui.config.startup import load_startup
    from tui.session.catalogue import CachedCatalogue
    from tui.store.tool_cache import ToolCache
    from tui.ui.screens.main_screen import MainScreen

    startup = load_startup(config_path=None)
    screen = MainScreen(startup, CachedCatalogue(ToolCache(startup.paths.cache_dir), []), lambda: None)  # type: ignore[arg-type,return-value]
    assert not screen.check_action("focus_filter", ())
    assert not screen.check_action("reconnect", ())


async def test_a_test_that_ends_while_the_tabs_mount_closes_the_app_after_that_mount(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end of a test in the middle of the staged mount (tests/ui/conftest.py): here the test leaves
    as soon as Textual has begun mounting the tabs. Closed then, Textual failed inside the tabs' own mount
    ("No Tab with id '--content-tab-call'"), which run_test raises as the test's error."""
    hold_the_tabs_back(monkeypatch)
    app = make_app(home)
    app.start_session = lambda: None  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.main_screen
        slot = screen.query_one("#workspace-slot")
        mount = slot.mount
        begun = asyncio.Event()

        def mount_and_say_so(*widgets: Widget, **options: Any) -> AwaitMount:
            mounting = mount(*widgets, **options)
            begun.set()
            return mounting

        slot.mount = mount_and_say_so  # type: ignore[method-assign]
        screen.call_later(screen.mount_workspace)
        await begun.wait()  # not a pilot wait: that would let the mount finish
    assert screen.workspace_ready.is_set()


async def test_no_staged_mount_starts_once_the_app_is_shutting_down(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first tools (or the timer) can ask for the tabs while the app closes: nothing is mounted then."""
    hold_the_tabs_back(monkeypatch)
    app = make_app(home)
    app.start_session = lambda: None  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.main_screen
        app._running = False  # as Textual's shutdown marks it first
        try:
            await screen.mount_call_panel()
        finally:
            app._running = True
        assert not screen.workspace_ready.is_set()
        assert screen.mounted_panel is None
