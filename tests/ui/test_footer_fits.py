"""The main screen's footer shows its essential keys whole at 80 and 120 columns, whatever the focused
widget adds: ctrl+q and the palette's key pinned on the right, the focused widget's keys and Call first on
the left, and at 120 every key it lists, F4 and F5 included. A key that does not fit is left out whole,
never cut mid-word. Keys the footer leaves out are named where they act and in the command palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools

from tui.ui.app import McpTuiApp
from tui.ui.commands import AppCommands
from tui.ui.textual_internals import FooterKey
from tui.ui.widgets.key_footer import KeyFooter

AT_80 = ["^r Call", "^q Quit", "^p palette"]
AT_120 = [*AT_80, "^f Filter", "f2 History", "f3 Logs", "f4 Preferences", "f5 Audit"]


def footer_text(app: McpTuiApp) -> str:
    """The footer's line as drawn on the terminal."""
    footer = app.screen.query_one(KeyFooter)
    strips = app.screen._compositor.render_strips()
    return strips[footer.region.y].text


def keys_whole(app: McpTuiApp) -> None:
    """Each key on show is drawn whole: its key and description appear together on the line."""
    text = footer_text(app)
    for key in app.screen.query(FooterKey):
        if key.display and key.region.width:
            assert f"{key.key_display} {key.description}".strip() in text, text


async def open_http_api(pilot, app: McpTuiApp) -> None:  # type: ignore[no-untyped-def]
    tools = {tool.name: tool for tool in await wait_for_tools(pilot, app)}
    await open_tool(pilot, app, tools["http_api"])


@pytest.mark.parametrize(("width", "essential"), [(80, AT_80), (120, AT_120)])
async def test_the_essential_keys_are_in_sight_with_the_filter_focused(
    home: Path, width: int, essential: list[str]
) -> None:
    app = make_app(home)
    async with app.run_test(size=(width, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.pause()
        text = footer_text(app)
        for key in essential:
            assert key in text, f"{key!r} not in {text!r}"
        keys_whole(app)


@pytest.mark.parametrize(("width", "essential"), [(80, AT_80), (120, AT_120)])
async def test_the_essential_keys_stay_in_sight_beside_the_json_boxs_own(
    home: Path, width: int, essential: list[str]
) -> None:
    # The JSON box adds the most keys of its own: ctrl+a (select all) and the form's ctrl+j.
    app = make_app(home)
    async with app.run_test(size=(width, 40)) as pilot:
        await open_http_api(pilot, app)
        form = panel(app).form
        assert form is not None
        await pilot.press("ctrl+j")
        await wait_for(pilot, lambda: form.raw_mode)
        form.raw.focus()
        await wait_for(pilot, lambda: "^a Select all" in footer_text(app))
        text = footer_text(app)
        for key in ["^a Select all", "^j Form / JSON", *essential]:
            assert key in text, f"{key!r} not in {text!r}"
        keys_whole(app)


async def test_with_a_tools_form_focused_every_key_is_in_sight_at_120(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_http_api(pilot, app)
        await pilot.pause()
        text = footer_text(app)
        for key in ["^j Form / JSON", *AT_120]:
            assert key in text, f"{key!r} not in {text!r}"
        assert all(key.display for key in app.screen.query(FooterKey))


def test_keys_left_out_of_the_footer_are_named_in_the_palette() -> None:
    helps = " ".join(help_text for _name, _action, help_text in AppCommands.COMMANDS)
    for key in ("ctrl+e", "ctrl+t", "F7", "F8", "F9", "F10"):
        assert f"({key})" in helps
