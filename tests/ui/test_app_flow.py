"""The main flow through the real app and the real demo server over stdio: pick, fill, call, read."""

from __future__ import annotations

from pathlib import Path

from app_harness import (
    audit_records,
    cancel_running_call,
    make_app,
    open_tool,
    panel,
    wait_for,
    wait_for_tools,
)
from textual.widgets import Button, Static

from tui.model.results import CallStatus
from tui.model.servers import ConnectionStatus
from tui.safety.grade import Grade
from tui.session.preflight import PreflightStatus
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.results.result_view import ResultView
from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList


async def test_a_fresh_machine_opens_on_the_demo_server_with_a_note(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        notice = str(app.main_screen.query_one("#notice", Static).content)
        assert "bundled demo server" in notice
        assert str(home / "config.toml") in notice
        tools = await wait_for_tools(pilot, app)
        assert {"manage_files", "sql", "http_api", "launch_confetti", "roll_dice"} <= {t.name for t in tools}
        state = app.main_screen.query_one(ServerList).states["demo"]
        assert state.status is ConnectionStatus.CONNECTED
        assert state.server_name == "mcp-tui-demo"
        resolvable = {t.name for t in app.main_screen.query_one(ToolList).tools if t.resolve_method}
        assert resolvable == {"manage_files", "sql", "http_api"}


async def test_pick_fill_call_and_read_the_result(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for_tools(pilot, app)
        # Pick the tool the way a person does: filter, move down into the list, Enter.
        await pilot.press("ctrl+f", *"manage", "down", "enter")
        await wait_for(pilot, lambda: panel(app).form is not None)
        form = panel(app).form
        assert form is not None
        form.set_value({"action": "append", "path": "notes.txt", "content": "hello from the test\n"})

        def resolved() -> bool:
            """the preflight for the append"""
            result = panel(app).status_bar.result
            return result is not None and result.status is PreflightStatus.RESOLVED

        await wait_for(pilot, resolved)
        assert panel(app).badges.grade is Grade.MEDIUM

        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        dialog = app.screen
        assert dialog.has_class("-grade-medium")
        assert isinstance(app.focused, Button)
        assert "Allow" in str(app.focused.label)
        assert '"content": "hello from the test\\n"' in dialog.query_one("#confirm-arguments").text  # type: ignore[attr-defined]
        await pilot.press("enter")

        view = panel(app).query_one(ResultView)
        await wait_for(pilot, lambda: view.outcome is not None)
        assert view.outcome is not None
        assert view.outcome.status is CallStatus.OK, view.outcome
        assert (home / "demo-sandbox" / "notes.txt").read_text() == "hello from the test\n"

        records = audit_records(home)
        assert [(r["tool"], r["decision"], r["choice"], r["outcome"], r["grade"]) for r in records] == [
            ("manage_files", "ask", "once", "ok", "medium")
        ]
        assert records[0]["arguments"]["action"] == "append"
        assert records[0]["hints"]["destructiveHint"] == {"value": False, "provenance": "resolved"}


async def test_the_result_is_on_screen_in_a_short_terminal(home: Path) -> None:
    """80x24 with the demo's notice: the form, bar and result did not fit with their minimum heights, and
    the result was laid out below the screen (a user saw no result at 80x24). Smaller, the app says the
    size it needs instead."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("ctrl+f", *"list_sandbox", "down", "enter")
        await wait_for(pilot, lambda: panel(app).form is not None)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("o")
        view = panel(app).query_one(ResultView)
        await wait_for(pilot, lambda: view.outcome is not None and bool(view.query("#result-header")))
        await pilot.pause()
        shown, room = view.region, panel(app).region
        assert shown.height >= 4, "the header and the first lines of the result"
        assert shown.y >= room.y, (shown, room)
        assert shown.bottom <= room.bottom, (shown, room)


async def test_badges_follow_the_arguments_as_they_change(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"])
        form = panel(app).form
        assert form is not None
        seen = {}
        for action, grade in (("read", Grade.SAFE), ("delete", Grade.HIGH), ("append", Grade.MEDIUM)):
            form.set_value({"action": action, "path": "a.txt"})

            def settled(action: str = action) -> bool:
                """the preflight for the current action"""
                result = panel(app).status_bar.result
                return (
                    result is not None
                    and result.status is PreflightStatus.RESOLVED
                    and result.arguments.get("action") == action
                )

            await wait_for(pilot, settled)
            seen[action] = panel(app).badges.grade
            assert seen[action] is grade, (action, seen)
        # Resolution shows what changed from the static (worst-case) definition.
        result = panel(app).status_bar.result
        assert result is not None
        assert {c.name for c in result.changes} >= {"destructiveHint"}


async def test_esc_cancels_a_running_call_and_the_server_stays_usable(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["slow_count"], {"steps": 100, "delay_seconds": 0.2})
        view = await cancel_running_call(pilot, app)
        assert view.has_class("-cancelled")
        await wait_for(pilot, lambda: audit_records(home))
        assert audit_records(home)[-1]["outcome"] == "cancelled"
        assert app.session.state("demo").status is ConnectionStatus.CONNECTED


async def test_a_broken_config_file_is_reported_and_the_app_still_opens(home: Path) -> None:
    broken = "# my servers\n[servers.mine]\ncommand = 42\n"
    app = make_app(home, broken)
    async with app.run_test(size=(140, 45)) as pilot:
        notice = app.main_screen.query_one("#notice", Static)
        text = str(notice.content)
        assert "config.toml, line 3" in text
        assert "command" in text
        assert notice.has_class("-problems")
        await wait_for_tools(pilot, app)
    assert (home / "config.toml").read_text() == broken


async def test_servers_started_before_the_app_loads_are_adopted(home: Path) -> None:
    """What cli.main does: start stdio servers first, then hand them to the app."""
    from tui.client.early_spawn import spawn_early
    from tui.config.startup import load_startup
    from tui.ui.app import McpTuiApp

    startup = load_startup(config_path=None)
    early = spawn_early(startup.servers)
    process = early["demo"]
    app = McpTuiApp(startup, early=early)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for_tools(pilot, app)
        assert process.poll() is None, "the early process is the one serving the app"
        await app.action_quit()
    # Adopted, so closing the app's connection ended it; an orphan would still be running here.
    assert process.wait(timeout=30) is not None


async def test_call_key_before_any_tool_is_open_explains_instead_of_failing(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("ctrl+r")  # the call panel is not even built yet
        await pilot.pause()
        assert [n.message for n in app._notifications] == [
            "Open a tool first: pick one in the list and press Enter."
        ]
        await wait_for_tools(pilot, app)
