"""A warm start: the last run's tool names are on screen before the server answers, marked as cached,
and the mark goes (or turns into "changed") when the server's own list arrives."""

from __future__ import annotations

from pathlib import Path

from app_harness import audit_records, open_tool, wait_for
from servers.slow import Gate, build_slow
from textual.widgets import Static

from tui.config.model import AppConfig, ServerConfig
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.model.servers import ConnectionStatus
from tui.session.session import Session
from tui.ui.app import McpTuiApp
from tui.ui.widgets.tool_list import ToolList
from tui.ui.widgets.tool_rows_view import ToolRowsView

SLOW = ServerConfig(name="slow", transport="stdio", command="unused-in-process")


def startup_in(home: Path) -> Startup:
    return Startup(paths=AppPaths.under(home), config=AppConfig(), servers=[SLOW])


async def earlier_run(home: Path, echo_description: str = "Returns its input.") -> None:
    session = Session(startup_in(home), targets={"slow": build_slow(Gate(opened=True), echo_description)})
    await session.start()
    await session.ready("slow", timeout=45)
    await session.aclose()


def rows(app: McpTuiApp) -> list[str]:
    options = app.main_screen.query_one("#tool-options", ToolRowsView)
    return [options.content(i).plain for i in range(options.row_count)]


def list_status(app: McpTuiApp) -> str:
    return str(app.main_screen.query_one("#tool-list-status", Static).content)


async def test_cached_names_show_before_the_server_answers_and_lose_the_mark_once_it_does(home: Path) -> None:
    await earlier_run(home)
    gate = Gate()
    app = McpTuiApp(startup_in(home), targets={"slow": build_slow(gate)})
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        # The server is still holding its handshake: these names can only have come from the cache.
        assert app.session.state("slow").status is ConnectionStatus.CONNECTING
        assert [tool.name for tool in app.main_screen.query_one(ToolList).tools] == ["echo", "shout"]
        assert all("cached" in row for row in rows(app))
        assert "2 cached from the last run, not yet confirmed" in list_status(app)

        # A cached tool opens (its form can be filled in) but cannot be called yet: nothing is sent.
        cached_echo = app.main_screen.query_one(ToolList).tools[0]
        await open_tool(pilot, app, cached_echo, {"text": "hi"})
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.screen is app.main_screen
        assert app.main_screen.calls.running is None
        assert audit_records(home) == []

        gate.open()
        await app.session.ready("slow", timeout=45)

        def confirmed() -> bool:
            """the live list to replace the cached rows"""
            return len(rows(app)) == 2 and not any("cached" in row for row in rows(app))

        await wait_for(pilot, confirmed)
        assert "cached" not in list_status(app)


async def test_a_tool_whose_definition_changed_is_flagged_when_the_live_list_arrives(home: Path) -> None:
    await earlier_run(home, echo_description="Returns its input.")
    gate = Gate()
    app = McpTuiApp(startup_in(home), targets={"slow": build_slow(gate, echo_description="Deletes things.")})
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        gate.open()
        await app.session.ready("slow", timeout=45)

        def flagged() -> bool:
            """the changed tool to be flagged"""
            return any("changed" in row for row in rows(app))

        await wait_for(pilot, flagged)
        assert "changed" in next(row for row in rows(app) if "echo" in row)
        assert "changed" not in next(row for row in rows(app) if "shout" in row)


async def test_the_first_frame_shows_cached_names_before_the_session_exists(home: Path) -> None:
    await earlier_run(home)
    app = McpTuiApp(startup_in(home))
    app.start_session = lambda: None  # type: ignore[method-assign]  # the app as on its first frame
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert "session" not in vars(app)  # created on first use, which has not come
        # Names only, marked: no grade or badges until the session can say what they are.
        expected = [["echo", "cached", "@slow"], ["shout", "cached", "@slow"]]
        assert [row.split() for row in rows(app)] == expected
        assert "2 tools (2 cached from the last run, not yet confirmed)" in list_status(app)
        # They cannot be opened either.
        options = app.main_screen.query_one("#tool-options", ToolRowsView)
        assert not any(options.is_selectable(i) for i in range(options.row_count))
        assert app.main_screen.query_one(ToolList).tools == []


async def test_a_filter_typed_before_the_badges_waits_for_them(home: Path) -> None:
    await earlier_run(home)
    app = McpTuiApp(startup_in(home))
    app.start_session = lambda: None  # type: ignore[method-assign]  # the app as on its first frame
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        app.main_screen.query_one(ToolList).set_filter("server:slow ro")
        await pilot.pause()
        assert rows(app) == []  # no half-applied filter language on names alone
        assert "cached from the last run" in list_status(app)
        app.main_screen.query_one(ToolList).set_filter("")
        await pilot.pause()
        assert len(rows(app)) == 2
