"""What the main screen's helper modules (event routing, tool opening, server keys) use of it.

They are handed the screen; typed by this base class instead of ``MainScreen`` so that they do not import
the module that imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from tui.model.hints import Hints
    from tui.model.servers import ToolInfo
    from tui.session.session import Session
    from tui.ui.screens.replay import Replay
    from tui.ui.widgets.call_panel import CallPanel
    from tui.ui.widgets.workspace_slot import WorkspaceSlot


class MainView(Screen[None]):
    slot: WorkspaceSlot
    session_started: bool
    """Set once the session has started its servers (the server keys need it)."""
    replay: Replay | None
    """The saved call open in the Call tab, whose expectations its next call is judged by."""

    @property
    def session(self) -> Session:
        raise NotImplementedError

    @property
    def mounted_panel(self) -> CallPanel | None:
        raise NotImplementedError

    def static_hints(self, tool: ToolInfo) -> Hints:
        raise NotImplementedError

    async def mount_workspace(self) -> None:
        raise NotImplementedError

    async def mount_call_panel(self) -> None:
        raise NotImplementedError

    def flag_nondeterministic(self) -> None:
        raise NotImplementedError
