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

from tui.model.display_templates import CallPreview
from tui.model.results import CallOutcome, CallStatus
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.ui.safe_text import literal, one_line
from tui.ui.widgets.badges import GRADE_WIDTH, compact_chip, grade_chip

if TYPE_CHECKING:
    from tui.session.call_flow import CallRecord


@dataclass(frozen=True)
class HistoryEntry:
    """One call of this session. ``outcome`` is None while the call runs."""

    id: int
    decided_at: datetime
    """When the call was decided, the moment the audit log's ``time`` holds (the person's answer when
    asked, else the policy's decision); shown in local time. A row is only added once the call has ended,
    so the placeholder a running entry starts with is never shown."""
    server: str
    tool: str
    arguments: Mapping[str, Any]
    outcome: CallOutcome | None = None
    grade: Grade | None = None
    """The call's grade: the one it was decided with, or while it runs the one shown when it started."""
    declined: bool = False
    """The person cancelled it in the confirmation dialog: nothing was sent."""
    preview: CallPreview | None = None
    """The server's wording of the call (Display Templates), once the flow has evaluated it."""

    def finished(self, record: CallRecord) -> HistoryEntry:
        """This entry with the outcome, grade and the person's answer of a call that went through the flow."""
        return replace(
            self,
            decided_at=record.decided_at,
            outcome=record.outcome,
            grade=record.assessment.grade.grade,
            declined=record.choice is ConfirmChoice.CANCEL,
            preview=record.evaluation.preview,
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


def duration_text(outcome: CallOutcome | None) -> str:
    """How long the call took; "not sent" for one cancelled in the dialog or denied (its 0 ms read as a
    call that went out)."""
    if outcome is None:
        return ""
    return NOT_SENT if outcome.status is CallStatus.DENIED else format_duration(outcome.duration_s)


NOT_SENT = "not sent"


def format_duration(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"


@dataclass(frozen=True, slots=True)
class HistoryLayout:
    """Which columns a row shows before the call's server/tool, which always comes last and whole."""

    time: bool = True
    full_chip: bool = True
    """The grade as the full chip (``critical``), else in four letters (``crit``)."""
    duration: bool = True

    @property
    def cells(self) -> int:
        """Cells the row takes before the server/tool: each column and the space after it."""
        chip = GRADE_WIDTH if self.full_chip else 4
        return (9 if self.time else 0) + chip + 1 + STATUS_CELLS + 1 + (9 if self.duration else 0)


STATUS_CELLS = 10
"""The widest status word ("tool error")."""
SERVER_LIMIT, TOOL_LIMIT = 30, 80
LAYOUTS = (
    HistoryLayout(),
    HistoryLayout(full_chip=False),
    HistoryLayout(time=False, full_chip=False),
    HistoryLayout(time=False, full_chip=False, duration=False),
)
"""From richest to barest: the grade shrinks first, then the time goes, then the duration."""


def call_name(entry: HistoryEntry) -> str:
    return f"{one_line(entry.server, SERVER_LIMIT)}/{one_line(entry.tool, TOOL_LIMIT)}"


def choose_history_layout(width: int, entries: list[HistoryEntry]) -> HistoryLayout:
    """The richest layout that leaves every call's server/tool whole within ``width`` cells."""
    longest = max((len(call_name(entry)) for entry in entries), default=0)
    return next((layout for layout in LAYOUTS if layout.cells + longest <= width), LAYOUTS[-1])


def history_row(entry: HistoryEntry, layout: HistoryLayout = HistoryLayout()) -> Content:
    """Time decided (local), grade, status, duration and server/tool in fixed columns, as ``layout`` says."""
    parts: list[Content] = []
    if layout.time:
        parts.append(Content.styled(entry.decided_at.astimezone().strftime("%H:%M:%S"), "dim"))
    if entry.grade is None:
        parts.append(Content(" " * (GRADE_WIDTH if layout.full_chip else 4)))
    else:
        parts.append(grade_chip(entry.grade) if layout.full_chip else compact_chip(entry.grade))
    status = status_text(entry.outcome, entry.declined)
    parts.append(status.pad_right(max(0, STATUS_CELLS - status.cell_length)))
    if layout.duration:
        duration = duration_text(entry.outcome)
        parts.append(Content(duration.rjust(8)))
    server = literal(one_line(entry.server, SERVER_LIMIT), "dim italic") + Content("/")
    row = Content(" ").join([*parts, server]) + literal(one_line(entry.tool, TOOL_LIMIT), "bold")
    return row if entry.preview is None else row + preview_after_row(entry.preview)


PREVIEW_LIMIT = 60
"""Characters of the server's wording in a row: the row is one line, cut at the panel's edge."""


def preview_after_row(preview: CallPreview) -> Content:
    """The server's wording after a row's server/tool, what it leaves out first: cut at the edge, the
    marker must not be what is lost."""
    parts = [Content("  ")]
    if preview.unreferenced:
        parts.append(literal(one_line(preview.short_omission, 80) + " ", "$text-warning"))
    parts.append(literal(f'"{one_line(preview.text, PREVIEW_LIMIT)}"', "italic"))
    return Content.assemble(*parts)


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
        self._layout = HistoryLayout()

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
                self.replace_option_prompt_at_index(index, history_row(entry, self._layout))
                return
        self._entries.insert(0, entry)
        highlighted = self.highlighted
        if not self._relayout():  # else every row was built again, the new one included
            rows = [Option(history_row(entry, self._layout)), *self.options]  # set_options clears them
            self.set_options(rows)
        self.highlighted = 0 if highlighted is None else highlighted + 1

    def on_resize(self) -> None:
        self._relayout()

    def _relayout(self) -> bool:
        """Fit the columns to the width and the longest server/tool; True when the rows were rebuilt."""
        width = self.scrollable_content_region.width or 10_000  # not laid out yet: as wide as it gets
        layout = choose_history_layout(width, self._entries)
        if layout == self._layout:
            return False
        self._layout = layout
        highlighted = self.highlighted
        self.set_options([Option(history_row(entry, layout)) for entry in self._entries])
        self.highlighted = highlighted
        return True

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is self and event.option_index < len(self._entries):
            event.stop()
            self.post_message(self.Reopen(self._entries[event.option_index]))
