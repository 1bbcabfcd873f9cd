"""The dialog and the call panel's decision line name the rule that decided, with its tier, file and line;
a rule on the server's resolved hints says the server resolved the call (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from textual.widgets import Static

from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.decision_line import DecisionLine

CONFIG = """\
# the person's own comment
[[rules]]
server = "demo"
tool = "manage_files"
action = "always"
ceiling = "safe"
when.resolved = { readOnlyHint = true }
when.provenance = "resolved"

[[rules]]
server = "demo"
tool = "manage_files"
action = "ask"
when.path = { glob = "notes/*" }
"""
ALWAYS_LINE = 2
ASK_LINE = 10

SIZES = [(80, 24), (120, 40)]


def decision_text(app: McpTuiApp) -> str:
    return panel(app).query_one(DecisionLine).text


@pytest.mark.parametrize("size", SIZES)
async def test_the_decision_line_and_the_dialog_name_the_rule(home: Path, size: tuple[int, int]) -> None:
    (home / "demo-sandbox").mkdir()
    app = make_app(home, CONFIG)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], {"action": "read", "path": "welcome.txt"})
        allowed = (
            f"allowed: the server resolved this call to read-only, your rule at config.toml:{ALWAYS_LINE}"
        )
        await wait_for(pilot, lambda: decision_text(app) == allowed)
        line = panel(app).query_one(DecisionLine)
        assert line.region.height == 1, "the line is on screen"
        assert line.region.right <= size[0], "the line is on screen"
        # Where the whole line does not fit, the short one keeps the rule's file and line.
        assert line.shown.endswith(f"your rule at config.toml:{ALWAYS_LINE}")
        assert len(line.shown) <= line.content_size.width

        await open_tool(pilot, app, tools["manage_files"], {"action": "append", "path": "notes/a.txt"})
        asking = f"asking: your rule at config.toml:{ASK_LINE}"
        await wait_for(pilot, lambda: decision_text(app) == asking)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        rule = app.screen.query_one("#confirm-rule", Static)
        assert str(rule.render()) == asking
        assert rule.region.height >= 1, "the rule's line is drawn"
        assert rule.region.y < size[1], "the rule's line is in view"
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmCallScreen))
        await app.action_quit()
