"""Editing a rule in the rules editor (issue 26): a rule with a condition from your config.toml is listed
with its file:line, loaded by choosing it, given a second condition (each tested on the open tool's
arguments), saved in place with the comments around it kept, and removed; a file changed on disk since the
rule was loaded is not written over. At 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from test_rule_editor import APPEND, open_editor, press
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select

from tui.ui.screens.preferences import PreferencesScreen
from tui.ui.widgets.decision_line import DecisionLine

SIZES = [(80, 24), (120, 40)]
BEFORE = """\
# my settings, kept as I wrote them
[preferences]
auto_approve_safe = false  # ask me

# notes need a look
"""
RULE = """\
[[rules]]
server = "demo"
tool = "manage_files"
action = "ask"  # my first try
when.path = { glob = "docs/*" }
"""
AFTER = """\
# the end of my file
"""
CONFIG = BEFORE + RULE + AFTER
LINE = 6


def rows_mounted(screen: PreferencesScreen, row: int) -> bool:
    found = screen.query(f"#rule-draft-test-{row}")
    return bool(found) and all(widget.is_mounted for widget in [*found, *found.first().query("*")])


async def fill_row(
    pilot: Pilot[None], screen: PreferencesScreen, row: int, key: str, test: str, value: str
) -> None:
    # A row just added or loaded is composed in steps: its Select takes a value once all of it is mounted.
    await wait_for(pilot, lambda: rows_mounted(screen, row))
    screen.query_one(f"#rule-draft-key-{row}", Input).value = key
    screen.query_one(f"#rule-draft-test-{row}", Select).value = test
    screen.query_one(f"#rule-draft-value-{row}", Input).value = value
    await pilot.pause()


async def load_the_rule(pilot: Pilot[None], screen: PreferencesScreen) -> None:
    choice = screen.query_one("#rule-edit-1", Button)
    assert str(choice.label) == f'config.toml:{LINE}  ask manage_files on demo when path glob "docs/*"'
    shown = await press(pilot, screen, "rule-edit-1")
    assert shown == f"Loaded the rule at config.toml:{LINE}: save it in place, or remove it."
    await wait_for(pilot, lambda: screen.query_one("#rule-draft-value-1", Input).value == "docs/*")
    assert screen.query_one("#rule-draft-key-1", Input).value == "path"
    assert not screen.query_one("#rule-draft-save", Button).disabled


@pytest.mark.parametrize("size", SIZES)
async def test_load_a_rule_give_it_a_second_condition_save_it_in_place_then_remove_it(
    home: Path, size: tuple[int, int]
) -> None:
    (home / "demo-sandbox").mkdir()
    app = make_app(home, CONFIG)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], APPEND)
        await wait_for(pilot, lambda: panel(app).query_one(DecisionLine).decision is not None)
        screen = await open_editor(pilot, app)
        assert screen.query_one("#rule-draft-save", Button).disabled, "nothing loaded yet"
        await load_the_rule(pilot, screen)

        await fill_row(pilot, screen, 1, "path", "glob", "notes/*")
        screen.query_one("#rule-draft-more", Button).press()
        await wait_for(pilot, lambda: bool(screen.query("#rule-draft-key-2")))
        assert screen.query_one("#rule-draft-value-1", Input).value == "notes/*", "a new row keeps the others"
        await fill_row(pilot, screen, 2, "content", "equals", '"y"')
        shown = await press(pilot, screen, "rule-draft-try")
        assert '✓ holds: path glob "notes/*"' in shown
        assert '✗ does not hold: content equals "y"' in shown
        assert "The rule does not apply to these arguments." in shown
        await fill_row(pilot, screen, 2, "content", "equals", '"x"')
        shown = await press(pilot, screen, "rule-draft-try")
        assert '✓ holds: content equals "x"' in shown
        assert f"Would decide: asking: your rule at config.toml:{LINE}" in shown

        # A third row, dropped again: the two above keep what was typed, and only they are saved.
        screen.query_one("#rule-draft-more", Button).press()
        await fill_row(pilot, screen, 3, "path", "glob", "zzz/*")
        screen.query_one("#rule-draft-drop-1", Button).press()
        await wait_for(pilot, lambda: not screen.query("#rule-draft-key-3"))
        assert screen.query_one("#rule-draft-value-1", Input).value == '"x"', "row 2 moved up"
        assert screen.query_one("#rule-draft-value-2", Input).value == "zzz/*"
        screen.query_one("#rule-draft-drop-2", Button).press()
        await wait_for(pilot, lambda: not screen.query("#rule-draft-key-2"))
        await fill_row(pilot, screen, 1, "path", "glob", "notes/*")
        screen.query_one("#rule-draft-more", Button).press()
        await fill_row(pilot, screen, 2, "content", "equals", '"x"')

        shown = await press(pilot, screen, "rule-draft-save")
        assert shown.endswith(f"config.toml, line {LINE}"), shown
        assert (home / "config.toml").read_text(encoding="utf-8") == BEFORE + (
            '[[rules]]\nserver = "demo"\ntool = "manage_files"\naction = "ask"\n'
            'when.path = { glob = "notes/*" }\nwhen.content = { equals = "x" }\n'
        ) + AFTER
        await wait_for(pilot, lambda: "and content" in str(screen.query_one("#rule-edit-1", Button).label))
        assert len(screen.query("#rule-edit-2")) == 0, "replaced, not added"
        await pilot.press("escape")
        asking = f"asking: your rule at config.toml:{LINE}"
        await wait_for(pilot, lambda: panel(app).query_one(DecisionLine).text == asking)

        screen = await open_editor(pilot, app)
        await wait_for(pilot, lambda: bool(screen.query("#rule-edit-1")))
        screen.query_one("#rule-edit-1", Button).press()
        await wait_for(pilot, lambda: not screen.query_one("#rule-draft-remove", Button).disabled)
        shown = await press(pilot, screen, "rule-draft-remove")
        assert shown == f"Removed the rule at config.toml:{LINE}"
        await wait_for(pilot, lambda: not screen.query("#rule-edit-1"))
        assert screen.query_one("#rule-draft-save", Button).disabled
        await pilot.press("escape")
        await wait_for(pilot, lambda: "config.toml" not in panel(app).query_one(DecisionLine).text)
        await app.action_quit()
    assert (home / "config.toml").read_text(encoding="utf-8") == BEFORE + AFTER


@pytest.mark.parametrize("size", SIZES)
async def test_a_file_changed_on_disk_since_the_rule_was_loaded_is_not_written(
    home: Path, size: tuple[int, int]
) -> None:
    app = make_app(home, CONFIG)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], APPEND)
        screen = await open_editor(pilot, app)
        await load_the_rule(pilot, screen)
        by_hand = "# a line added by hand: the rule is a line lower now\n" + CONFIG
        (home / "config.toml").write_text(by_hand, encoding="utf-8")
        await fill_row(pilot, screen, 1, "path", "glob", "notes/*")
        for button in ("rule-draft-save", "rule-draft-remove"):
            shown = await press(pilot, screen, button)
            assert shown.startswith("Not saved:"), shown
            assert "changed on disk since the rule was loaded" in shown
            assert "nothing was written" in shown
        await app.action_quit()
    assert (home / "config.toml").read_text(encoding="utf-8") == by_hand


PROJECT_POLICY = """\
# the project's: no deletes in notes
[[rules]]
server = "demo"
tool = "manage_files"
action = "never"
when.action = { equals = "delete" }
"""


@pytest.mark.parametrize("size", SIZES)
async def test_the_project_file_chosen_lists_its_rules_and_saves_in_it(
    home: Path, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    (project / ".mcp-tui").mkdir(parents=True)
    policy = project / ".mcp-tui" / "policy.toml"
    policy.write_text(PROJECT_POLICY, encoding="utf-8")
    monkeypatch.chdir(project)
    app = make_app(home, BEFORE)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        screen = await open_editor(pilot, app)
        assert not screen.query("#rule-edit-1"), "your config.toml has no rule with conditions"
        screen.query_one("#rule-draft-tier", Select).value = "project"
        await wait_for(pilot, lambda: bool(screen.query("#rule-edit-1")))
        choice = screen.query_one("#rule-edit-1", Button)
        assert str(choice.label) == 'policy.toml:2  never manage_files on demo when action equals "delete"'
        await press(pilot, screen, "rule-edit-1")
        await wait_for(pilot, lambda: screen.query_one("#rule-draft-value-1", Input).value == "delete")
        screen.query_one("#rule-draft-action", Select).value = "ask"
        await pilot.pause()
        shown = await press(pilot, screen, "rule-draft-save")
        assert shown == f"Saved the rule in place: {policy}, line 2"
        # Back to your file: the project's rule is no longer the one loaded.
        screen.query_one("#rule-draft-tier", Select).value = "user"
        await wait_for(pilot, lambda: not screen.query("#rule-edit-1"))
        assert screen.query_one("#rule-draft-save", Button).disabled
        await app.action_quit()
    assert policy.read_text(encoding="utf-8") == PROJECT_POLICY.replace('"never"', '"ask"')
    assert (home / "config.toml").read_text(encoding="utf-8") == BEFORE
