"""CallProgress: indeterminate until a total arrives, then a real bar; elapsed time; Esc asks to cancel."""

from __future__ import annotations

import re
import time

from app_harness import wait_for
from test_result_support import rendered_text
from textual import on
from textual.app import App, ComposeResult
from textual.widgets import ProgressBar, Static

from tui.model.results import Progress
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


def seconds_shown(text: str) -> int:
    """The elapsed time a line like "Elapsed 1 min 05 s · Esc cancels" shows, in whole seconds."""
    found = re.match(r"Elapsed (\d+) min (\d\d) s · ", text)
    assert found is not None, text
    return int(found[1]) * 60 + int(found[2])


async def test_elapsed_time_counts_and_freezes_when_stopped() -> None:
    app = ProgressApp(started=time.monotonic() - 65)
    async with app.run_test() as pilot:
        first = app.text("#progress-elapsed")
        assert seconds_shown(first) >= 65  # started 65 s ago, however long the test has taken since
        # It counts: the ticker shows a later second once the clock has moved on (nothing else writes it).
        await wait_for(pilot, lambda: app.text("#progress-elapsed") != first)
        assert seconds_shown(app.text("#progress-elapsed")) > seconds_shown(first)
        app.progress.stop()
        frozen = app.progress.elapsed
        mark = time.monotonic()
        await wait_for(pilot, lambda: time.monotonic() > mark)  # the clock moves on, the elapsed time not
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
