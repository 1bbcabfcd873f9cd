"""A running call: an indeterminate bar until the server reports a total, then a real one; elapsed time."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import ProgressBar, Static

from tui.model.formatting import human_duration
from tui.model.results import Progress
from tui.ui.safe_text import literal

CANCEL_HINT = "Esc cancels"


def _number(value: float) -> str:
    return f"{value:g}"


class CallProgress(Vertical):
    """Shown while a call runs. ``update_progress`` takes each progress notification as it arrives.

    Esc while this widget (or a child) has focus posts ``CancelRequested``; the screen running the
    call may bind Esc itself instead and call ``mark_cancelling`` when it cancels.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel the call", id="call.cancel")]
    can_focus = True

    DEFAULT_CSS = """
    CallProgress { height: auto; padding: 1 1; }
    CallProgress:focus { background-tint: $foreground 5%; }
    CallProgress #progress-title { text-style: bold; }
    CallProgress ProgressBar { margin-top: 1; }
    CallProgress #progress-message { height: auto; }
    CallProgress #progress-elapsed { color: $text-muted; }
    CallProgress.-cancelling #progress-elapsed { color: $text-warning; }
    """

    class CancelRequested(Message):
        """The person asked to cancel the running call."""

    def __init__(self, title: str, *, started: float | None = None, id: str | None = None) -> None:
        """``title`` names the call (server text is fine); ``started`` is a time.monotonic() value."""
        super().__init__(id=id)
        self.title = title
        self.started = time.monotonic() if started is None else started
        self.last_progress: Progress | None = None
        self.cancelling = False
        self._timer: Timer | None = None
        self._stopped_at: float | None = None

    def compose(self) -> ComposeResult:
        yield Static(literal(f"Calling {self.title}…"), id="progress-title")
        yield ProgressBar(total=None, show_eta=False, id="progress-bar")
        yield Static("", id="progress-message")
        yield Static(self._elapsed_text(), id="progress-elapsed")

    def on_mount(self) -> None:
        self._timer = self.set_interval(0.25, self._tick)

    @property
    def elapsed(self) -> float:
        end = self._stopped_at if self._stopped_at is not None else time.monotonic()
        return end - self.started

    @property
    def determinate(self) -> bool:
        """True once the server has reported a usable total."""
        return self.query_one(ProgressBar).total is not None

    def _elapsed_text(self) -> str:
        hint = "Cancelling…" if self.cancelling else CANCEL_HINT
        elapsed = self.elapsed
        # Tenths are enough while counting; human_duration's hundredths would flicker.
        shown = f"{elapsed:.1f} s" if elapsed < 60 else human_duration(elapsed)
        return f"Elapsed {shown} · {hint}"

    def _tick(self) -> None:
        self.query_one("#progress-elapsed", Static).update(self._elapsed_text())

    def update_progress(self, progress: Progress) -> None:
        """Show one progress notification; a total of None or <= 0 keeps the bar indeterminate."""
        self.last_progress = progress
        bar = self.query_one(ProgressBar)
        parts: list[str] = []
        if progress.total is not None and progress.total > 0:
            bar.update(total=progress.total, progress=min(progress.progress, progress.total))
            parts.append(f"{_number(progress.progress)} of {_number(progress.total)}")
        else:
            parts.append(f"{_number(progress.progress)} so far")
        if progress.message:
            parts.append(progress.message)
        self.query_one("#progress-message", Static).update(literal(" · ".join(parts)))

    def mark_cancelling(self) -> None:
        """Say that a cancel was sent and the call is winding down."""
        self.cancelling = True
        self.add_class("-cancelling")
        self._tick()

    def stop(self) -> None:
        """Freeze the elapsed time (the call ended)."""
        if self._stopped_at is None:
            self._stopped_at = time.monotonic()
        if self._timer is not None:
            self._timer.stop()
        self._tick()

    def action_cancel(self) -> None:
        if not self.cancelling:
            self.mark_cancelling()
            self.post_message(self.CancelRequested())
