"""Managed and project rules in Preferences (issue 26): shown locked, each with its file and line; your
rule that a tier above overrides is marked with the reason. At 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, wait_for, wait_for_tools
from textual.widgets import Label, Select

from tui.ui.screens.preferences import PreferencesScreen

SIZES = [(80, 24), (120, 40)]
MANAGED = """\
[[rules]]
server = "demo"
tool = "manage_files"
action = "never"
when.action = { equals = "delete" }
"""
CONFIG = """\
[[rules]]
server = "demo"
tool = "manage_files"
action = "always"
ceiling = "high"
"""


def text(label: Label) -> str:
    return str(label.render())


@pytest.mark.parametrize("size", SIZES)
async def test_a_managed_rule_is_locked_and_overrides_yours_with_the_reason(
    home: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    team = home / "team.toml"
    team.write_text(MANAGED, encoding="utf-8")
    monkeypatch.setenv("MCP_TUI_MANAGED_POLICY", str(team))
    app = make_app(home, CONFIG)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("f4")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen))
        screen = app.screen
        locked = screen.query_one("#locked-rule-0", Label)
        rule = 'never manage_files on demo when action equals "delete"'
        assert text(locked) == f"🔒 managed: {rule}  (team.toml:1)"
        assert locked.has_class("-locked")
        # Yours stays editable, marked with why the team's rule decides first.
        assert screen.query_one("#rule-action-0", Select).value == "always"
        why = screen.query_one("#rule-overridden-0", Label)
        assert text(why) == (
            '↑ overridden when action equals "delete", by the managed policy\'s never rule at team.toml:1'
        )
        for widget in (locked, why):
            widget.scroll_visible(animate=False)
            await pilot.pause()
            assert widget.region.height >= 1, "on screen"
            assert widget.region.right <= size[0], "not cut off at the right"
        await app.action_quit()
