"""Changes made elsewhere are visible (issue 26): a second process revokes an approval with
``mcp-tui approvals revoke``; the running app says so in a notice, its call panel's decision line follows
before any call, and the next call asks. At 80x24 and 120x40, the demo server over real stdio."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from app_harness import audit_records, make_app, open_tool, panel, wait_for, wait_for_tools
from textual.pilot import Pilot

from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.decision_line import DecisionLine
from tui.ui.widgets.results.result_view import ResultView

SIZES = [(80, 24), (120, 40)]
READ = {"action": "read", "path": "welcome.txt"}
NOTICE = "approval for manage_files on demo revoked elsewhere"


async def revoke_in_another_process(home: Path) -> None:
    """``mcp-tui approvals revoke demo manage_files``, run as a person would, on the same home."""
    env = {**os.environ, "MCP_TUI_HOME": str(home)}
    env.pop("MCP_TUI_CONFIG", None)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui", "approvals", "revoke", "demo", "manage_files",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, err = await process.communicate()
    assert process.returncode == 0, err.decode()


async def call(pilot: Pilot[None], app: McpTuiApp) -> bool:
    """Call the open tool: True when the dialog asks, False when it ran unasked."""
    view = panel(app).query_one(ResultView)
    view.outcome = None
    await pilot.press("ctrl+r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen) or view.outcome is not None)
    return isinstance(app.screen, ConfirmCallScreen)


def decision(app: McpTuiApp) -> str:
    return panel(app).query_one(DecisionLine).text


@pytest.mark.parametrize("size", SIZES)
async def test_a_revoke_by_another_process_shows_a_notice_and_the_next_call_asks(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], READ)
        assert await call(pilot, app)
        await pilot.press("a")  # always allow manage_files up to safe
        await wait_for(pilot, lambda: decision(app).startswith("allowed: you always allow manage_files"))
        assert not await call(pilot, app), "the approval holds"
        # This instance's own approval is not a change made elsewhere: no notice for it.
        await pilot.pause()
        assert not [n for n in app._notifications if n.title == "Policy changed elsewhere"]

        await revoke_in_another_process(home)
        await wait_for(pilot, lambda: any(NOTICE in n.message for n in app._notifications))
        # Before any call: the panel's decision line is the new policy's.
        await wait_for(pilot, lambda: decision(app).startswith("asking: "))
        assert await call(pilot, app), "the revoked approval no longer allows it"
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(audit_records(home)) == 3)
        await app.action_quit()
    rules = [(r["decision"], r["rule"], r["choice"]) for r in audit_records(home)]
    assert rules == [
        ("ask", "no-rule", "always"),
        ("allow", "approval-always", None),
        ("ask", "untrusted", "cancel"),  # a read approved before, again: asked on an untrusted server
    ]
