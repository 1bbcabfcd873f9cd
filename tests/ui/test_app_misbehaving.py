"""Misbehaving resolution through the whole app: the person sees what happened and stays safe."""

from __future__ import annotations

from pathlib import Path

from app_harness import open_tool, panel, status_text, wait_for, wait_for_tools
from misbehaving.servers import build_server, flip_flopping, hangs
from textual.pilot import Pilot

from tui.config.model import AppConfig, ServerConfig, Timeouts
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.session.preflight import PreflightStatus
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.server_list import ServerList


def app_with(home: Path, server: object, preflight_timeout: float = 45.0) -> McpTuiApp:
    """``preflight_timeout``: long enough that only a server that hangs on purpose runs out of it (at 3 s a
    loaded machine timed out an answer the test waited for)."""
    config = AppConfig(timeouts=Timeouts(preflight=preflight_timeout))
    flaky = ServerConfig(name="flaky", transport="stdio", command="unused-in-process")
    startup = Startup(paths=AppPaths.under(home), config=config, servers=[flaky])
    return McpTuiApp(startup, targets={"flaky": server})


async def open_files_tool(app: McpTuiApp, pilot: Pilot[None]) -> None:
    tools = await wait_for_tools(pilot, app, "flaky")
    tool = next(t for t in tools if t.name == "files")
    await open_tool(pilot, app, tool, {"action": "read", "path": "a.txt"})


async def test_a_server_that_answers_differently_is_flagged_and_the_riskier_answer_decides(
    home: Path,
) -> None:
    app = app_with(home, build_server(flip_flopping()))
    async with app.run_test(size=(140, 45)) as pilot:
        await open_files_tool(app, pilot)

        def resolved() -> bool:
            """the live preflight"""
            result = panel(app).status_bar.result
            return result is not None and result.status is PreflightStatus.RESOLVED

        await wait_for(pilot, resolved)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        # The pre-call preflight got the destructive answer for the same read: the riskier one decides.
        assert app.screen.has_class("-grade-high")
        await pilot.press("escape")
        row = app.main_screen.query_one(ServerList).get_option_at_index(0).prompt
        assert "resolved the same arguments differently" in str(row)


async def test_a_hanging_resolve_falls_back_to_the_static_hints_with_a_retry(home: Path) -> None:
    app = app_with(home, build_server(hangs), preflight_timeout=0.3)
    async with app.run_test(size=(140, 45)) as pilot:
        await open_files_tool(app, pilot)

        def failed() -> bool:
            """the preflight timing out"""
            result = panel(app).status_bar.result
            return result is not None and result.status is PreflightStatus.FAILED

        await wait_for(pilot, failed)
        text = status_text(app)
        assert "Resolve failed" in text
        # The head line wraps since it names SEP-1862 as a draft proposal: the key may end one row.
        assert "ctrl+y retries" in " ".join(text.split())
        assert "Showing the static (worst-case) hints." in text
        assert panel(app).badges.grade is not None
        assert panel(app).badges.grade.label == "high"


async def test_after_a_cancel_the_panel_shows_the_answer_the_dialog_was_based_on(home: Path) -> None:
    """Issue 28, item 11: the live preflight said safe, the call's own preflight destructive; Cancel leaves
    the panel showing what the dialog showed, without another edit."""
    app = app_with(home, build_server(flip_flopping()))
    async with app.run_test(size=(140, 45)) as pilot:
        await open_files_tool(app, pilot)

        def badges_say(label: str) -> bool:
            grade = panel(app).badges.grade
            return grade is not None and grade.label == label

        await wait_for(pilot, lambda: badges_say("safe"))
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        assert app.screen.has_class("-grade-high")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))
        await wait_for(pilot, lambda: badges_say("high"))
        await wait_for(pilot, lambda: "resolved the same arguments differently" in status_text(app))
