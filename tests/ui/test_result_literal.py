"""Server text in results, errors, resource names and progress is data: no markup, no escape sequences."""

from __future__ import annotations

from pathlib import Path

from test_result_support import ResultApp, ok, rendered_text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Static, TextArea

from tui.model.results import (
    BinaryBlock,
    CallOutcome,
    CallStatus,
    EmbeddedResourceBlock,
    Progress,
    ResourceLinkBlock,
    TextBlock,
)
from tui.ui.screens.save_binary import SaveBinaryScreen
from tui.ui.widgets.results import CallProgress
from tui.ui.widgets.results.resource_blocks import ResourceLinkView
from tui.ui.widgets.results.structured_tree import StructuredTree

CLICK = "[@click=app.quit]click me[/]"
ESCAPES = "\x1b[2J\x1b[31mred"
SHOWN_ESCAPES = "\\x1b[2J\\x1b[31mred"


async def click_link_cells(pilot: object, widget: Widget, start: int = 0, row: int = 0) -> None:
    """Click where "click me" would be if the text had been parsed as markup (and a little past it)."""
    for x in range(start, start + 10):
        await pilot.click(widget, offset=(x, row))  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_the_click_probe_can_fail() -> None:
    """The same text parsed as markup does quit when clicked: so the tests below would notice."""
    app = ResultApp()
    async with app.run_test() as pilot:
        probe = Static(Content.from_markup(CLICK))
        await app.view.mount(probe)
        await pilot.pause()
        await click_link_cells(pilot, probe)
        assert app.quit_requested


async def test_markup_in_text_results_is_shown_and_clicking_it_does_nothing() -> None:
    app = ResultApp()
    async with app.run_test() as pilot:
        await app.view.show(ok(TextBlock(CLICK)), title="t")
        await pilot.pause()
        body = app.view.query_one(".text-body", Static)
        assert rendered_text(body) == CLICK
        await click_link_cells(pilot, body)
        assert not app.quit_requested


async def test_escape_sequences_in_results_are_visible() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock(ESCAPES)), title="t")
        assert rendered_text(app.view.query_one(".text-body", Static)) == SHOWN_ESCAPES
        # Large text goes to a TextArea: cleaned there too.
        await app.view.show(ok(TextBlock((ESCAPES + "\n") * 5000)), title="t")
        area = app.view.query_one(TextArea)
        assert "\x1b" not in area.text
        assert area.text.startswith(SHOWN_ESCAPES + "\n")
        assert "\x1b" not in app.export_screenshot()


async def test_markup_and_escapes_in_errors_stay_literal() -> None:
    app = ResultApp()
    async with app.run_test() as pilot:
        outcome = CallOutcome(CallStatus.ERROR, error=f"{CLICK} {ESCAPES}")
        await app.view.show(outcome, title=f"[b]tool[/b]{ESCAPES}")
        await pilot.pause()
        status = app.view.query_one("#result-status", Static)
        assert rendered_text(status) == f"The call failed: {CLICK} {SHOWN_ESCAPES}"
        header = rendered_text(app.view.query_one("#result-header", Static))
        assert header.startswith(f"[b]tool[/b]{SHOWN_ESCAPES} · failed")
        await click_link_cells(pilot, status, start=len("The call failed: "))
        assert not app.quit_requested


async def test_resource_names_and_uris_stay_literal() -> None:
    app = ResultApp()
    link = ResourceLinkBlock(
        uri=f"file:///{ESCAPES}", name=CLICK, title="[red]T[/red]", mime_type="text/[i]x[/i]"
    )
    async with app.run_test() as pilot:
        await app.view.show(ok(link), title="t")
        await pilot.pause()
        view = app.view.query_one(ResourceLinkView)
        shown = rendered_text(view)
        assert f"URI: file:///{SHOWN_ESCAPES}" in shown
        assert f"Name: {CLICK}" in shown
        assert "Title: [red]T[/red]" in shown
        assert "MIME type: text/[i]x[/i]" in shown
        name_row = shown.splitlines().index(f"Name: {CLICK}")
        # The block has a 2-cell left border and padding before its text.
        await click_link_cells(pilot, view, start=2 + len("Name: "), row=name_row)
        assert not app.quit_requested


