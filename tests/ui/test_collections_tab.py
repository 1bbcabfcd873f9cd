"""Saved calls in the real app against the real demo over stdio, at 80x24 and 120x40: save a call with its
expectations (ctrl+s), replay it from the Collections tab through the same confirmation dialog, and read
each expectation's verdict beside the result; record calls into a collection (F12)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, opened_form_focused, panel, wait_for, wait_for_tools
from textual.pilot import Pilot
from textual.widgets import Input

from tui.model.results import CallStatus
from tui.session.collections import read_collection
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.screens.record_to import RecordToScreen
from tui.ui.screens.save_call import SaveCallScreen
from tui.ui.widgets.collections_view import CollectionsView
from tui.ui.widgets.expectation_verdicts import ExpectationVerdicts
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.results.result_view import ResultView

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def project(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The working directory: collections go to its .mcp-tui/collections, as ``mcp-tui run`` reads them."""
    directory = home / "project"
    directory.mkdir()
    monkeypatch.chdir(directory)
    return directory


async def call_open_tool(pilot: Pilot[Any], app: McpTuiApp) -> None:
    """ctrl+r, allow once in the confirmation dialog, wait for the result."""
    view = panel(app).query_one(ResultView)
    before = view.outcome
    await pilot.press("ctrl+r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
    await pilot.press("o")
    await wait_for(pilot, lambda: view.outcome is not None and view.outcome is not before)
    assert view.outcome is not None
    assert view.outcome.status is CallStatus.OK, view.outcome


async def open_tool(pilot: Pilot[Any], app: McpTuiApp, name: str) -> None:
    """Filter the tool list to ``name`` the way a person does, and open it."""
    await pilot.press("ctrl+f", *name, "down", "enter")
    await wait_for(pilot, lambda: getattr(panel(app).tool, "name", None) == name)
    await wait_for(pilot, partial(opened_form_focused, app))  # before a key or a focus can race it


def shows_calls(view: CollectionsView, names: list[str]) -> bool:
    """the Collections tab listing the saved calls"""
    return [call.name for call in view.calls] == names


def replaying(app: McpTuiApp, name: str) -> bool:
    """the saved call open in the Call tab"""
    return app.main_screen.replay is not None and app.main_screen.replay.call.name == name


def verdicts(app: McpTuiApp) -> ExpectationVerdicts | None:
    found = app.main_screen.query(ExpectationVerdicts)
    return found.first() if found else None


@pytest.mark.parametrize("size", SIZES)
async def test_save_a_call_then_replay_it_and_see_each_verdict(
    home: Path, project: Path, size: tuple[int, int]
) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await open_tool(pilot, app, "list_sandbox")
        await call_open_tool(pilot, app)

        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveCallScreen))
        dialog = app.screen
        dialog.query_one("#save-call-name", Input).value = "listing"
        dialog.query_one("#save-call-collection", Input).value = "smoke"
        await pilot.press("ctrl+s")
        file = project / ".mcp-tui" / "collections" / "smoke.toml"
        await wait_for(pilot, file.exists)
        [saved] = read_collection(file).calls
        assert (saved.name, saved.server, saved.tool) == ("listing", "demo", "list_sandbox")
        assert saved.expect.is_error is False
        assert saved.expect.grade == panel(app).badges.grade.label  # type: ignore[union-attr]
        assert saved.expect.text_contains  # the start of the result's first line
        assert saved.definition is not None
        assert saved.definition.startswith("sha256:")
        # A second call in the same file, whose text expectation cannot hold: its verdict must fail.
        with file.open("a", encoding="utf-8") as out:
            out.write('\n[[calls]]\nname = "wrong"\nserver = "demo"\ntool = "list_sandbox"\n'
                      'expect.text_contains = "no such text anywhere"\n')  # fmt: skip

        for name, failed in (("listing", 0), ("wrong", 1)):
            await pilot.press("f11")
            view = app.main_screen.query_one(CollectionsView)
            await wait_for(pilot, partial(shows_calls, view, ["listing", "wrong"]))
            rows = view.query_one("#collection-list")
            rows.focus()
            rows.highlighted = 1 + [call.name for call in view.calls].index(name)  # type: ignore[attr-defined]
            await pilot.press("enter")
            await wait_for(
                pilot,
                partial(replaying, app, name),
            )
            assert app.main_screen.slot.workspace.active == "call"
            assert verdicts(app) is None  # judged only once the replay's own call has answered
            await call_open_tool(pilot, app)  # the same confirmation dialog as a typed call
            await wait_for(pilot, lambda: verdicts(app) is not None)
            shown = verdicts(app)
            assert shown is not None
            assert sum(not verdict.held for verdict in shown.verdicts) == failed
            text = str(shown.render())
            if failed:
                assert "1 of 1 expectations failed" in text
                assert "FAIL expect.text_contains: 'no such text anywhere' is not in the result" in text
            else:
                assert "all 3 expectations held" in text
            # Its summary line is on screen, at the top of the result (which scrolls to the rest).
            output = panel(app).query_one(ResultView).region
            assert shown.region.height > 0
            assert output.contains(shown.region.x, shown.region.y), output


def footer_text(app: McpTuiApp) -> str:
    return " ".join(str(key.render()) for key in app.main_screen.query_one(KeyFooter).query("FooterKey"))


@pytest.mark.parametrize("size", SIZES)
async def test_record_two_calls_into_a_collection(home: Path, project: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        assert "Recording" not in footer_text(app)
        await pilot.press("f12")
        await wait_for(pilot, lambda: isinstance(app.screen, RecordToScreen))
        app.screen.query_one(Input).value = "session"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Recording" in footer_text(app))

        await open_tool(pilot, app, "list_sandbox")
        await call_open_tool(pilot, app)
        await call_open_tool(pilot, app)  # the same tool again: a second call, under its own name
        file = project / ".mcp-tui" / "collections" / "session.toml"
        await wait_for(pilot, lambda: file.exists() and len(read_collection(file).calls) == 2)
        first, second = read_collection(file).calls
        assert (first.name, first.tool, second.name, second.tool) == (
            "list_sandbox 1", "list_sandbox", "list_sandbox 2", "list_sandbox",
        )  # fmt: skip
        assert first.expect.grade is not None
        assert second.expect.grade is not None
        assert first.expect.is_error is False

        await pilot.press("f12")  # stops: the next call is not recorded
        await wait_for(pilot, lambda: "Recording" not in footer_text(app))
        await call_open_tool(pilot, app)
        assert len(read_collection(file).calls) == 2
