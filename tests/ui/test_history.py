"""CallHistory: rows with time/server/tool/grade/status/duration; updates in place; Reopen."""

from __future__ import annotations

from datetime import datetime

from textual.app import App, ComposeResult

from tui.model.results import CallOutcome, CallStatus, TextBlock
from tui.safety.grade import Grade
from tui.ui.widgets.history import CallHistory, HistoryEntry, history_row

START = datetime(2025, 1, 2, 13, 4, 5)


def entry(n: int, outcome: CallOutcome | None = None, **changes: object) -> HistoryEntry:
    base = HistoryEntry(
        id=n,
        decided_at=START,
        server="files",
        tool=f"tool_{n}",
        arguments={"n": n},
        outcome=outcome,
        grade=Grade.HIGH,
    )
    return HistoryEntry(**{**base.__dict__, **changes})


def test_row_columns() -> None:
    done = CallOutcome(CallStatus.OK, (TextBlock("hi"),), duration_s=0.0421)
    row = history_row(entry(1, done)).plain
    for part in ("13:04:05", "high", "ok", "42 ms", "files/tool_1"):
        assert part in row
    assert "running…" in history_row(entry(2)).plain
    assert "tool error" in history_row(entry(3, CallOutcome(CallStatus.OK, is_error=True))).plain
    assert "timed out" in history_row(entry(4, CallOutcome(CallStatus.TIMEOUT, duration_s=30))).plain
    assert "30.0 s" in history_row(entry(4, CallOutcome(CallStatus.TIMEOUT, duration_s=30))).plain
    assert "denied" in history_row(entry(5, CallOutcome(CallStatus.DENIED), grade=None)).plain


class HistoryApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.reopened: list[HistoryEntry] = []

    def compose(self) -> ComposeResult:
        yield CallHistory()

    def on_call_history_reopen(self, event: CallHistory.Reopen) -> None:
        self.reopened.append(event.entry)


async def test_record_updates_in_place_and_enter_reopens() -> None:
    app = HistoryApp()
    async with app.run_test(size=(100, 10)) as pilot:
        history = app.query_one(CallHistory)
        history.record(entry(1))
        history.record(entry(2))
        finished = entry(1, CallOutcome(CallStatus.OK, duration_s=1.5))
        history.record(finished)
        await pilot.pause()
        assert [e.id for e in history.entries] == [2, 1]
        assert history.option_count == 2
        assert "1.5 s" in history.get_option_at_index(1).prompt.plain  # type: ignore[union-attr]
        assert history.highlighted == 1  # the cursor stayed on the call it was on
        history.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.reopened == [finished]


async def test_tool_names_with_markup_stay_literal() -> None:
    app = HistoryApp()
    async with app.run_test(size=(100, 10)) as pilot:
        history = app.query_one(CallHistory)
        history.record(entry(1, tool="[@click=app.quit]x[/]", server="[b]s\x1b[2J"))
        await pilot.pause()
        line = "".join(segment.text for segment in history.render_line(0))
        assert "[b]s\\x1b[2J/[@click=app.quit]x[/]" in line
        column = line.index("[@click") + 3
        await pilot.click(CallHistory, offset=(column, 1))
        await pilot.pause()
        assert app.is_running
        assert len(app.reopened) == 1


def test_declined_in_the_dialog_reads_cancelled_and_refused_by_policy_reads_denied() -> None:
    not_sent = CallOutcome(CallStatus.DENIED, error="You cancelled the call; nothing was sent.")
    declined = history_row(entry(6, not_sent, declined=True)).plain
    assert "cancelled" in declined
    assert "denied" not in declined
    assert "denied" in history_row(entry(7, CallOutcome(CallStatus.DENIED, error="a deny rule"))).plain
