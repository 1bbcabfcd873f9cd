"""Per-tool rules and annotation overrides are usable at 80 columns and tidy at 120 and 160: every
control is on screen and wide enough for what it shows, a row of controls takes a second line when it
must, and no select wraps its label."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_preferences import Host, context_for
from textual.widget import Widget
from textual.widgets import Button, Input, Select

from tui.config.model import ToolRule
from tui.store.approvals import ApprovalsStore, set_override

SIZES = [(80, 24), (120, 40), (160, 48)]
RULES = 'auto_approve_safe = false\n\n[[rules]]\nserver = "files"\ntool = "delete"\naction = "always"\n'


def controls(app: Host, under: str) -> list[Widget]:
    section = app.screen.query_one(under)
    return [w for w in section.query("Select, Input, Button") if w.display]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_rules_and_overrides_fit_the_screen(tmp_path: Path, size: tuple[int, int]) -> None:
    text = "[preferences]\n" + RULES + '\n[servers.files]\ncommand = "f"\n'
    store = ApprovalsStore(tmp_path / "approvals.json")
    assert store.update(set_override("files", "delete", {"readOnlyHint": False})).result == "written"
    ctx = context_for(tmp_path, text)
    assert ctx.rules == [ToolRule("files", "delete", "always", "critical")]
    assert ctx.policy.override_items()
    app = Host(ctx)
    width = size[0]
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.screen.query_one("#rule-new-action", Select).value = "always"  # its ceiling shows then
        await pilot.pause()
        for under in ("#prefs-rules", "#prefs-overrides"):
            for widget in controls(app, under):
                widget.scroll_visible(animate=False, immediate=True)
                await pilot.pause()
                region = widget.region
                assert region.width > 0, f"{widget.id} has no room at {size}"
                assert region.right <= width - 2, f"{widget.id} is cut at {size}: {region}"
                if isinstance(widget, Select):
                    assert region.height == 3, f"{widget.id} wraps its label at {size}"
                if isinstance(widget, Input):
                    assert region.width >= 30, f"{widget.id} is {region.width} cells at {size}"
        add = app.screen.query_one("#rule-add", Button)
        new_tool = app.screen.query_one("#rule-new-tool", Input)
        hints = app.screen.query_one("#override-new-hints").query(Select)
        rows = {select.region.y for select in hints}
        if width >= 160:  # one line each
            assert add.region.y == new_tool.region.y
        else:  # the action, the ceiling and Add go on a line of their own
            assert add.region.y > new_tool.region.y
        assert len(rows) == (2 if width < 112 else 1)


async def test_every_note_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    # A Label is as wide as its text: the Categories note ran off the screen ("always confirming destructiv").
    app = Host(context_for(tmp_path, "[preferences]\n" + RULES + '\n[servers.files]\ncommand = "f"\n'))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = list(app.screen.query(".prefs-note"))
        assert notes
        for note in notes:
            note.scroll_visible(animate=False, immediate=True)
            await pilot.pause()
            text = str(note.render())
            assert note.region.right <= 80, text
            shown = "".join(strip.text for strip in note.render_lines(note.region.reset_offset))
            assert "".join(shown.split()) == "".join(text.split()), f"cut: {shown!r}"
