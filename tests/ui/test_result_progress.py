"""CallProgress: indeterminate until a total arrives, then a real bar; elapsed time; Esc asks to cancel."""

from __future__ import annotations

import time

from test_result_support import rendered_text
from textual import on
from textual.app import App, ComposeResult
from textual.widgets import ProgressBar, Static

from tui.client.results import Progress
from tui.ui.widgets.results import CallProgress


class ProgressApp(App[None]):
    def __init__(self, started: float | None = None) -> None:
        super().__init__()
        self.started = started
        self.cancel_requests = 0

    def compose(self) -> ComposeResult:
        yield CallProgress("slow_job", started=self.started)

    @on(CallProgress.CancelRequested)
    def _cancel(self) -> None:
        self.cancel_requests += 1

    @property
    def progress(self) -> CallProgress:
        return self.query_one(CallProgress)

    def text(self, selector: str) -> str:
        return rendered_text(self.progress.query_one(selector, Static))


async def test_starts_indeterminate_with_the_cancel_hint() -> None:
    app = ProgressApp()
    async with app.run_test():
        assert not app.progress.determinate
        assert app.progress.query_one(ProgressBar).total is None
        assert app.text("#progress-title") == "Calling slow_job…"
        assert app.text("#progress-elapsed").endswith("· Esc cancels")


async def test_progress_without_a_total_stays_indeterminate() -> None:
    app = ProgressApp()
    async with app.run_test():
        app.progress.update_progress(Progress(4, None, "warming up"))
        assert not app.progress.determinate
        assert app.text("#progress-message") == "4 so far · warming up"
        app.progress.update_progress(Progress(1, 0, None))  # a zero total cannot make a bar
        assert not app.progress.determinate


async def test_a_total_turns_it_into_a_determinate_bar_with_the_message() -> None:
    app = ProgressApp()
    async with app.run_test():
        app.progress.update_progress(Progress(3, 10, "step 3"))
        bar = app.progress.query_one(ProgressBar)
        assert app.progress.determinate
        assert bar.total == 10
        assert bar.percentage == 0.3
        assert app.text("#progress-message") == "3 of 10 · step 3"
        app.progress.update_progress(Progress(12, 10, None))  # overshoot is shown as full, not past it
        assert bar.percentage == 1.0
        assert app.text("#progress-message") == "12 of 10"


async def test_elapsed_time_counts_and_freezes_when_stopped() -> None:
    app = ProgressApp(started=time.monotonic() - 65)
    async with app.run_test() as pilot:
        await pilot.pause(0.3)
        assert app.text("#progress-elapsed").startswith("Elapsed 1 min 0")  # 65 s and a little test time
        app.progress.stop()
        frozen = app.progress.elapsed
        await pilot.pause(0.3)
        assert app.progress.elapsed == frozen


async def test_escape_requests_a_cancel_once_and_says_so() -> None:
    app = ProgressApp()
    async with app.run_test() as pilot:
        app.progress.focus()
        await pilot.press("escape")
        await pilot.pause()
        assert app.cancel_requests == 1
        assert app.progress.has_class("-cancelling")
        assert app.text("#progress-elapsed").endswith("· Cancelling…")
        await pilot.press("escape")
        await pilot.pause()
        assert app.cancel_requests == 1
