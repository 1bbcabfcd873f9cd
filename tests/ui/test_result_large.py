"""A result of several megabytes loads only its start into the text area (so it renders quickly) and says
so. How quickly is for bench/, not for a timed test on a shared machine."""

from __future__ import annotations

from test_result_support import ResultApp, ok, rendered_text
from textual.widgets import Static, TextArea

from tui.model.results import TextBlock
from tui.ui.widgets.results.text_block import RENDER_LIMIT_CHARS, RENDER_LIMIT_LINES, TextBlockView


async def test_five_megabytes_of_text_render_capped_with_a_note() -> None:
    line = "0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 ..........\n"
    text = line * (5 * 1024 * 1024 // len(line))
    assert len(text) > 5_000_000
    app = ResultApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await app.view.show(ok(TextBlock(text)), title="dump")
        await pilot.pause()
        area = app.view.query_one(TextArea)
        assert len(area.text) <= RENDER_LIMIT_CHARS
        assert text.startswith(area.text)
        note = rendered_text(app.view.query_one(".text-cap-note", Static))
        assert note.startswith("Showing the first 390.6 KB of 5.0 MB")
        assert "5.0 MB" in rendered_text(app.view.query_one(TextBlockView).query_one(".block-title", Static))
        # The whole text stays available for saving, even though only its start is on screen.
        assert app.view.query_one(TextBlockView).data == text.encode()
        # Still responsive: the text area pages through its text on key presses.
        area.focus()
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert area.cursor_location[0] > 20
        assert area.scroll_y > 0


async def test_many_short_lines_are_capped_by_line_count() -> None:
    text = "row\n" * 200_000
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock(text)), title="t")
        area = app.view.query_one(TextArea)
        assert area.document.line_count == RENDER_LIMIT_LINES
        assert app.view.query(".text-cap-note")


async def test_text_just_at_the_line_limit_is_shown_whole() -> None:
    text = "row\n" * RENDER_LIMIT_LINES
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock(text)), title="t")
        assert app.view.query_one(TextArea).text == text
        assert not app.view.query(".text-cap-note")
