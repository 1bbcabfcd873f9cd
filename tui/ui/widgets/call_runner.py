"""Running the open tool's call from the Call tab: the checks before, the call itself, cancel, and after.

Kept beside the call panel rather than in the main screen: the screen owns the keys (ctrl+r, Esc, s) and
hands them here. The session decides, asks and sends; this shows it happening and records it in History.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.widget import Widget
from textual.worker import Worker

from tui.model.servers import ToolInfo
from tui.session.catalogue import ToolNotConfirmed
from tui.ui.safe_text import clean

if TYPE_CHECKING:
    from tui.session.call_flow import CallRecord
    from tui.session.session import Session
    from tui.ui.widgets.call_panel import CallPanel
    from tui.ui.widgets.results.saveable import SaveableBlock
    from tui.ui.widgets.workspace_slot import WorkspaceSlot


def _inside(widget: Widget | None, container: Widget | None) -> bool:
    return widget is not None and container is not None and container in widget.ancestors_with_self


def _takes_typing(widget: Widget | None) -> bool:
    """A text box, where a letter key types the letter instead of acting."""
    from textual.widgets import Input, TextArea  # loaded by now: the call panel's form uses both

    return isinstance(widget, Input) or (isinstance(widget, TextArea) and not widget.read_only)


class CallRunner:
    """One call at a time for the screen's call panel; ``running`` is its worker while it runs."""

    def __init__(
        self,
        screen: Screen[None],
        slot: WorkspaceSlot,
        session: Callable[[], Session],
        after_call: Callable[[], None],
    ) -> None:
        """``after_call`` runs once each call ends, however it ends (the screen flags servers then)."""
        self._screen = screen
        self._slot = slot
        self._session = session
        self._after_call = after_call
        self.running: Worker[None] | None = None
        self.answered: list[Callable[[CallRecord], None]] = []
        """Told of each call that went through the call path at once, before anything is awaited: a next
        call (ctrl+r again) cancels this worker while it still shows the result (recording)."""
        self.finished: list[Callable[[CallRecord], Awaitable[None]]] = []
        """Told of each call that went through the call path once its result is shown (replay verdicts)."""
        self.history_count = 0
        self._focus_before_call: Widget | None = None
        self._tab_at_start: str | None = None

    def start(self) -> None:
        """Call the open tool with the form's arguments, or say why not."""
        screen = self._screen
        panel = self._slot.mounted_panel  # not built until the first tools are listed
        if panel is None or panel.tool is None or panel.form is None:
            screen.notify("Open a tool first: pick one in the list and press Enter.")
            return
        if self.running is not None:
            screen.notify("A call is already running; Esc cancels it.")
            return
        tool = panel.tool
        if not self._session().catalogue.confirmed(tool):
            screen.notify(
                clean(f"{tool.name} is from the last run's list; wait until {tool.server} lists it."),
                severity="warning",
                markup=False,
            )
            return
        # Where the person was typing; they return there when the call ends.
        self._focus_before_call = screen.app.focused
        self._tab_at_start = self._slot.workspace.active
        arguments, errors = panel.current_arguments()
        if arguments is None or errors:
            panel.form.reveal_errors()
            screen.notify("Fix the arguments first: nothing was sent.", severity="warning")
            return
        self.running = screen.run_worker(
            self._run(tool, arguments), name="run_call", group="call", exclusive=True, exit_on_error=False
        )

    def cancel(self) -> None:
        if self.running is None:
            return
        self._slot.panel.mark_cancelling()
        self._screen.workers.cancel_group(self._screen, "call")

    async def _run(self, tool: ToolInfo, arguments: dict[str, object]) -> None:
        from tui.session.call_flow import cancelled_while_running
        from tui.ui.widgets.history import CallHistory, HistoryEntry

        screen = self._screen
        panel = self._slot.panel
        history = self._slot.query_one(CallHistory)
        title = f"{tool.display_title} on {tool.server}"
        self.history_count += 1
        entry = HistoryEntry(
            self.history_count,
            datetime.now(UTC),  # replaced by the moment the call is decided (the audit log's time)
            tool.server,
            tool.name,
            dict(arguments),
            grade=panel.badges.grade,
        )
        sent_at: float | None = None

        async def on_send() -> None:
            # The clock starts when tools/call goes out, not while the confirmation dialog is open.
            nonlocal sent_at, entry
            sent_at = time.monotonic()
            # Decided a moment ago (this runs right after the decision): what a call cancelled while it
            # runs shows, as its record never comes back here.
            entry = replace(entry, decided_at=datetime.now(UTC))
            await panel.show_running(title)

        try:
            record = await self._session().call(tool, dict(arguments), panel.update_progress, on_send)
        except ToolNotConfirmed as refused:  # re-listed differently since it was opened: nothing was sent
            screen.notify(clean(str(refused)), severity="warning", timeout=10, markup=False)
            return
        except asyncio.CancelledError:
            # The same outcome the session wrote to the audit log; its record never comes back here.
            cancelled = cancelled_while_running(time.monotonic() - sent_at if sent_at is not None else 0.0)
            history.record(replace(entry, outcome=cancelled))
            await panel.show_outcome(cancelled, title)
            raise
        finally:
            self.running = None
            # The pre-call preflight resolves again, which is where a changing answer shows up.
            self._after_call()
        history.record(entry.finished(record))
        for hear in self.answered:
            hear(record)
        await panel.show_outcome(record.outcome, title)
        for listener in self.finished:
            await listener(record)
        for note in record.notes:
            screen.notify(note, severity="warning", timeout=10, markup=False)
        self._give_focus_back(panel)
        screen.refresh_bindings()

    def _give_focus_back(self, panel: CallPanel) -> None:
        """Where the person was before the call, or the result's save button; not when they opened another
        tab meanwhile (F2 as the call ends): the focus they put in History stays there."""
        if self._slot.workspace.active != self._tab_at_start:
            return
        focus = self._focus_before_call
        saveable = panel.saveable_result
        if saveable is not None and not _inside(focus, panel.form):
            # Not typing arguments: the result's "Save to file… (s)" takes the focus, so s saves it.
            saveable.focus_save_button()
        elif focus is not None and focus.is_attached:
            # Now, not after a refresh as ``focus()`` would: a key pressed meanwhile is not undone.
            self._screen.set_focus(focus)

    def result_to_save(self) -> SaveableBlock | None:
        """What ``s`` saves: the Call tab's result block with bytes, unless a text box has the focus."""
        panel = self._slot.mounted_panel  # None before the first tools: nothing loaded, nothing to save
        if panel is None or not self._slot.ready.is_set() or self._slot.workspace.active != "call":
            return None
        if _takes_typing(self._screen.focused):
            return None
        return panel.saveable_result
