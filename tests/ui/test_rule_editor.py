"""The rules editor in Preferences (issue 26): write a rule with a glob condition, test it on the open
tool's arguments (match and no match), add it (config.toml keeps its comments), and see the dialog name it;
invalid input gets the file's own message and writes nothing. At 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select, Static

from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.screens.preferences import PreferencesScreen
from tui.ui.widgets.decision_line import DecisionLine

SIZES = [(80, 24), (120, 40)]
CONFIG = """\
# my settings, kept as I wrote them
[preferences]
auto_approve_safe = false  # ask me
"""
RULE_LINE = 5  # after the three lines above and a blank one
APPEND = {"action": "append", "path": "notes/a.txt", "content": "x"}


async def open_editor(pilot: Pilot[None], app: McpTuiApp) -> PreferencesScreen:
    await pilot.press("f4")
    await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen))
    screen = app.screen
    assert isinstance(screen, PreferencesScreen)
    return screen


async def fill(pilot: Pilot[None], screen: PreferencesScreen, key: str, test: str, value: str) -> None:
    screen.query_one("#rule-draft-key-1", Input).value = key
    screen.query_one("#rule-draft-test-1", Select).value = test
    screen.query_one("#rule-draft-value-1", Input).value = value
    await pilot.pause()


async def press(pilot: Pilot[None], screen: PreferencesScreen, button: str) -> str:
    """Press a button of the editor; the result line it leaves."""
    result = screen.query_one("#rule-draft-result", Static)
    result.update("")
    screen.query_one(f"#{button}", Button).press()
    await wait_for(pilot, lambda: bool(str(result.render())))
    return str(result.render())


@pytest.mark.parametrize("size", SIZES)
async def test_write_test_and_add_a_rule_with_a_glob_then_the_dialog_names_it(
    home: Path, size: tuple[int, int]
) -> None:
    (home / "demo-sandbox").mkdir()
    app = make_app(home, CONFIG)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], APPEND)
        await wait_for(pilot, lambda: panel(app).query_one(DecisionLine).decision is not None)
        screen = await open_editor(pilot, app)
        # The editor starts from the open tool.
        assert screen.query_one("#rule-draft-server", Select).value == "demo"
        assert screen.query_one("#rule-draft-tool", Input).value == "manage_files"

        await fill(pilot, screen, "path", "glob", "notes/*")
        shown = await press(pilot, screen, "rule-draft-try")
        assert '✓ holds: path glob "notes/*"' in shown
        assert "The rule applies to these arguments." in shown
        assert f"Would decide: asking: your rule at config.toml:{RULE_LINE}" in shown

        await fill(pilot, screen, "path", "glob", "docs/*")
        shown = await press(pilot, screen, "rule-draft-try")
        assert '✗ does not hold: path glob "docs/*"' in shown
        assert "The rule does not apply to these arguments." in shown
        assert "your rule at" not in shown

        await fill(pilot, screen, "path", "glob", "notes/*")
        shown = await press(pilot, screen, "rule-draft-add")
        assert shown.startswith("Saved the rule to your config.toml")
        assert f"line {RULE_LINE}" in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, PreferencesScreen))

        asking = f"asking: your rule at config.toml:{RULE_LINE}"
        await wait_for(pilot, lambda: panel(app).query_one(DecisionLine).text == asking)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        assert str(app.screen.query_one("#confirm-rule", Static).render()) == asking
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))
        # Our own change: no "changed elsewhere" notice.
        assert not [n for n in app._notifications if n.title == "Policy changed elsewhere"]
        await app.action_quit()

    text = (home / "config.toml").read_text(encoding="utf-8")
    assert text.startswith(CONFIG), "the person's text and comments stay byte for byte"
    assert text[len(CONFIG) :] == (
        '\n[[rules]]\nserver = "demo"\ntool = "manage_files"\naction = "ask"\n'
        'when.path = { glob = "notes/*" }\n'
    )


@pytest.mark.parametrize("size", SIZES)
async def test_a_bad_regex_or_pointer_says_why_and_writes_nothing(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home, CONFIG)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], APPEND)
        screen = await open_editor(pilot, app)
        await fill(pilot, screen, "path", "regex", "notes/(")
        shown = await press(pilot, screen, "rule-draft-add")
        assert shown.startswith("Not saved:")
        assert "the regex does not compile" in shown
        shown = await press(pilot, screen, "rule-draft-try")
        assert "Cannot test it:" in shown
        await fill(pilot, screen, "/", "equals", "1")
        shown = await press(pilot, screen, "rule-draft-add")
        assert "an argument name must not be empty" in shown
        await app.action_quit()
    assert (home / "config.toml").read_text(encoding="utf-8") == CONFIG
