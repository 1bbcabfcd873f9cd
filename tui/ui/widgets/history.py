"""The session's calls, newest first; choosing one posts :class:`CallHistory.Reopen` with its entry.

Statuses use the audit log's words: a call the person cancelled in the confirmation dialog is
"cancelled" (nothing was sent), one that policy refused is "denied".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from textual import on
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.client.results import CallOutcome, CallStatus
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.ui.safe_text import literal, one_line
from tui.ui.widgets.badges import grade_chip

if TYPE_CHECKING:
    from tui.client.call_flow import CallRecord


@dataclass(frozen=True)
class HistoryEntry:
    """One call of this session. ``outcome`` is None while the call runs."""

    id: int
    started_at: datetime
    server: str
    tool: str
    arguments: Mapping[str, Any]
    outcome: CallOutcome | None = None
    grade: Grade | None = None
    """The call's grade: the one it was decided with, or while it runs the one shown when it started."""
    declined: bool = False
    """The person cancelled it in the confirmation dialog: nothing was sent."""

    def finished(self, record: CallRecord) -> HistoryEntry:
        """This entry with the outcome, grade and the person's answer of a call that went through the flow."""
        return replace(
            self,
            outcome=record.outcome,
            grade=record.assessment.grade.grade,
            declined=record.choice is ConfirmChoice.CANCEL,
        )


STATUS_LOOK: Mapping[CallStatus, tuple[str, str]] = {
    CallStatus.OK: ("ok", "#4caf50"),
    CallStatus.ERROR: ("error", "bold #ef5350"),
    CallStatus.TIMEOUT: ("timed out", "#fb8c00"),
    CallStatus.CANCELLED: ("cancelled", "#808080"),
    CallStatus.DENIED: ("denied", "#808080"),
}


def status_text(outcome: CallOutcome | None, declined: bool = False) -> Content:
    if outcome is None:
        return Content.styled("running…", "#fdd835")
    if outcome.status is CallStatus.DENIED and declined:
        return Content.styled(*STATUS_LOOK[CallStatus.CANCELLED])  # as the audit log says it
    if outcome.status is CallStatus.OK and outcome.is_error:
        return Content.styled("tool error", "bold #ef5350")  # the tool ran and reported a failure
    word, style = STATUS_LOOK[outcome.status]
    return Content.styled(word, style)


def format_duration(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


def history_row(entry: HistoryEntry) -> Content:
    """Time, grade, server/tool, status and duration in fixed columns."""
    chip = grade_chip(entry.grade) if entry.grade is not None else Content(" " * 10)
    status = status_text(entry.outcome, entry.declined)
    duration = format_duration(entry.outcome.duration_s) if entry.outcome is not None else ""
    return Content(" ").join(
        [
            Content.styled(entry.started_at.strftime("%H:%M:%S"), "dim"),
            chip,
            status.pad_right(max(0, 10 - status.cell_length)),
            Content(duration.rjust(8)),
            literal(one_line(entry.server, 30), "dim italic") + Content("/"),
        ]
    ) + literal(one_line(entry.tool, 80), "bold")


class CallHistory(OptionList):
    """The session's calls; :meth:`record` adds or updates one (same id) as it runs and finishes."""

    DEFAULT_CSS = """
    CallHistory { height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class Reopen(Message):
        """The person asked to look at this call again (its arguments and result)."""

        def __init__(self, entry: HistoryEntry) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: list[HistoryEntry] = []  # newest first, like the rows

    @property
    def entries(self) -> list[HistoryEntry]:
        """Newest first."""
        return list(self._entries)

    @property
    def last_server(self) -> str | None:
        """The server of the most recent call, if any."""
        return self._entries[0].server if self._entries else None

    def record(self, entry: HistoryEntry) -> None:
        """Add ``entry``, or replace the one with the same id (a call that has now finished)."""
        for index, known in enumerate(self._entries):
            if known.id == entry.id:
                self._entries[index] = entry
                self.replace_option_prompt_at_index(index, history_row(entry))
                return
        self._entries.insert(0, entry)
        highlighted = self.highlighted
        rows = [Option(history_row(entry)), *self.options]  # copied first: set_options clears the list
        self.set_options(rows)
        self.highlighted = 0 if highlighted is None else highlighted + 1

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is self and event.option_index < len(self._entries):
            event.stop()
            self.post_message(self.Reopen(self._entries[event.option_index]))
