"""The server's wording in the TUI (Display Templates): the call panel's preview line follows the form,
History rows carry it, and a result block's display text shows above the block, literally."""

from __future__ import annotations

from pathlib import Path

from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from test_result_support import ResultApp, rendered_text
from textual.widgets import Static

from tui.client.convert import call_outcome
from tui.model.display_templates import DISPLAY_TEMPLATES_ID, CallPreview
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.history import CallHistory, history_row
from tui.ui.widgets.preview_line import PreviewLine, preview_content

PATIENT_PREFLIGHT = "[timeouts]\npreflight = 3600\n"


def preview_shown(app: McpTuiApp) -> str:
    line = panel(app).query_one("#call-preview", PreviewLine)
    return "" if line.has_class("-none") else rendered_text(line)


async def test_the_call_panel_shows_the_servers_wording_as_the_form_changes(home: Path) -> None:
    app = make_app(home, PATIENT_PREFLIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["manage_files"], {"action": "delete", "path": "notes.md"})
        delete = 'Server\'s wording: "delete notes.md from the sandbox"'
        await wait_for(pilot, lambda: preview_shown(app) == delete)

        await open_tool(
            pilot, app, tools["manage_files"], {"action": "read", "path": "notes.md", "content": "x"}
        )
        # In the call bar, one row cut at its end: what the line leaves out comes first.
        read = 'Server\'s wording: [+1 not shown: content] "read notes.md from the sandbox"'
        await wait_for(pilot, lambda: preview_shown(app) == read)

        await open_tool(pilot, app, tools["roll_dice"], {})  # no template: no line at all
        await wait_for(pilot, lambda: getattr(panel(app).tool, "name", None) == "roll_dice")
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        assert preview_shown(app) == ""


async def test_a_history_row_carries_the_wording_of_its_call(home: Path) -> None:
    app = make_app(home, PATIENT_PREFLIGHT)
    async with app.run_test(size=(160, 40)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["add_note"], {"text": "hello"})
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
        await pilot.press("o")
        history = app.main_screen.query_one(CallHistory)
        await wait_for(pilot, lambda: bool(history.entries) and history.entries[0].outcome is not None)
        [entry] = history.entries
        assert entry.preview is not None
        assert entry.preview.text == 'add the note "hello" to notes.md'
        assert history_row(entry).plain.endswith('add_note  "add the note "hello" to notes.md"')


def test_a_history_row_names_what_the_wording_leaves_out_before_the_wording() -> None:
    from datetime import UTC, datetime

    from tui.ui.widgets.history import HistoryEntry

    preview = CallPreview("read " + "n" * 100, ("upload_to",), "tool")
    entry = HistoryEntry(1, datetime.now(UTC), "s", "read", {}, preview=preview)
    row = history_row(entry).plain
    assert row.index("[+1 not shown: upload_to]") < row.index('"read nnn')
    assert row.endswith('…"')  # the wording is cut, never the marker


def test_the_preview_line_is_literal_and_keeps_its_marker_when_cut() -> None:
    hostile = CallPreview("[@click=app.quit]go[/] " + "x" * 300, ("a", "b"), "tool")
    shown = preview_content(hostile).plain
    assert shown.startswith("Server's wording: \"[@click=app.quit]go[/] xxx")
    assert shown.endswith('…"  (+2 arguments not in this summary: a, b)')


async def test_a_blocks_display_text_shows_above_it_literally() -> None:
    meta = {DISPLAY_TEMPLATES_ID: {"text": "[b]moved[/b] 14 items\nto /archive"}}
    raw = {"content": [{"type": "text", "text": "payload", "_meta": meta}, {"type": "text", "text": "plain"}]}
    app = ResultApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.view.show(call_outcome(raw, duration_s=0.1), title="t")
        await pilot.pause()
        summaries = [rendered_text(w) for w in app.view.query(".block-summary").results(Static)]
        assert summaries == ["Server's summary: [b]moved[/b] 14 items\\x0ato /archive"]
        blocks = app.view.query(".text-block")
        assert len(blocks) == 2  # the content itself is still shown in full
        parents = [block.parent for block in blocks]
        assert [p is not None and p.has_class("summarised-block") for p in parents] == [True, False]
