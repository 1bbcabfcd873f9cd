"""ResultView renders every content type, the error styles and each way a call can end."""

from __future__ import annotations

import json

from test_result_support import ResultApp, ok, rendered_text
from textual.widgets import Static, TextArea

from tui.model.results import (
    BinaryBlock,
    CallOutcome,
    CallStatus,
    EmbeddedResourceBlock,
    ResourceLinkBlock,
    TextBlock,
    UnknownBlock,
)
from tui.ui.widgets.results.binary_block import BinaryBlockView
from tui.ui.widgets.results.resource_blocks import EmbeddedResourceView, ResourceLinkView, UnknownBlockView
from tui.ui.widgets.results.text_block import TextBlockView


def texts(app: ResultApp, selector: str) -> list[str]:
    return [rendered_text(widget) for widget in app.view.query(selector)]


async def test_plain_text_is_shown_as_sent() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock("hello\nworld")), title="echo")
        block = app.view.query_one(TextBlockView)
        assert not block.is_json
        assert rendered_text(block.query_one(".text-body", Static)) == "hello\nworld"
        header = rendered_text(app.view.query_one("#result-header", Static))
        assert header == "echo · done · 250 ms"


async def test_json_text_is_pretty_printed() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock('{"b":[1,2],"a":"ü"}')), title="t")
        block = app.view.query_one(TextBlockView)
        assert block.is_json
        body = rendered_text(block.query_one(".text-body", Static))
        assert body == json.dumps({"b": [1, 2], "a": "ü"}, indent=2, ensure_ascii=False)
        assert "JSON" in texts(app, ".block-title")[0]


async def test_text_that_only_looks_like_json_stays_as_is() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock("{not json")), title="t")
        block = app.view.query_one(TextBlockView)
        assert not block.is_json
        assert rendered_text(block.query_one(".text-body", Static)) == "{not json"


async def test_image_and_audio_show_kind_mime_size_and_a_save_button() -> None:
    app = ResultApp()
    async with app.run_test():
        image = BinaryBlock("image", "image/png", b"\x89PNG" + bytes(2044))
        audio = BinaryBlock("audio", "audio/wav", bytes(3 * 1024 * 1024))
        await app.view.show(ok(image, audio), title="media")
        views = list(app.view.query(BinaryBlockView))
        assert [rendered_text(v.query_one(".block-title", Static)) for v in views] == [
            "Image · image/png · 2.0 KB",
            "Audio · audio/wav · 3.0 MB",
        ]
        assert all(len(v.query(".save-button")) == 1 for v in views)
        assert [v.file_name for v in views] == ["media-1.png", "media-2.wav"]


async def test_undecodable_binary_says_so_and_offers_no_save() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(BinaryBlock("image", "image/png", b"", "Incorrect padding")), title="t")
        view = app.view.query_one(BinaryBlockView)
        assert "could not be decoded: Incorrect padding" in rendered_text(
            view.query_one(".block-problem", Static)
        )
        assert not view.query(".save-button")


async def test_resource_link_shows_every_field() -> None:
    app = ResultApp()
    link = ResourceLinkBlock(
        "file:///data/report.csv", "report.csv", "Q3 report", "The numbers", "text/csv", 2048
    )
    async with app.run_test():
        await app.view.show(ok(link), title="t")
        shown = rendered_text(app.view.query_one(ResourceLinkView))
        for expected in (
            "URI: file:///data/report.csv",
            "Name: report.csv",
            "Title: Q3 report",
            "Description: The numbers",
            "MIME type: text/csv",
            "Size: 2.0 KB (2048 bytes)",
        ):
            assert expected in shown


async def test_resource_link_leaves_out_fields_the_server_did_not_send() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(ResourceLinkBlock("mem://x", "x")), title="t")
        shown = rendered_text(app.view.query_one(ResourceLinkView))
        assert "Title" not in shown
        assert "Size" not in shown
        assert "Name: x" in shown


async def test_embedded_text_resource_shows_its_text() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(
            ok(EmbeddedResourceBlock("mem://notes", "text/plain", text="note body")), title="t"
        )
        view = app.view.query_one(EmbeddedResourceView)
        assert "URI: mem://notes" in rendered_text(view.query_one(".block-title", Static))
        assert rendered_text(view.query_one(TextBlockView).query_one(".text-body", Static)) == "note body"


