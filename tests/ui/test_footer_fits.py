"""At 120 columns the main screen's footer shows every key it lists, ctrl+q last; nothing hides under the
palette key. Keys the footer leaves out are named where they act and in the command palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, panel, wait_for, wait_for_tools
from textual.widgets._footer import FooterKey

from tui.ui.app import McpTuiApp
from tui.ui.commands import AppCommands

ALWAYS_SHOWN = {"ctrl+r", "ctrl+f", "f2", "f3", "f7", "f8", "f4", "f5", "ctrl+q"}


def keys_in_sight(app: McpTuiApp) -> set[str]:
    """The footer's keys drawn whole, left of the palette key docked over the ones that overflow."""
    keys = list(app.screen.query(FooterKey))
    [palette] = [key for key in keys if key.has_class("-command-palette")]
    return {
        key.key
        for key in keys
        if key is not palette and key.region.width and key.region.right <= palette.region.x
    }


def keys_listed(app: McpTuiApp) -> set[str]:
    return {key.key for key in app.screen.query(FooterKey) if not key.has_class("-command-palette")}


@pytest.mark.parametrize("width", [120, 160])
async def test_every_key_of_the_main_screen_is_in_sight(home: Path, width: int) -> None:
    app = make_app(home)
    async with app.run_test(size=(width, 40)) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.pause()
        assert keys_in_sight(app) >= ALWAYS_SHOWN
        assert keys_in_sight(app) == keys_listed(app)


async def test_with_a_tools_form_focused_ctrl_q_stays_in_sight_at_120(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {tool.name: tool for tool in await wait_for_tools(pilot, app)}
        await app.main_screen.open_tool(tools["http_api"])
        await wait_for(
            pilot, lambda: panel(app).form is not None and app.focused in panel(app).form.walk_children()
        )
        await pilot.pause()
        assert "ctrl+j" in keys_listed(app)  # the form's own key joins the others
        assert keys_in_sight(app) == keys_listed(app)
        assert "ctrl+q" in keys_in_sight(app)


def test_keys_left_out_of_the_footer_are_named_in_the_palette() -> None:
    helps = " ".join(help_text for _name, _action, help_text in AppCommands.COMMANDS)
    for key in ("ctrl+e", "ctrl+t", "F9", "F10"):
        assert f"({key})" in helps
