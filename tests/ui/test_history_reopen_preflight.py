"""A call reopened from History says where its hints come from, as a freshly opened tool does.

The live preflight had already answered these very arguments when the call was made, so it took the
reopened form's arguments for "nothing changed" and stayed silent, while the reopened panel had been
reset to a bare "Preflight" line and the static badges.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, open_tool, panel, status_text, wait_for, wait_for_tools
from textual.widgets import TabbedContent

from tui.model.hints import Provenance
from tui.session.preflight import PreflightStatus
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.history import CallHistory

PATIENT_PREFLIGHT = "[timeouts]\npreflight = 3600\n"
"""The demo resolves in milliseconds, but the preflight's own limit (3 s by default) is a time a loaded
machine can spend: the reopened call's preflight then ended FAILED ("timed out"), never RESOLVED, and the
wait for it ran out."""


@pytest.mark.parametrize(
    ("tool", "arguments", "status", "first_line"),
    [
        ("list_sandbox", {}, PreflightStatus.NOT_RESOLVABLE, "Static hints (stated by the server)"),
        (
            "http_api",
            {"method": "DELETE", "path": "/notes/1"},
            PreflightStatus.RESOLVED,
            "Resolved for these arguments",
        ),
    ],
)
async def test_a_call_reopened_from_history_shows_its_preflight_status(
    home: Path, tool: str, arguments: dict[str, Any], status: PreflightStatus, first_line: str
) -> None:
    app = make_app(home, PATIENT_PREFLIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools[tool], arguments)
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        dialog = app.screen
        assert isinstance(dialog, ConfirmCallScreen)
        if dialog.request.needs_typed_name:  # a destructive call: its name first, then Allow once
            await pilot.press(*tool, "enter")
        await pilot.press("o")
        await wait_for(pilot, lambda: app.main_screen.calls.running is None and not app.screen.is_modal)
        await wait_for(pilot, lambda: app.main_screen.query_one(CallHistory).entries)

        history = app.main_screen.query_one(CallHistory)
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is history and history.highlighted is not None)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.main_screen.query_one(TabbedContent).active == "call")

        def settled() -> bool:
            """the reopened call's preflight"""
            result = panel(app).status_bar.result
            return result is not None and result.status is status and not panel(app).status_bar.pending

        await wait_for(pilot, settled)
        assert panel(app).current_arguments()[0] == arguments
        assert status_text(app).splitlines()[0].startswith(first_line)
        hints = panel(app).badges.hints
        assert hints is not None
        if status is PreflightStatus.RESOLVED:  # the badges carry the `*` of resolved hints
            assert any(hint.provenance is Provenance.RESOLVED for _, hint in hints.items())
