"""The CLI and the TUI are two views of one session: the same call gets the same grade, decision and audit."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from cli_harness import audit_records, run_cli

from tui.config.startup import load_startup
from tui.session.preflight import PreflightStatus
from tui.session.session import Session
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.tool_list import ToolList

READ = {"action": "read", "path": "welcome.txt"}
SAME_EXCEPT = ("time", "duration_ms", "interface")


def comparable(record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if key not in SAME_EXCEPT}


async def cli(*args: str, home: Path) -> Any:
    result = await asyncio.to_thread(run_cli, *args, "--json", home=home)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


async def call_in_the_tui(home: Path, tool_name: str, arguments: dict[str, Any], key: str) -> str:
    """Call through the app as a person does; answer the dialog with ``key``; return the dialog's grade."""
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        tools = {tool.name: tool for tool in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools[tool_name], arguments)
        if tools[tool_name].resolve_method:

            def resolved() -> bool:
                """the preflight of these arguments"""
                result = panel(app).status_bar.result
                return result is not None and result.status is PreflightStatus.RESOLVED

            await wait_for(pilot, resolved)
        count = len(audit_records(home))
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        assert isinstance(app.screen, ConfirmCallScreen)
        grade = app.screen.grade.label
        await pilot.press(key)
        await wait_for(pilot, lambda: len(audit_records(home)) > count)
    return grade


async def test_the_same_call_through_the_cli_and_the_tui_is_judged_and_audited_alike(home: Path) -> None:
    await cli("call", "add_note", "text=same note", "--approve-up-to", "medium", home=home)
    grade = await call_in_the_tui(home, "add_note", {"text": "same note"}, "o")
    by_cli, by_tui = audit_records(home)
    assert (by_cli["interface"], by_tui["interface"]) == ("cli", "tui")
    assert comparable(by_cli) == comparable(by_tui)
    assert (grade, by_tui["decision"], by_tui["rule"], by_tui["choice"]) == (
        "medium",
        "ask",
        "no-rule",
        "once",
    )


@pytest.mark.timeout(180)  # three CLI runs and two app runs, each starting the demo server
async def test_an_override_and_a_resolution_give_one_grade_everywhere(home: Path) -> None:
    # Your override says manage_files reaches the outside world; the server resolves a read as read-only.
    saved = Session(load_startup(config_path=None)).settings.set_override(
        "demo", "manage_files", {"openWorldHint": True}
    )
    assert saved.ok, saved.message

    listed = {tool["name"]: tool for tool in await cli("tools", home=home)}["manage_files"]
    resolved = await cli("resolve", "manage_files", "--args", json.dumps(READ), home=home)
    called = await cli(
        "call", "manage_files", "--args", json.dumps(READ), "--approve-up-to", "low", home=home
    )
    # Without arguments: destructive (static) and open world (override); for a read: read-only, open world.
    assert (listed["grade"], resolved["grade"], called["grade"]) == ("critical", "low", "low")
    assert listed["hints"]["openWorldHint"] == {"value": True, "provenance": "override"}
    assert resolved["hints"]["readOnlyHint"] == {"value": True, "provenance": "resolved"}
    assert resolved["hints"]["openWorldHint"] == {"value": True, "provenance": "override"}
    assert audit_records(home)[-1]["grade"] == "low"
    assert audit_records(home)[-1]["hints"] == resolved["hints"]

    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        await wait_for_tools(pilot, app)
        rows = {entry.tool.name: entry for entry in app.main_screen.query_one(ToolList).visible_entries}
        assert rows["manage_files"].grade.label == listed["grade"]
    dialog_grade = await call_in_the_tui(home, "manage_files", READ, "c")
    assert dialog_grade == resolved["grade"]
    by_tui = audit_records(home)[-1]
    assert (by_tui["grade"], by_tui["hints"], by_tui["outcome"]) == ("low", resolved["hints"], "cancelled")
