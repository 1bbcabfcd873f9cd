"""Remembered approvals through the real app: they survive a restart and keep their risk ceiling."""

from __future__ import annotations

from pathlib import Path

from app_harness import audit_records, make_app, open_tool, panel, wait_for, wait_for_tools
from textual.pilot import Pilot

from tui.model.results import CallStatus
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.results.result_view import ResultView


async def call(pilot: Pilot[None], app: McpTuiApp, arguments: dict[str, str]) -> None:
    tools = {t.name: t for t in await wait_for_tools(pilot, app)}
    await open_tool(pilot, app, tools["manage_files"], arguments)
    view = panel(app).query_one(ResultView)
    view.outcome = None
    await pilot.press("ctrl+r")

    def decided() -> bool:
        """a dialog or a result"""
        return isinstance(app.screen, ConfirmCallScreen) or view.outcome is not None

    await wait_for(pilot, decided)


async def test_always_up_to_safe_survives_a_restart_and_still_asks_before_a_delete(home: Path) -> None:
    (home / "demo-sandbox").mkdir()
    (home / "demo-sandbox" / "a.txt").write_text("keep me")
    read = {"action": "read", "path": "a.txt"}

    first = make_app(home)
    async with first.run_test(size=(140, 45)) as pilot:
        await call(pilot, first, read)
        assert isinstance(first.screen, ConfirmCallScreen)
        assert first.screen.has_class("-grade-safe")
        await pilot.press("a")  # always allow manage_files up to safe
        await wait_for(pilot, lambda: panel(first).query_one(ResultView).outcome is not None)
        await first.action_quit()
    assert "manage_files" in (home / "approvals.json").read_text()

    second = make_app(home)
    async with second.run_test(size=(140, 45)) as pilot:
        await call(pilot, second, read)
        assert not isinstance(second.screen, ConfirmCallScreen), "a remembered safe read must not ask"
        outcome = panel(second).query_one(ResultView).outcome
        assert outcome is not None
        assert outcome.status is CallStatus.OK
        await call(pilot, second, {"action": "delete", "path": "a.txt"})
        assert isinstance(second.screen, ConfirmCallScreen), "a delete is above the safe ceiling"
        assert second.screen.has_class("-grade-high")
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(audit_records(home)) == 3)
        await second.action_quit()

    assert (home / "demo-sandbox" / "a.txt").read_text() == "keep me"
    records = [(r["grade"], r["decision"], r["rule"], r["choice"], r["outcome"]) for r in audit_records(home)]
    assert records == [
        ("safe", "ask", "no-rule", "always", "ok"),
        ("safe", "allow", "approval-always", None, "ok"),
        ("high", "ask", "confirm-destructive", "cancel", "cancelled"),
    ]


async def test_preferences_changed_in_the_app_decide_the_next_call(home: Path) -> None:
    """Trust the demo for this session and auto-approve safe calls: a safe read runs unasked, and
    the delete still asks (always confirm destructive stays on)."""
    from textual.widgets import Switch

    from tui.ui.screens.preferences import PreferencesScreen

    app = make_app(home)
    async with app.run_test(size=(140, 50)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("f4")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen))
        app.screen.query_one("#trust-0", Switch).value = True
        app.screen.query_one("#pref-auto_approve_safe", Switch).value = True
        await pilot.pause()
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, PreferencesScreen))

        await call(pilot, app, {"action": "read", "path": "welcome.txt"})
        assert not isinstance(app.screen, ConfirmCallScreen)
        await call(pilot, app, {"action": "delete", "path": "welcome.txt"})
        assert isinstance(app.screen, ConfirmCallScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(audit_records(home)) == 2)
        await app.action_quit()

    assert "auto_approve_safe = true" in (home / "config.toml").read_text()
    rules = [(r["decision"], r["rule"]) for r in audit_records(home)]
    assert rules == [("allow", "auto-safe"), ("ask", "confirm-destructive")]