async def test_embedded_blob_resource_shows_size_and_save() -> None:
    app = ResultApp()
    async with app.run_test():
        blob = EmbeddedResourceBlock("file:///x/doc.pdf", "application/pdf", blob=b"%PDF" + bytes(96))
        await app.view.show(ok(blob), title="t")
        view = app.view.query_one(EmbeddedResourceView)
        title = rendered_text(view.query_one(".block-title", Static))
        assert "MIME type: application/pdf" in title
        assert "Size: 100 B (100 bytes)" in title
        assert view.file_name == "doc.pdf"
        assert len(view.query(".save-button")) == 1


async def test_unknown_block_is_shown_as_json() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(UnknownBlock("hologram", {"type": "hologram", "depth": 3})), title="t")
        view = app.view.query_one(UnknownBlockView)
        assert "hologram" in rendered_text(view.query_one(".block-title", Static))
        body = rendered_text(view.query_one(".text-body", Static))
        assert json.loads(body) == {"type": "hologram", "depth": 3}


async def test_is_error_result_is_styled_as_an_error() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(TextBlock("disk full"), is_error=True), title="write")
        assert app.view.has_class("-is-error")
        assert rendered_text(app.view.query_one("#result-status", Static)) == "The tool reported an error"
        body = app.view.query_one(".text-body", Static)
        assert body.styles.color == app.view.query_one("#result-status", Static).styles.color
        # A following good result drops the error style.
        await app.view.show(ok(TextBlock("fine")), title="write")
        assert not app.view.has_class("-is-error")
        assert app.view.has_class("-ok")
        assert not app.view.query("#result-status")


async def test_each_status_is_stated_plainly() -> None:
    cases = [
        (
            CallOutcome(CallStatus.ERROR, error="Connection closed", error_code=-32000, duration_s=1.0),
            "-failed",
            "The call failed: Connection closed (error code -32000)",
        ),
        (
            CallOutcome(CallStatus.TIMEOUT, duration_s=30.02),
            "-timeout",
            "No answer within 30 s; the call was stopped and the server was told to cancel it.",
        ),
        (
            CallOutcome(CallStatus.CANCELLED, duration_s=2),
            "-cancelled",
            "Cancelled; the server was told to stop.",
        ),
        (
            CallOutcome(CallStatus.DENIED, error="a never rule for this tool"),
            "-denied",
            "Not sent: a never rule for this tool",
        ),
    ]
    app = ResultApp()
    async with app.run_test():
        for outcome, css_class, sentence in cases:
            await app.view.show(outcome, title="t")
            assert app.view.has_class(css_class)
            assert rendered_text(app.view.query_one("#result-status", Static)) == sentence
            assert not app.view.query("#result-empty")


async def test_duration_in_the_header() -> None:
    app = ResultApp()
    async with app.run_test():
        outcome = CallOutcome(CallStatus.OK, content=(TextBlock("abc"),), duration_s=125.4)
        await app.view.show(outcome, title="big")
        assert rendered_text(app.view.query_one("#result-header", Static)) == "big · done · 2 min 05 s"


async def test_an_empty_result_says_so() -> None:
    app = ResultApp()
    async with app.run_test():
        await app.view.show(ok(), title="t")
        assert rendered_text(app.view.query_one("#result-empty", Static)) == "The result has no content."


async def test_quick_successive_shows_end_with_the_last_one() -> None:
    app = ResultApp()
    async with app.run_test() as pilot:
        app.view.show(ok(TextBlock("first")), title="one")
        await app.view.show(ok(TextBlock("second")), title="two")
        await pilot.pause()
        assert texts(app, ".text-body") == ["second"]
        assert len(app.view.query("#result-header")) == 1


async def test_medium_text_uses_a_scrollable_text_area() -> None:
    app = ResultApp()
    async with app.run_test():
        text = "\n".join(f"line {n}" for n in range(1000))
        await app.view.show(ok(TextBlock(text)), title="t")
        area = app.view.query_one(TextArea)
        assert area.read_only
        assert area.text == text
        assert not app.view.query(".text-cap-note")


async def test_a_call_never_sent_shows_no_duration() -> None:
    app = ResultApp()
    async with app.run_test():
        denied = CallOutcome(status=CallStatus.DENIED, error="a rule says never", duration_s=0.0)
        await app.view.show(denied, title="wipe")
        header = rendered_text(app.view.query_one("#result-header", Static))
        assert header == "wipe · not sent"