async def test_tree_labels_and_binary_titles_stay_literal() -> None:
    app = ResultApp()
    structured = {CLICK: ESCAPES}
    image = BinaryBlock("image", "image/[b]png[/b]", b"x")
    async with app.run_test():
        await app.view.show(ok(image, structured=structured), title="t")
        tree = app.view.query_one(StructuredTree)
        assert tree.root.children[0].label.plain == f'{CLICK}: "\\u001b[2J\\u001b[31mred"'
        title = rendered_text(app.view.query_one(".binary-block .block-title", Static))
        assert title == "Image · image/[b]png[/b] · 1 B"


async def test_save_dialog_names_the_resource_literally(tmp_path: Path) -> None:
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        blob = EmbeddedResourceBlock(f"mem://{CLICK}/{ESCAPES}", "application/octet-stream", blob=b"1")
        await app.view.show(ok(blob), title="t")
        await pilot.pause()
        await pilot.click(app.view.query_one(".save-button", Button))
        await pilot.pause()
        assert isinstance(app.screen, SaveBinaryScreen)
        what = rendered_text(app.screen.query_one("#save-what", Static))
        assert what.startswith(f"Resource mem://{CLICK}/{SHOWN_ESCAPES}")
        # The suggested file name keeps only safe characters.
        assert app.screen.suggested.name == "2J_31mred.bin"
        assert app.screen.suggested.parent == tmp_path


class ProgressApp(App[None]):
    def compose(self) -> ComposeResult:
        yield CallProgress(f"{CLICK}{ESCAPES}")


async def test_progress_title_and_message_stay_literal() -> None:
    app = ProgressApp()
    async with app.run_test():
        progress = app.query_one(CallProgress)
        progress.update_progress(Progress(1, 2, f"{CLICK} {ESCAPES}"))
        assert (
            rendered_text(progress.query_one("#progress-title", Static)) == f"Calling {CLICK}{SHOWN_ESCAPES}…"
        )
        assert (
            rendered_text(progress.query_one("#progress-message", Static))
            == f"1 of 2 · {CLICK} {SHOWN_ESCAPES}"
        )


async def test_a_line_break_in_a_mime_type_name_or_uri_stays_on_its_header_line() -> None:
    app = ResultApp()
    link = ResourceLinkBlock(uri="https://good.example\n@evil.example/", name="two\nlines", mime_type="a\nb")
    image = BinaryBlock("image", "text/html\x1b[31mRED\n[bold]x", b"x")
    async with app.run_test() as pilot:
        await app.view.show(ok(link, image), title="t")
        await pilot.pause()
        shown = rendered_text(app.view.query_one(ResourceLinkView)).splitlines()
        assert "URI: https://good.example\\x0a@evil.example/" in shown
        assert "Name: two\\x0alines" in shown
        assert "MIME type: a\\x0ab" in shown
        title = rendered_text(app.view.query_one(".binary-block .block-title", Static))
        assert title == "Image · text/html\\x1b[31mRED\\x0a[bold]x · 1 B"


async def test_an_embedded_resource_whose_blob_is_not_base64_says_so_and_offers_no_save() -> None:
    app = ResultApp()
    blob = EmbeddedResourceBlock("data:x", "application/octet-stream", blob=b"", decode_error="not base64")
    async with app.run_test() as pilot:
        await app.view.show(ok(blob), title="t")
        await pilot.pause()
        notes = [rendered_text(note) for note in app.view.query(".embedded-resource-block .block-note")]
        assert notes == ["The data could not be decoded: not base64"]
        assert not app.view.query(".embedded-resource-block .save-button")
