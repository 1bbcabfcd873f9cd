"""Where the tabs on the right of the main screen go, mounted in stages after the first frame.

The tabs hold nothing to see before the first tools arrive, and building them costs more than the rest of
the screen and would compete with the SDK import for the one core Python has. So the first frame shows a
placeholder here; the tabs replace it once tools are listed, a server fails, a key asks for them, or after
``WORKSPACE_AT_THE_LATEST`` seconds; the call panel (the heaviest part) follows the first tools. Events
meant for the tabs that arrive before them are held and shown once they exist.

This module is imported for the first frame, so it loads nothing heavy itself: the tabs' modules load
when they are mounted.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.widgets import TabbedContent

    from tui.model.hints import Hints
    from tui.model.servers import ToolInfo
    from tui.session.events import SessionEvent
    from tui.session.session import Session
    from tui.ui.widgets.call_panel import CallPanel

PICK_A_TOOL = "Pick a tool on the left to call it."
HELD_EVENTS = 5000
WORKSPACE_AT_THE_LATEST = 3.0
"""Seconds after which the tabs on the right are mounted even while every server is still connecting."""


class WorkspaceSlot(Vertical):
    """Holds the placeholder, then the tabs (``Workspace``), then the call panel in the Call tab."""

    def __init__(self, session: Callable[[], Session], *, id: str | None = None) -> None:
        """``session`` returns the app's session (the tabs after Logs need it; it exists by then)."""
        super().__init__(id=id)
        self._session = session
        self.ready = asyncio.Event()
        """Set once the tabs are mounted."""
        self.mount_lock = asyncio.Lock()
        """Held while a stage mounts: the app closing waits for it (tests/ui/conftest.py)."""
        self.held: deque[SessionEvent] = deque(maxlen=HELD_EVENTS)
        """Events for the tabs that arrived before the tabs were mounted (the latest ones: a server
        flooding its stderr meanwhile costs no more than the log view keeps anyway)."""

    def compose(self) -> ComposeResult:
        yield Static(PICK_A_TOOL, id="workspace-placeholder")

    @property
    def _quitting(self) -> bool:
        """The app was asked to exit (its return code is set then) or Textual is shutting it down (it is
        no longer running): widgets mounted now would fail."""
        return self.app.return_code is not None or not self.app.is_running

    async def mount_workspace(self) -> bool:
        """Mount the tabs (once); True when this call mounted them, so the caller shows what they lack."""
        from textual.widgets import TabPane

        from tui.ui.widgets.feature_tabs import feature_tabs
        from tui.ui.widgets.history import CallHistory
        from tui.ui.widgets.log_view import ServerLogView
        from tui.ui.widgets.tool_detail import ToolDetail
        from tui.ui.widgets.workspace import Workspace

        async with self.mount_lock:
            placeholder = self.query("#workspace-placeholder")
            # Mounted already, or the app is closing: a mount under way while Textual removes the widgets
            # fails inside Textual (a tab's or a dropdown's own mount finds its parts gone).
            if self.ready.is_set() or not placeholder or self._quitting:
                return False
            # The first pane (Call) opens by itself. Named here, Textual's tab bar would look it up as it
            # mounts, and raise when a quit in between has already removed the tabs.
            workspace = Workspace(id="workspace")
            panes = [
                # The call panel (form, results) is the heaviest part of the screen and nothing in it
                # shows before a tool is opened: it is mounted once the first tools are listed.
                TabPane("Call", Static(PICK_A_TOOL, id="call-placeholder"), id="call"),
                TabPane("Details", ToolDetail(id="detail"), id="details"),
                TabPane("History", CallHistory(id="history-list"), id="history"),
                TabPane("Logs", ServerLogView(id="log-view"), id="logs"),
                *feature_tabs(self._session()),
            ]
            for pane in panes:  # what ``with TabbedContent():`` does in compose
                workspace.compose_add_child(pane)
            await placeholder.remove()
            if self._quitting:  # while the placeholder went, the person quit: the slot goes too
                return False
            await self.mount(workspace)
            self.ready.set()
            return True

    def show_held(self) -> None:
        """Show the events held until the tabs existed, oldest first."""
        held, self.held = self.held, deque(maxlen=HELD_EVENTS)
        for event in held:
            self.show_event(event)

    @property
    def workspace(self) -> TabbedContent:
        from textual.widgets import TabbedContent

        return self.query_one("#workspace", TabbedContent)

    @property
    def panel(self) -> CallPanel:
        from tui.ui.widgets.call_panel import CallPanel

        return self.query_one("#call-panel", CallPanel)

    @property
    def mounted_panel(self) -> CallPanel | None:
        """The call panel, or None while it is not built yet (before the first tools are listed)."""
        if not self.query("#call-panel"):
            return None  # without loading its module: the first tools are asked here before they are drawn
        return self.panel

    async def mount_call_panel(self) -> None:
        """Replace the Call tab's placeholder with the real call panel, once (the tabs first if need be)."""
        from tui.ui.widgets.call_panel import CallPanel

        async with self.mount_lock:
            if self.mounted_panel is not None or self._quitting:  # mounted, or closing
                return
            placeholder = self.query("#call-placeholder")
            if not placeholder:  # the app is closing: its widgets go first
                return
            pane = self.query_one("#call", Widget)
            await placeholder.remove()
            await pane.mount(CallPanel(self._session, id="call-panel", save_dir=None))

    def show_tool_details(self, tool: ToolInfo, hints: Hints) -> None:
        from tui.ui.widgets.tool_detail import ToolDetail

        self.query_one(ToolDetail).show_tool(tool, hints)

    def show_server(self, server: str) -> None:
        """The highlighted server: the Logs tab and the open feature tab show it."""
        from tui.ui.widgets.feature_tabs import show_server_in_panes
        from tui.ui.widgets.log_view import ServerLogView

        self.query_one(ServerLogView).show(server)
        show_server_in_panes(self, server)

    def open_tab(self, tab: str, mount_workspace: Callable[[], Awaitable[None]]) -> None:
        """Open ``tab`` (a key, the palette); pressed in the instant before the tabs exist, once they do."""
        if self.ready.is_set():
            self.show_tab(tab)
        else:
            self.call_later(self._open_tab_when_ready, tab, mount_workspace)

    async def _open_tab_when_ready(self, tab: str, mount_workspace: Callable[[], Awaitable[None]]) -> None:
        await mount_workspace()
        if self.ready.is_set():  # not when the app is closing
            self.show_tab(tab)

    def show_tab(self, tab: str) -> None:
        """Open ``tab`` with the focus in its list or table."""
        from tui.ui.widgets.history import CallHistory
        from tui.ui.widgets.log_view import ServerLogView
        from tui.ui.widgets.workspace import Workspace

        workspace = self.query_one(Workspace)
        workspace.active = tab
        # Wherever the focus was (the filter, another tab's list): the opened tab's list or table has it,
        # so the arrows and Enter work at once.
        workspace.focus_pane(tab)
        if tab in ("resources", "prompts"):
            from tui.ui.widgets.feature_pane import FeaturePane

            for view in self.query_one(f"#{tab}", Widget).query(FeaturePane):
                view.highlight_first_row()
        elif tab == "logs":
            # The server the person is working with: the open tool's, else the last call's.
            panel = self.mounted_panel
            tool_server = panel.tool.server if panel is not None and panel.tool is not None else None
            server = tool_server or self.query_one(CallHistory).last_server
            log_view = self.query_one(ServerLogView)
            log_view.show(server if server is not None else log_view.shown_server)

    def show_event(self, event: SessionEvent) -> None:
        """The part of an event the tabs show (logs, traffic, resources, prompts); held until they exist."""
        from tui.model.events import ServerLog, StderrLine
        from tui.session.events import RequestsDeclined, TelemetryUndelivered
        from tui.ui.widgets.feature_tabs import route_to_panes
        from tui.ui.widgets.log_view import ServerLogView

        if not self.ready.is_set():
            self.held.append(event)
            return
        if isinstance(event, StderrLine):
            self.query_one(ServerLogView).add_stderr(event.server, event.line)
        elif isinstance(event, ServerLog):
            self.query_one(ServerLogView).add_log(event.server, event.level, event.text)
        elif isinstance(event, RequestsDeclined):  # mcp-tui's own line, among the server's
            self.query_one(ServerLogView).add_log(event.server, "warning", f"mcp-tui: {event.reason}")
        elif isinstance(event, TelemetryUndelivered):  # shown with the logs in view, mcp-tui's own
            view = self.query_one(ServerLogView)
            view.add_log(view.shown_server or "mcp-tui", "warning", f"mcp-tui: {event.line}")
        route_to_panes(self.screen, event)
