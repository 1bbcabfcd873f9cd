"""The confirmation dialog is a permission prompt: the grade, the reasons and the arguments exactly as
sent come first, and the server's wording of the call (Display Templates) only after them."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from test_result_support import rendered_text
from textual.widget import Widget

from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.preview_line import PreviewLine

PATIENT_PREFLIGHT = "[timeouts]\npreflight = 3600\n"
# The arguments' own widget, in either layout of the dialog (a box of its own since the 80x24 work).
ARGUMENTS = "#confirm-arguments-section, #confirm-arguments"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_dialog_shows_grade_reasons_and_arguments_before_the_servers_wording(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home, PATIENT_PREFLIGHT)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], {"action": "delete", "path": "notes.md"})
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        dialog = app.screen
        assert isinstance(dialog, ConfirmCallScreen)
        preview = dialog.query_one("#confirm-preview", PreviewLine)
        assert rendered_text(preview) == 'Server\'s wording: "delete notes.md from the sandbox"'
        # In the order a person reads the box: each one a descendant of it, in document order (the 80x24
        # layout puts the arguments right under the grade, then the reasons).
        order: list[Widget] = list(dialog.query_one("#confirm-box").walk_children())
        places = [
            order.index(dialog.query_one(selector))
            for selector in ("#confirm-grade", ARGUMENTS, "#confirm-reasons")
        ]
        assert places == sorted(places)
        assert max(places) < order.index(preview)
        await pilot.press("escape")
