"""The live preflight of the Call tab: the open form's edits go to the session, its answers to the panel.

The session makes the preflight once it has started; until then edits are not preflighted (the first one
after it starts is).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.session.live_preflight import LivePreflight
    from tui.session.preflight import PreflightResult
    from tui.session.session import Session
    from tui.ui.widgets.form.argument_form import ArgumentForm
    from tui.ui.widgets.workspace_slot import WorkspaceSlot


class CallPreflight:
    def __init__(
        self, slot: WorkspaceSlot, session: Callable[[], Session], after_result: Callable[[], None]
    ) -> None:
        """``after_result`` runs after each result is shown (the screen flags servers then)."""
        self._slot = slot
        self._session = session
        self._after_result = after_result
        self.live: LivePreflight | None = None
        """Created once the session has started; one preflight for the open tool's arguments."""

    def start(self) -> None:
        """The session has started: edits are preflighted from now on."""
        self.live = self._session().live_preflight(
            on_result=self.show, on_pending=lambda tool, arguments: self._show_pending()
        )

    def close(self) -> None:
        if self.live is not None:
            self.live.close()

    def restart(self) -> None:
        """A fresh form opens: its first edit is preflighted even when it repeats the last arguments."""
        if self.live is not None:
            self.live.restart()

    def retry(self) -> None:
        if self.live is not None:
            self.live.retry()

    def edited(self, event: ArgumentForm.Changed) -> None:
        # Only the open tool's own form: a prompt's or a resource template's form posts the same message,
        # and so may the form being replaced, or any form before the call panel is built.
        panel = self._slot.mounted_panel
        if panel is None or panel.tool is None or event.form is not panel.form:
            return
        if self.live is None:
            return  # the session is still starting; the first edit after it starts preflights
        if event.arguments is None:
            self.live.hold(panel.tool, event.errors)
        else:
            self.live.update(panel.tool, event.arguments)

    def show(self, result: PreflightResult) -> None:
        panel = self._slot.mounted_panel
        if panel is None or panel.tool is None or result.tool.key != panel.tool.key:
            return
        assessment = self._session().assess(panel.tool, result)
        # The status line says what changed after your own override too, as the dialog does.
        panel.status_bar.show_result(replace(result, changes=assessment.changes))
        panel.show_hints(assessment.hints, assessment.grade.grade)
        self._after_result()

    def _show_pending(self) -> None:
        self._slot.panel.status_bar.set_pending()

    def reassess(self) -> None:
        """A saved preference, rule, trust or override: the open call's badges follow at once."""
        panel = self._slot.mounted_panel
        result = panel.status_bar.result if panel is not None else None
        if result is not None:
            self.show(result)
        elif panel is not None and panel.tool is not None:
            assessment = self._session().assess(panel.tool)
            panel.show_hints(assessment.hints, assessment.grade.grade)
