"""The result view shows each content block's annotations on one muted line above it, literally."""

from __future__ import annotations

from test_result_support import ResultApp, rendered_text
from textual.widgets import Static

from tui.client.convert import call_outcome
from tui.ui.widgets.results.annotations import annotation_line


def annotations_shown(app: ResultApp) -> list[str]:
    return [rendered_text(w) for w in app.view.query(".block-annotations").results(Static)]


async def test_annotated_blocks_say_who_they_are_for_how_much_they_matter_and_when_they_changed() -> None:
    raw = {
        "content": [
            {"type": "text", "text": "raw", "annotations": {"audience": ["assistant"], "priority": 0.2}},
            {
                "type": "text",
                "text": "summary",
                "annotations": {"audience": ["user", "assistant"], "lastModified": "2025-01-02T13:04:05Z"},
            },
            {"type": "text", "text": "plain"},
        ]
    }
    app = ResultApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.view.show(call_outcome(raw, duration_s=0.1), title="report on files")
        await pilot.pause()
        assert annotations_shown(app) == [
            "for the assistant only · priority 0.2 (low)",
            "for you and the assistant · modified 2025-01-02 13:04 UTC",
        ]
        blocks = app.view.query(".text-block")
        assert len(blocks) == 3  # every block is still there, annotated or not
        parents = [block.parent for block in blocks]
        assert [p is not None and p.has_class("annotated-block") for p in parents] == [True, True, False]


async def test_server_text_in_annotations_stays_literal() -> None:
    raw = {
        "content": [
            {
                "type": "text",
                "text": "x",
                "annotations": {"audience": ["[@click=app.quit]boss[/]"], "lastModified": "[b]yesterday"},
            }
        ]
    }
    app = ResultApp()
    async with app.run_test(size=(100, 20)) as pilot:
        await app.view.show(call_outcome(raw, duration_s=0.1), title="t")
        await pilot.pause()
        assert annotations_shown(app) == ["for [@click=app.quit]boss[/] · modified [b]yesterday"]
        await pilot.click(".block-annotations", offset=(6, 0))
        assert not app.quit_requested


def test_priority_words() -> None:
    from tui.model.results import ContentAnnotations

    assert annotation_line(ContentAnnotations(priority=1)) == "priority 1 (high)"
    assert annotation_line(ContentAnnotations(priority=0.5)) == "priority 0.5 (medium)"
