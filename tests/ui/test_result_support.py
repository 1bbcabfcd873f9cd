"""A small host app for the result widgets, shared by the test_result* files (it holds no tests)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.content import Content
from textual.widget import Widget

from tui.model.results import CallOutcome, CallStatus, ContentBlock
from tui.ui.widgets.results import ResultView


class ResultApp(App[None]):
    def __init__(self, save_dir: Path | None = None) -> None:
        super().__init__()
        self.save_dir = save_dir
        self.quit_requested = False

    def compose(self) -> ComposeResult:
        yield ResultView(save_dir=self.save_dir, id="result")

    async def action_quit(self) -> None:
        # Recorded instead of exiting, so a test can tell whether server text managed to trigger it.
        self.quit_requested = True

    @property
    def view(self) -> ResultView:
        return self.query_one(ResultView)


def ok(*blocks: ContentBlock, **fields: object) -> CallOutcome:
    return CallOutcome(CallStatus.OK, content=blocks, duration_s=0.25, **fields)  # type: ignore[arg-type]


def rendered_text(widget: Widget) -> str:
    """The plain text a Static-like widget shows (its visual, before styling)."""
    visual = widget.render()
    if isinstance(visual, Content):
        return visual.plain
    return str(visual)
