"""Keys that move around the main screen, and what the History and Logs tabs say, in the real app."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from app_harness import (
    audit_records,
    cancel_running_call,
    make_app,
    open_tool,
    panel,
    wait_for,
    wait_for_tools,
)
from textual.widgets import TabbedContent

from tui.safety.grade import Grade
from tui.session.preflight import PreflightStatus
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.history import CallHistory
from tui.ui.widgets.log_view import ServerLogView
from tui.ui.widgets.server_list import ServerList


def two_demo_servers(home: Path) -> str:
    lines = []
    for name in ("alpha", "beta"):
        sandbox = home / f"{name}-sandbox"
        sandbox.mkdir()
        lines += [
            f"[servers.{name}]",
            f"command = {str(sys.executable)!r}",
            f'args = ["-m", "tui", "demo-server", "--sandbox", {str(sandbox)!r}]',
            "",
        ]
    return "\n".join(lines)


def history_rows(app: object) -> list[str]:
    history = app.main_screen.query_one(CallHistory)  # type: ignore[attr-defined]
    return [history.get_option_at_index(i).prompt.plain for i in range(history.option_count)]


async def test_a_call_cancelled_in_the_dialog_reads_cancelled_like_the_audit_log(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["add_note"], {"text": "never sent"})
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.main_screen.query_one(CallHistory).option_count == 1)
        [row] = history_rows(app)
        assert "cancelled" in row
        assert "denied" not in row
        assert "medium" in row
        assert "not sent" in row  # not "0 ms", as if it had gone out
        assert " ms " not in row
        assert [r["outcome"] for r in audit_records(home)] == ["cancelled"]


async def test_a_call_cancelled_while_running_shows_its_grade(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["slow_count"], {"steps": 100, "delay_seconds": 0.2})
        await wait_for(pilot, lambda: panel(app).badges.grade is not None)
        await cancel_running_call(pilot, app)
        [entry] = app.main_screen.query_one(CallHistory).entries
        assert entry.grade is Grade.SAFE
        assert "safe" in history_rows(app)[0]
        await wait_for(pilot, lambda: audit_records(home))
        assert [(r["outcome"], r["grade"]) for r in audit_records(home)] == [("cancelled", "safe")]


async def test_f2_focuses_the_history_so_down_and_enter_reopen_a_call(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        for zone in ("UTC", "Europe/Paris"):
            await open_tool(pilot, app, tools["world_clock"], {"timezone": zone})
            await pilot.press("ctrl+r")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
            await pilot.press("o")
            await wait_for(pilot, lambda: app.main_screen.calls.running is None and not app.screen.is_modal)
        await wait_for(pilot, lambda: len(app.main_screen.query_one(CallHistory).entries) == 2)
        await pilot.press("f2")
        await pilot.pause()
        assert app.main_screen.query_one(TabbedContent).active == "history"
        assert isinstance(app.focused, CallHistory)
        await pilot.press("home", "down", "enter")  # newest first: Down reaches the older call, UTC
        await wait_for(pilot, lambda: app.main_screen.query_one(TabbedContent).active == "call")
        assert panel(app).current_arguments()[0] == {"timezone": "UTC"}


async def test_f3_shows_the_open_tools_server_not_the_highlighted_row(home: Path) -> None:
    app = make_app(home, two_demo_servers(home))
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for_tools(pilot, app, "alpha")
        beta = {t.name: t for t in await wait_for_tools(pilot, app, "beta")}
        servers = app.main_screen.query_one(ServerList)
        servers.focus()
        servers.highlighted = 0
        await pilot.pause()
        assert servers.highlighted_server == "alpha"
        await open_tool(pilot, app, beta["world_clock"])
        await pilot.press("f3")
        await pilot.pause()
        log_view = app.main_screen.query_one(ServerLogView)
        assert app.main_screen.query_one(TabbedContent).active == "logs"
        assert log_view.shown_server == "beta"
        first_line = log_view.render_line(0).text.strip()
        assert first_line == "beta has written nothing yet (its stderr and log messages show here)."


async def test_a_tab_key_right_after_opening_a_tool_is_not_undone_by_the_forms_focus(home: Path) -> None:
    # The form takes the focus after the next refresh; focusing a widget brings its tab back, so a
    # quick F3 (typed, or sent by a script) used to land on Logs and bounce back to Call.
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await app.main_screen.open_tool(tools["world_clock"])
        await pilot.press("f3")
        for _ in range(5):
            await pilot.pause()
        assert app.main_screen.query_one(TabbedContent).active == "logs"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_empty_log_s_sentence_wraps_between_words(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("f3")
        await pilot.pause()
        log_view = app.main_screen.query_one(ServerLogView)
        width = log_view.scrollable_content_region.width
        rows = [log_view.render_line(y).text.rstrip() for y in range(log_view.size.height)]
        shown = [row for row in rows if row]
        assert len(shown) > 1, f"the sentence fits one row of {width}: this test would prove nothing"
        assert all(len(row) <= width for row in shown)
        assert " ".join(shown) == "demo has written nothing yet (its stderr and log messages show here)."


async def test_after_a_reconnect_the_open_tools_preflight_runs_again_by_itself(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], {"action": "read", "path": "a.txt"})

        def status() -> PreflightStatus | None:
            result = panel(app).status_bar.result
            return result.status if result is not None else None

        await wait_for(pilot, lambda: status() is PreflightStatus.RESOLVED)
        await app.session.disconnect("demo")
        form = panel(app).form
        assert form is not None
        form.set_value({"action": "delete", "path": "a.txt"})
        await wait_for(pilot, lambda: status() is PreflightStatus.FAILED)
        await app.session.reconnect("demo")  # as ctrl+e does; no ctrl+y afterwards
        await wait_for(pilot, lambda: status() is PreflightStatus.RESOLVED)
        result = panel(app).status_bar.result
        assert result is not None
        assert result.arguments == {"action": "delete", "path": "a.txt"}
        assert panel(app).badges.grade is Grade.HIGH


async def test_history_dates_a_call_as_the_audit_log_does(home: Path) -> None:
    """Both show when the call was decided (here: the Allow once), not when it was started or finished."""
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["world_clock"], {"timezone": "UTC"})
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        # The person thinks it over: the decision comes in a later second than the start (before this
        # dialog), and more than the 1 ms allowed below after it, so a row dated by the start would show.
        started = datetime.now(UTC)
        mark = max(started.replace(microsecond=0) + timedelta(seconds=1), started + timedelta(milliseconds=2))

        def thought_over() -> bool:
            """the clock to pass the next second after the call started"""
            return datetime.now(UTC) >= mark

        await wait_for(pilot, thought_over)
        await pilot.press("o")
        await wait_for(pilot, lambda: app.main_screen.query_one(CallHistory).entries)
        [entry] = app.main_screen.query_one(CallHistory).entries
        [record] = audit_records(home)
        audited = datetime.fromisoformat(record["time"])
        assert abs(entry.decided_at - audited) < timedelta(milliseconds=1)
        assert history_rows(app)[0].startswith(audited.astimezone().strftime("%H:%M:%S"))
