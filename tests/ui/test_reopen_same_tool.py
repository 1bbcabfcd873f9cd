"""Enter on the tool already open in the Call tab keeps what was typed and the last result; another tool,
or the same name with a changed definition, opens fresh."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from textual.widgets import TabbedContent

from tui.model.servers import ToolInfo
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.results.result_view import ResultView
from tui.ui.widgets.tool_list import ToolList


async def call_add_note(pilot, app: McpTuiApp, tool: ToolInfo) -> None:  # type: ignore[no-untyped-def]
    """add_note opened with the Enter key path (ToolList.Selected), "hello" typed, called.

    Always a fresh open here (another tool, or none, is open): it is done once the panel holds a new form,
    mounted, and no longer the last result. Until then the panel can still show the form being replaced.
    """
    screen = app.main_screen
    previous = screen.mounted_panel.form if screen.mounted_panel is not None else None
    screen.query_one(ToolList).post_message(ToolList.Selected(tool))

    def opened() -> bool:
        """add_note's fresh form to be mounted in the call panel, the last result gone"""
        form = panel(app).form
        fresh = form is not None and form is not previous and form.is_mounted
        return fresh and panel(app).tool == tool and not panel(app).has_class("-has-output")

    await wait_for(pilot, opened)
    form = panel(app).form
    assert form is not None
    form.set_value({"text": "hello"})
    await pilot.pause()
    view = panel(app).query_one(ResultView)
    last_outcome = view.outcome  # the view keeps the last call's outcome until this one ends
    await pilot.press("ctrl+r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
    await pilot.press("o")
    await wait_for(pilot, lambda: view.outcome is not last_outcome and panel(app).has_class("-has-output"))


def shown_result(app: McpTuiApp) -> object:
    """The outcome on screen under the form, or None when the panel shows no result."""
    return panel(app).query_one(ResultView).outcome if panel(app).has_class("-has-output") else None


async def test_reopening_the_open_tool_keeps_its_arguments_and_result(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await call_add_note(pilot, app, tools["add_note"])
        result = shown_result(app)
        form = panel(app).form
        app.main_screen.query_one(TabbedContent).active = "history"

        app.main_screen.query_one(ToolList).post_message(ToolList.Selected(tools["add_note"]))
        await wait_for(pilot, lambda: app.main_screen.query_one(TabbedContent).active == "call")
        await pilot.pause()
        assert panel(app).form is form
        assert panel(app).current_arguments()[0] == {"text": "hello"}
        assert shown_result(app) is result


@pytest.mark.slow
async def test_another_tool_or_a_changed_definition_opens_fresh(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await call_add_note(pilot, app, tools["add_note"])

        changed = replace(tools["add_note"], description="Adds a note, now differently.")
        await open_tool(pilot, app, changed)
        await pilot.pause()
        assert panel(app).current_arguments()[0] != {"text": "hello"}
        assert shown_result(app) is None

        await call_add_note(pilot, app, tools["add_note"])
        await open_tool(pilot, app, tools["word_count"])
        await open_tool(pilot, app, tools["add_note"])
        await pilot.pause()
        assert panel(app).current_arguments()[0] != {"text": "hello"}
        assert shown_result(app) is None


async def test_reopening_after_a_new_listing_keeps_the_form_and_takes_the_new_entry(home: Path) -> None:
    """A tools/list_changed that lists the same definition again is no reason to wipe what was typed, but
    the open tool is now the new listing's entry (answers given about the old listing are not reused)."""
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await call_add_note(pilot, app, tools["add_note"])
        relisted = replace(tools["add_note"], listing=tools["add_note"].listing + 1)

        app.main_screen.query_one(ToolList).post_message(ToolList.Selected(relisted))
        await wait_for(pilot, lambda: panel(app).tool is relisted)
        assert panel(app).current_arguments()[0] == {"text": "hello"}
        assert shown_result(app) is not None
