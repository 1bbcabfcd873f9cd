"""The main screen: servers and tools on the left; Call, Details, History and Logs on the right.

A view of the session: it routes the session's events to the lists and the tabs, opens tools in the Call
tab, and holds the keys. The work behind them lives beside what it works on: the staged mounting of the
tabs in ``WorkspaceSlot``, the evaluation of the arguments in the ``CallPanel`` (which the session feeds
through its events), running a call in ``CallRunner``, the server keys in ``server_actions``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.widgets import Header

from tui.model.servers import ConnectionStatus, ServerState, ToolInfo
from tui.session.catalogue import CachedCatalogue
from tui.session.startup import Startup
from tui.ui.messages import SessionStarted
from tui.ui.screens import collection_actions, server_actions, tool_opening
from tui.ui.screens.main_view import MainView
from tui.ui.widgets.call_runner import CallRunner
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.more_below import ZOOM_KEY
from tui.ui.widgets.server_list import SIGN_IN_KEY, ServerList
from tui.ui.widgets.startup_notice import StartupNotice
from tui.ui.widgets.too_small import TooSmall, too_small
from tui.ui.widgets.tool_list import ToolList, offers_sort
from tui.ui.widgets.workspace_slot import WORKSPACE_AT_THE_LATEST, WorkspaceSlot

# Everything else loads after the first frame: the screen paints the server and tool lists first; the
# app then creates the session (``show_session``) and the tabs on the right follow (``mount_workspace``).
if TYPE_CHECKING:
    from textual.widgets import TabbedContent
    from textual.worker import Worker

    from tui.model.hints import Hints
    from tui.session.events import SessionEvent
    from tui.session.session import Session
    from tui.ui.widgets.call_panel import CallPanel
    from tui.ui.widgets.collections_view import CollectionsView
    from tui.ui.widgets.history import CallHistory


NARROW_BELOW = 120
SHORT_BELOW = 32
SIDEBAR_LEAST = 32
"""Cells of a narrow sidebar at least: the count line ("13 tools · by server (ctrl+t)") stays on one line."""

NONDETERMINISTIC = "resolved the same arguments differently: its per-call hints are not reliable"


class MainScreen(MainView):
    # The footer shows what is done here and where to go; at 120 columns it holds all of them with F4 and
    # F5, whatever the focused widget adds, and ctrl+q is pinned on its right (tests/ui/test_footer_fits.py).
    # Keys named elsewhere stay off it: the tool list's line names ctrl+t, the result's button names s, and
    # the command palette names ctrl+e and F7-F10 (the tab bar shows Resources, Prompts, Traffic, Server).
    BINDINGS = [
        Binding("ctrl+r", "call", "Call", id="call-tool", priority=True),
        Binding("escape", "cancel_call", "Cancel call", id="cancel-call", show=False),
        # While a call runs, ctrl+c cancels it too (people press it by habit; it did nothing and said
        # nothing). Otherwise the key goes on to copy a selection, or to say how to quit.
        Binding("ctrl+c", "interrupt_call", "Cancel call", id="interrupt-call", show=False, priority=True),
        # The shown result's first image, audio or long text, wherever the focus is but in a text box
        # (which keeps its s); a focused result block's own s saves that block.
        Binding("s", "save_result", "Save result", id="save-result", show=False),
        # priority: Input binds ctrl+e (end of line) and TextArea ctrl+y (redo); these keys work anywhere.
        Binding(
            "ctrl+y", "retry_preflight", "Retry resolve", id="retry-preflight", show=False, priority=True
        ),
        Binding("ctrl+e", "reconnect", "Reconnect", id="reconnect-server", priority=True, show=False),
        # Not in the footer: most servers have nothing to sign in to, and a row that needs sign-in names
        # the key itself ("needs sign-in: press ctrl+g to sign in").
        Binding(SIGN_IN_KEY, "sign_in", "Sign in", id="sign-in-server", priority=True, show=False),
        # Two bindings, one enabled: the order ctrl+t switches to (see check_action).
        Binding("ctrl+t", "sort_tools('risk')", "Sort by risk", id="toggle-sort", show=False),
        Binding("ctrl+t", "sort_tools('server')", "Sort by server", id="toggle-sort", show=False),
        Binding("ctrl+f", "focus_filter", "Filter", id="focus-filter", priority=True),
        # Named by the "more below" lines of the form and the result; Esc or ctrl+o again gives it back.
        Binding(ZOOM_KEY, "zoom", "Zoom", id="zoom-pane", show=False, priority=True),
        # priority: the function keys work whatever has the focus; TextArea binds F6 (select line) and
        # F7 (select all), which would otherwise swallow them while the JSON box or a text field has it.
        Binding("f2", "show_tab('history')", "History", id="tab-history", priority=True),
        Binding("f3", "show_tab('logs')", "Logs", id="tab-logs", priority=True),
        Binding("f6", "toggle_problems", "All problems", id="toggle-problems", show=False, priority=True),
        Binding("f7", "show_tab('resources')", "Resources", id="tab-resources", priority=True, show=False),
        Binding("f8", "show_tab('prompts')", "Prompts", id="tab-prompts", priority=True, show=False),
        Binding("f9", "show_tab('traffic')", "Traffic", id="tab-traffic", priority=True, show=False),
        Binding("f10", "show_tab('server-info')", "Server", id="tab-server-info", priority=True, show=False),
        Binding(
            "f11", "show_tab('collections')", "Collections", id="tab-collections", priority=True, show=False
        ),
        # Saved calls (collection_actions): ctrl+s saves; F12 records, and while on the footer says so.
        # (ctrl+o is the zoom of the form or result, above.)
        Binding("ctrl+s", "save_call", "Save call", id="save-call", priority=True, show=False),
        Binding("f12", "start_recording", "Record", id="toggle-recording", priority=True, show=False),
        Binding("f12", "stop_recording", "● Recording: stop", id="toggle-recording", priority=True),
    ]
    # Typing filters at once; Down moves into the list. Focused as the screen mounts, so the first frame
    # already shows it (a focus() in on_mount lands after that frame and repaints the whole screen).
    AUTO_FOCUS = "#tool-filter"

    def __init__(self, startup: Startup, catalogue: CachedCatalogue, session: Callable[[], Session]) -> None:
        """``session`` returns the app's session, creating it on first use (see ``show_session``)."""
        super().__init__()
        self.startup = startup
        self.catalogue = catalogue
        self._session = session
        self.slot = WorkspaceSlot(session, id="workspace-slot")
        """The tabs on the right, mounted after the first frame (see ``mount_workspace`` for when)."""
        self.calls = CallRunner(self, self.slot, session, self.flag_nondeterministic)
        self.calls.answered.append(lambda record: collection_actions.record_call(self, record))
        self.calls.finished.append(lambda record: collection_actions.show_verdicts(self, record))
        self.replay = None
        self.session_started = False
        self._composed = False
        """Set once the screen's widgets exist: it is on the stack (and its keys work) before that."""
        self._resumed = False
        """Set once the screen has become active for the first time (see ``on_screen_resume``)."""

    @property
    def session(self) -> Session:
        return self._session()

    @property
    def running_call(self) -> Worker[None] | None:
        """The call running from the Call tab (scripts/make_screenshots.py waits for it to end)."""
        return self.calls.running

    @property
    def workspace_ready(self) -> asyncio.Event:
        """Set once the tabs on the right are mounted."""
        return self.slot.ready

    def static_hints(self, tool: ToolInfo) -> Hints:
        """The tool's badges before any arguments: its static hints with your override."""
        return self.session.assess(tool).hints

    def compose(self) -> ComposeResult:
        # Before the widgets are styled: set on the first resize instead, the classes restyled them all.
        self._size_classes(self.app.size.width, self.app.size.height)
        yield Header()
        yield TooSmall(id="too-small")
        yield StartupNotice(self.startup, id="notice")
        with Horizontal(id="body"):
            with Vertical(id="sidebar"):
                yield ServerList(id="servers")
                # Born in the state the filter's focus gives it (AUTO_FOCUS): adding the class as the
                # focus lands would restyle the whole list again before the first frame.
                yield ToolList(id="tools", classes="-filtering", hints_for=self.static_hints)
            yield self.slot
        yield KeyFooter()

    def show_session(self) -> None:
        """The session exists now (right after the first frame): the cached tools get their badges, and
        the banner counts what the session could not read (the approvals file, a policy file)."""
        self.query_one(StartupNotice).add_problems(self.session.problems)
        tools = self.query_one(ToolList)
        for config in self.startup.servers:
            if cached := self.catalogue.cached(config.name):
                tools.set_tools(config.name, cached, dict.fromkeys((t.name for t in cached), "cached"))

    async def mount_workspace(self) -> None:
        """Mount the tabs on the right (once), then show what the events before them said."""
        if not await self.slot.mount_workspace():
            return
        # While the app closes its widgets go first: then there is nothing left to show the events on.
        with suppress(NoMatches):
            self.slot.show_held()
            if (tool := self.query_one(ToolList).highlighted_tool) is not None:
                self.slot.show_tool_details(tool, self.static_hints(tool))
            if (server := self.query_one(ServerList).highlighted_server) is not None:
                self.slot.show_server(server)

    async def mount_call_panel(self) -> None:
        """Replace the placeholder with the real call panel, once (the tabs first, if need be)."""
        await self.mount_workspace()
        await self.slot.mount_call_panel()

    @property
    def mounted_panel(self) -> CallPanel | None:
        """The call panel, or None while it is not built yet (before the first tools are listed)."""
        return self.slot.mounted_panel

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        self._size_classes(width, height)
        self.query_one(TooSmall).show_size(width, height)
        self._fit_sidebar()

    def _size_classes(self, width: int, height: int) -> None:
        """The classes app.tcss lays the screen out by: below ``NARROW_BELOW`` columns the sidebar is only
        as wide as the rows need (``_fit_sidebar``); below ``SHORT_BELOW`` rows the header goes and the
        notice and the server list take a line or two, so a tool's arguments and its result fit at
        80x24; below 80x24 only ``TooSmall`` shows."""
        self.set_class(width < NARROW_BELOW, "-narrow")
        self.set_class(height < SHORT_BELOW, "-short")
        self.set_class(too_small(width, height), "-too-small")

    def _fit_sidebar(self) -> None:
        """Below ``NARROW_BELOW`` columns the sidebar takes what the rows need (every name and server
        whole), at most half the screen; wider, app.tcss's share."""
        sidebar = self.query_one("#sidebar")
        width = self.size.width
        if width >= NARROW_BELOW or not width:
            sidebar.styles.width = None
        else:
            wanted = self.query_one(ToolList).wanted_width + 1  # its border on the right
            sidebar.styles.width = max(SIDEBAR_LEAST, min(wanted, width // 2))
        # Notifications stack over the sidebar, as wide as it: wider, they covered the Call button.
        for rack in self.query("#textual-toastrack"):
            rack.styles.width = sidebar.styles.width

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles every widget of a screen each time it becomes active. The first time, every
        # widget was styled moments ago as it mounted, so that pass changes nothing and costs about a
        # tenth of the work between starting the event loop and the first frame. Later resumes (a
        # dialog closed, preferences changed) restyle as usual.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        servers = self.query_one(ServerList)
        tools = self.query_one(ToolList)
        tools.expect_servers([config.name for config in self.startup.servers])
        for config in self.startup.servers:
            servers.set_state(ServerState(config.name, ConnectionStatus.CONNECTING))
            # The last run's list by name on the first frame; its badges follow with the session.
            if cached := self.catalogue.cached(config.name):
                tools.show_names(config.name, [tool.name for tool in cached])
        self._composed = True
        self.watch(tools, "wanted_width", self._fit_sidebar, init=False)
        self.refresh_bindings()
        self.set_timer(WORKSPACE_AT_THE_LATEST, self.mount_workspace)

    # ---- events from the session ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Priority keys reach the screen from the very start, before the lists they act on exist.
        if not self._composed:
            return False
        if action == "interrupt_call":
            return self.calls.running is not None
        if action in ("start_recording", "stop_recording"):
            return collection_actions.recording_key(self, action)
        if action == "save_result":
            return self.calls.result_to_save() is not None
        if action == "sort_tools" and parameters:
            lists = self.query(ToolList)  # gone while the app closes
            return bool(lists) and offers_sort(str(parameters[0]), sorted_by_risk=lists.first().sort_by_risk)
        return True

    def on_session_started(self, message: SessionStarted) -> None:
        self.session_started = True
        # The list's badges now include the person's own overrides.
        self.query_one(ToolList).refresh_hints()

    def close_preflight(self) -> None:
        if (panel := self.mounted_panel) is not None:
            panel.close_evaluation()

    def handle_session_event(self, event: SessionEvent) -> None:
        from tui.ui.screens import event_routing  # with the session's modules, after the first frame

        event_routing.route(self, event)

    def flag_nondeterministic(self) -> None:
        """Rule 4: a server that resolved the same call differently is flagged where it is listed."""
        servers = self.query_one(ServerList)
        for name in self.session.nondeterministic_servers:
            servers.set_warning(name, NONDETERMINISTIC)

    # ---- choosing a tool ----------------------------------------------------------------------------

    @on(ToolList.Highlighted)
    def _show_detail(self, event: ToolList.Highlighted) -> None:
        if event.tool is not None and self.slot.ready.is_set():
            with suppress(NoMatches):  # while the app closes its widgets go first
                self.slot.show_tool_details(event.tool, self.static_hints(event.tool))

    @on(ToolList.Selected)
    async def _open_tool(self, event: ToolList.Selected) -> None:
        await self.open_tool(event.tool)

    async def open_tool(self, tool: ToolInfo, arguments: dict[str, object] | None = None) -> None:
        """Open ``tool`` in the Call tab with a fresh form (``arguments``, or the schema defaults)."""
        await tool_opening.open_tool(self, tool, arguments)

    def action_retry_preflight(self) -> None:
        if (panel := self.mounted_panel) is not None:
            panel.retry_preflight()

    async def on_collections_view_open_saved(self, event: CollectionsView.OpenSaved) -> None:
        await collection_actions.open_saved(self, event.call)

    def action_save_call(self) -> None:
        collection_actions.save_call(self)

    def action_start_recording(self) -> None:
        collection_actions.toggle_recording(self)

    action_stop_recording = action_start_recording

    async def on_call_history_reopen(self, event: CallHistory.Reopen) -> None:
        await tool_opening.reopen_from_history(self, event.entry)

    # ---- calling (CallRunner does it) ----------------------------------------------------------------

    def on_call_panel_call_requested(self, event: CallPanel.CallRequested) -> None:
        self.calls.start()

    def action_call(self) -> None:
        self.calls.start()

    def action_cancel_call(self) -> None:
        self.calls.cancel()

    def action_interrupt_call(self) -> None:
        self.calls.cancel()

    def action_save_result(self) -> None:
        if (block := self.calls.result_to_save()) is not None:
            block.action_save()

    # ---- servers and navigation ----------------------------------------------------------------------

    @on(ServerList.Highlighted)
    def _server_highlighted(self, event: ServerList.Highlighted) -> None:
        if self.slot.ready.is_set():
            with suppress(NoMatches):  # while the app closes its widgets go first
                self.slot.show_server(event.name)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        from tui.ui.widgets.feature_tabs import follow_tail_in_opened_pane, show_server_in_opened_pane

        self.refresh_bindings()  # s saves a result only on the Call tab
        show_server_in_opened_pane(event.pane, self.query_one(ServerList).highlighted_server)
        follow_tail_in_opened_pane(event.pane)
        collection_actions.reload_collections(event.pane)

    def action_reconnect(self) -> None:
        server_actions.reconnect(self)

    def action_sign_in(self) -> None:
        server_actions.sign_in(self)

    def action_focus_filter(self) -> None:
        self.query_one(ToolList).query_one("Input").focus()

    def action_toggle_sort(self) -> None:
        self.query_one(ToolList).action_toggle_sort()

    def action_sort_tools(self, order: str) -> None:
        self.query_one(ToolList).action_sort(order)

    def action_toggle_problems(self) -> None:
        self.query_one(StartupNotice).toggle_everything()

    def action_zoom(self) -> None:
        """The pane with the focus (the form, or else the result) takes the whole screen, or gives it back."""
        if self.maximized is not None:
            self.minimize()
        elif (panel := self.mounted_panel) is not None and (pane := panel.pane_to_zoom(self.focused)):
            self.maximized = pane

    def action_show_tab(self, tab: str) -> None:
        self.slot.open_tab(tab, self.mount_workspace)
