"""The main screen: servers and tools on the left; Call, Details, History and Logs on the right.

A view of the session: it shows the session's state, hands edits to a live preflight the session made,
and asks the session to call. Badges and grades come from ``Session.assess``, like everywhere else.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static

from tui.config.problems import problems_notice
from tui.config.startup import Startup
from tui.model.servers import ConnectionStatus, ServerState, ToolInfo
from tui.session.catalogue import CachedCatalogue, ToolNotConfirmed
from tui.ui.messages import SessionStarted
from tui.ui.safe_text import clean
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.server_list import SIGN_IN_KEY, ServerList
from tui.ui.widgets.tool_list import ToolList, offers_sort

# Everything else loads after the first frame: the screen paints the server and tool lists first; the
# app then creates the session (``show_session``) and the tabs on the right follow (``mount_workspace``).
if TYPE_CHECKING:
    from textual.widgets import TabbedContent

    from tui.client.preflight_result import PreflightResult
    from tui.model.hints import Hints
    from tui.session.events import SessionEvent
    from tui.session.live_preflight import LivePreflight
    from tui.session.session import Session
    from tui.ui.widgets.call_panel import CallPanel
    from tui.ui.widgets.form.argument_form import ArgumentForm
    from tui.ui.widgets.history import CallHistory
    from tui.ui.widgets.results.saveable import SaveableBlock


PICK_A_TOOL = "Pick a tool on the left to call it."
HELD_EVENTS = 5000
WORKSPACE_AT_THE_LATEST = 3.0
"""Seconds after which the tabs on the right are mounted even while every server is still connecting."""
NONDETERMINISTIC = "resolved the same arguments differently: its per-call hints are not reliable"


def _inside(widget: Widget | None, container: Widget | None) -> bool:
    return widget is not None and container is not None and container in widget.ancestors_with_self


def _takes_typing(widget: Widget | None) -> bool:
    """A text box, where a letter key types the letter instead of acting."""
    from textual.widgets import Input, TextArea  # loaded by now: the call panel's form uses both

    return isinstance(widget, Input) or (isinstance(widget, TextArea) and not widget.read_only)


class MainScreen(Screen[None]):
    # The footer shows what is done here and where to go; at 120 columns it holds all of them with F4 and
    # F5, whatever the focused widget adds, and ctrl+q is pinned on its right (tests/ui/test_footer_fits.py).
    # Keys named elsewhere stay off it: the tool list's line names ctrl+t, the result's button names s, and
    # the command palette names ctrl+e and F7-F10 (the tab bar shows Resources, Prompts, Traffic, Server).
    BINDINGS = [
        Binding("ctrl+r", "call", "Call", id="call-tool", priority=True),
        Binding("escape", "cancel_call", "Cancel call", id="cancel-call", show=False),
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
        # priority: the function keys work whatever has the focus; TextArea binds F6 (select line) and
        # F7 (select all), which would otherwise swallow them while the JSON box or a text field has it.
        Binding("f2", "show_tab('history')", "History", id="tab-history", priority=True),
        Binding("f3", "show_tab('logs')", "Logs", id="tab-logs", priority=True),
        Binding("f6", "toggle_problems", "All problems", id="toggle-problems", show=False, priority=True),
        Binding("f7", "show_tab('resources')", "Resources", id="tab-resources", priority=True, show=False),
        Binding("f8", "show_tab('prompts')", "Prompts", id="tab-prompts", priority=True, show=False),
        Binding("f9", "show_tab('traffic')", "Traffic", id="tab-traffic", priority=True, show=False),
        Binding("f10", "show_tab('server-info')", "Server", id="tab-server-info", priority=True, show=False),
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
        self.live: LivePreflight | None = None
        """Created once the session has started; one preflight for the open tool's arguments."""
        self.history_count = 0
        self.running_call: object | None = None
        self._focus_before_call: Widget | None = None
        self._panel_lock = asyncio.Lock()
        self.workspace_ready = asyncio.Event()
        """Set once the tabs on the right are mounted (see ``mount_workspace`` for when)."""
        self._all_problems = False  # the banner lists every configuration problem (F6), not the first few
        self._composed = False
        """Set once the screen's widgets exist: it is on the stack (and its keys work) before that."""
        self._resumed = False
        """Set once the screen has become active for the first time (see ``on_screen_resume``)."""
        self._held_events: deque[SessionEvent] = deque(maxlen=HELD_EVENTS)
        """Events for the tabs on the right that arrived before those tabs were mounted (the latest
        ones: a server flooding its stderr meanwhile costs no more than the log view keeps anyway)."""

    @property
    def session(self) -> Session:
        return self._session()

    def static_hints(self, tool: ToolInfo) -> Hints:
        """The tool's badges before any arguments: its static hints with your override."""
        return self.session.assess(tool).hints

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._notice_text(), id="notice", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="sidebar"):
                yield ServerList(id="servers")
                # Born in the state the filter's focus gives it (AUTO_FOCUS): adding the class as the
                # focus lands would restyle the whole list again before the first frame.
                yield ToolList(id="tools", classes="-filtering", hints_for=self.static_hints)
            # The tabs on the right hold nothing to see before the first tools arrive, and building them
            # costs more than the rest of the screen and would compete with the SDK import for the one
            # core Python has: they are mounted once tools are listed, a server fails, a key asks for
            # them, or after WORKSPACE_AT_THE_LATEST seconds.
            with Vertical(id="workspace-slot"):
                yield Static(PICK_A_TOOL, id="workspace-placeholder")
        yield KeyFooter()

    def show_session(self) -> None:
        """The session exists now (right after the first frame): the cached tools get their badges."""
        tools = self.query_one(ToolList)
        for config in self.startup.servers:
            if cached := self.catalogue.cached(config.name):
                tools.set_tools(config.name, cached, dict.fromkeys((t.name for t in cached), "cached"))

    async def mount_workspace(self) -> None:
        """Mount the tabs on the right (once), then show what the events before them said."""
        from textual.widgets import TabPane

        from tui.ui.widgets.feature_tabs import feature_tabs
        from tui.ui.widgets.history import CallHistory
        from tui.ui.widgets.log_view import ServerLogView
        from tui.ui.widgets.tool_detail import ToolDetail
        from tui.ui.widgets.workspace import Workspace

        async with self._panel_lock:
            placeholder = self.query("#workspace-placeholder")
            # Mounted already, or the app is closing: a mount under way while Textual removes the widgets
            # fails inside Textual (a tab's or a dropdown's own mount finds its parts gone).
            if self.workspace_ready.is_set() or not placeholder or self._quitting:
                return
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
                *feature_tabs(self.session),
            ]
            for pane in panes:  # what ``with TabbedContent():`` does in compose
                workspace.compose_add_child(pane)
            await placeholder.remove()
            if self._quitting:  # while the placeholder went, the person quit: the slot goes too
                return
            await self.query_one("#workspace-slot").mount(workspace)
            self.workspace_ready.set()
        held, self._held_events = self._held_events, deque(maxlen=HELD_EVENTS)
        # While the app closes its widgets go first: then there is nothing left to show the events on.
        with suppress(NoMatches):
            for event in held:
                self._show_in_workspace(event)
            if (tool := self.query_one(ToolList).highlighted_tool) is not None:
                self._show_tool_details(tool, self.static_hints(tool))
            if (server := self.query_one(ServerList).highlighted_server) is not None:
                self._show_server_in_workspace(server)

    @property
    def _quitting(self) -> bool:
        """The app was asked to exit (its return code is set then) or Textual is shutting it down (it is
        no longer running): widgets mounted now would fail."""
        return self.app.return_code is not None or not self.app.is_running

    @property
    def _workspace(self) -> TabbedContent:
        from textual.widgets import TabbedContent

        return self.query_one("#workspace", TabbedContent)

    def _show_tool_details(self, tool: ToolInfo, hints: Hints) -> None:
        from tui.ui.widgets.tool_detail import ToolDetail

        self.query_one(ToolDetail).show_tool(tool, hints)

    def _show_server_in_workspace(self, server: str) -> None:
        from tui.ui.widgets.feature_tabs import show_server_in_panes
        from tui.ui.widgets.log_view import ServerLogView

        self.query_one(ServerLogView).show(server)
        show_server_in_panes(self, server)

    def _notice_text(self) -> str:
        lines = problems_notice(self.startup.problems, everything=self._all_problems)
        if self.startup.using_demo:
            where = self.startup.config_file or self.startup.paths.config_file
            lines.append(
                f"No servers configured: showing the bundled demo server. Add yours in {where} "
                "(or try: mcp-tui -- COMMAND, mcp-tui --url URL)."
            )
        return "\n".join(lines)

    @property
    def panel(self) -> CallPanel:
        from tui.ui.widgets.call_panel import CallPanel

        return self.query_one("#call-panel", CallPanel)

    @property
    def mounted_panel(self) -> CallPanel | None:
        """The call panel, or None while it is not built yet (before the first tools are listed)."""
        if not self.query("#call-panel"):
            return None  # without loading its module: the first tools are asked here before they are drawn
        from tui.ui.widgets.call_panel import CallPanel

        return self.query_one("#call-panel", CallPanel)

    async def mount_call_panel(self) -> None:
        """Replace the placeholder with the real call panel, once."""
        from tui.ui.widgets.call_panel import CallPanel

        await self.mount_workspace()
        async with self._panel_lock:
            if self.mounted_panel is not None or self._quitting:  # mounted, or closing
                return
            placeholder = self.query("#call-placeholder")
            if not placeholder:  # the app is closing: its widgets go first
                return
            pane = self.query_one("#call", Widget)
            await placeholder.remove()
            await pane.mount(CallPanel(id="call-panel", save_dir=None))

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Textual restyles every widget of a screen each time it becomes active. The first time, every
        # widget was styled moments ago as it mounted, so that pass changes nothing and costs about a
        # tenth of the work between starting the event loop and the first frame. Later resumes (a
        # dialog closed, preferences changed) restyle as usual.
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_mount(self) -> None:
        notice = self.query_one("#notice", Static)
        notice.display = bool(notice.content)
        if self.startup.problems:
            notice.add_class("-problems")
        servers = self.query_one(ServerList)
        tools = self.query_one(ToolList)
        tools.expect_servers([config.name for config in self.startup.servers])
        for config in self.startup.servers:
            servers.set_state(ServerState(config.name, ConnectionStatus.CONNECTING))
            # The last run's list by name on the first frame; its badges follow with the session.
            if cached := self.catalogue.cached(config.name):
                tools.show_names(config.name, [tool.name for tool in cached])
        self._composed = True
        self.refresh_bindings()
        self.set_timer(WORKSPACE_AT_THE_LATEST, self.mount_workspace)

    # ---- events from the session ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Priority keys reach the screen from the very start, before the lists they act on exist.
        if not self._composed:
            return False
        if action == "save_result":
            return self._result_to_save() is not None
        if action == "sort_tools" and parameters:
            lists = self.query(ToolList)  # gone while the app closes
            return bool(lists) and offers_sort(str(parameters[0]), sorted_by_risk=lists.first().sort_by_risk)
        return True

    def _still_starting(self) -> bool:
        starting = self.live is None  # created when the session has started
        if starting:
            self.notify("mcp-tui is still starting its servers; try again in a moment.")
        return starting

    def on_session_started(self, message: SessionStarted) -> None:
        self.live = self.session.live_preflight(
            on_result=self.show_preflight, on_pending=lambda tool, arguments: self.show_preflight_pending()
        )
        # The list's badges now include the person's own overrides.
        self.query_one(ToolList).refresh_hints()

    def close_preflight(self) -> None:
        if self.live is not None:
            self.live.close()

    def handle_session_event(self, event: SessionEvent) -> None:
        # Imported here: every event comes after the session (and these modules) loaded.
        from tui.model.events import ServerStateChanged, ToolsChanged
        from tui.session.events import SettingsChanged

        if isinstance(event, SettingsChanged):
            self._settings_changed()
        elif isinstance(event, ServerStateChanged):
            self.query_one(ServerList).set_state(event.state)
            ended = (ConnectionStatus.FAILED, ConnectionStatus.DISCONNECTED, ConnectionStatus.NEEDS_SIGN_IN)
            if event.state.status in ended:
                self.query_one(ToolList).remove_server(event.state.name)
                self.call_after_refresh(self.mount_workspace)  # its logs say why
        elif isinstance(event, ToolsChanged):
            changed = self.session.catalogue.changed(event.server)
            self.query_one(ToolList).set_tools(event.server, event.tools, dict.fromkeys(changed, "changed"))
            # Built once the first tools are on screen: until then it would only compete with the SDK
            # import and the connections for the one core Python gives us.
            self.call_after_refresh(self.mount_call_panel)
            self._refresh_open_tool(event.server, event.tools)
        if self.workspace_ready.is_set():
            self._show_in_workspace(event)
        else:
            self._held_events.append(event)

    def _show_in_workspace(self, event: SessionEvent) -> None:
        """The part of an event the tabs on the right show: logs, traffic, resources, prompts."""
        from tui.model.events import ServerLog, StderrLine
        from tui.session.events import RequestsDeclined
        from tui.ui.widgets.feature_tabs import route_to_panes
        from tui.ui.widgets.log_view import ServerLogView

        if isinstance(event, StderrLine):
            self.query_one(ServerLogView).add_stderr(event.server, event.line)
        elif isinstance(event, ServerLog):
            self.query_one(ServerLogView).add_log(event.server, event.level, event.text)
        elif isinstance(event, RequestsDeclined):  # mcp-tui's own line, among the server's
            self.query_one(ServerLogView).add_log(event.server, "warning", f"mcp-tui: {event.reason}")
        route_to_panes(self, event)

    def _settings_changed(self) -> None:
        """A saved preference, rule, trust or override: the badges and the open call follow at once."""
        self.query_one(ToolList).refresh_hints()
        panel = self.mounted_panel
        result = panel.status_bar.result if panel is not None else None
        if result is not None:
            self.show_preflight(result)
        elif panel is not None and panel.tool is not None:
            assessment = self.session.assess(panel.tool)
            panel.show_hints(assessment.hints, assessment.grade.grade)

    def _flag_nondeterministic(self) -> None:
        """Rule 4: a server that resolved the same call differently is flagged where it is listed."""
        servers = self.query_one(ServerList)
        for name in self.session.nondeterministic_servers:
            servers.set_warning(name, NONDETERMINISTIC)

    def _refresh_open_tool(self, server: str, tools: tuple[ToolInfo, ...]) -> None:
        panel = self.mounted_panel
        if panel is None or panel.tool is None or panel.tool.server != server:
            return
        for tool in tools:
            if tool.name == panel.tool.name and tool != panel.tool:
                self.notify(
                    clean(f"{tool.name} changed on {server}; reopen it to see the new definition."),
                    markup=False,
                )
        if any(tool.name == panel.tool.name for tool in tools):
            # The server is (back) with this tool, e.g. after a reconnect: a preflight that failed while
            # it was away runs again by itself, instead of saying "Resolve failed" until ctrl+y.
            self.action_retry_preflight()

    # ---- choosing a tool ----------------------------------------------------------------------------

    @on(ToolList.Highlighted)
    def _show_detail(self, event: ToolList.Highlighted) -> None:
        from tui.ui.widgets.tool_detail import ToolDetail

        if event.tool is not None and self.workspace_ready.is_set():
            with suppress(NoMatches):  # while the app closes its widgets go first
                self.query_one(ToolDetail).show_tool(event.tool, self.static_hints(event.tool))

    @on(ToolList.Selected)
    async def _open_tool(self, event: ToolList.Selected) -> None:
        await self.open_tool(event.tool)

    async def open_tool(self, tool: ToolInfo, arguments: dict[str, object] | None = None) -> None:
        """Open ``tool`` in the Call tab with a fresh form (``arguments``, or the schema defaults).

        The tool already open there, with the same definition and no arguments given, stays as it is:
        Enter on it again brings back what was typed and the last result instead of wiping them.
        """
        self.query_one(ToolList).highlight_tool(tool)  # opened from the palette or History: the list follows
        panel = self.mounted_panel
        if arguments is None and panel is not None and panel.tool == tool and panel.form is not None:
            # Equal by definition; the entry of a newer tools/list is the one to preflight and call.
            panel.tool = tool
            self._show_tool_details(tool, self.static_hints(tool))
            self._workspace.active = "call"
            self.call_after_refresh(self._focus_opened_form, panel.form)
            return
        assessment = self.session.assess(tool)
        if self.live is not None:
            # The new form's first Changed must be preflighted even when it repeats the last arguments
            # (reopening a call from History does): the panel below starts again from "Preflight".
            self.live.restart()
        await self.mount_call_panel()  # and the tabs around it, if a tool is opened before they exist
        if (panel := self.mounted_panel) is None:
            return  # the app is closing
        await panel.show_tool(tool, assessment.hints, assessment.grade.grade, arguments)
        self._show_tool_details(tool, assessment.hints)
        self._workspace.active = "call"
        if panel.form is not None:
            self.call_after_refresh(self._focus_opened_form, panel.form)
        self.refresh_bindings()  # the last result went with the old tool, and with it s to save it

    def _focus_opened_form(self, form: ArgumentForm) -> None:
        # Only while the Call tab is still open: a key that opened another tab in between (F3 right
        # after Enter) would be undone, since focusing a widget brings its tab back.
        if form.is_attached and self._workspace.active == "call":
            form.focus_first_field()

    def on_argument_form_changed(self, event: ArgumentForm.Changed) -> None:
        # Only the open tool's own form: a prompt's or a resource template's form posts the same message,
        # and so may the form being replaced, or any form before the call panel is built.
        panel = self.mounted_panel
        if panel is None or panel.tool is None or event.form is not panel.form:
            return
        if self.live is None:
            return  # the session is still starting; the first edit after it starts preflights
        if event.arguments is None:
            self.live.hold(panel.tool, event.errors)
        else:
            self.live.update(panel.tool, event.arguments)

    def show_preflight(self, result: PreflightResult) -> None:
        panel = self.mounted_panel
        if panel is None or panel.tool is None or result.tool.key != panel.tool.key:
            return
        assessment = self.session.assess(panel.tool, result)
        # The status line says what changed after your own override too, as the dialog does.
        panel.status_bar.show_result(replace(result, changes=assessment.changes))
        panel.show_hints(assessment.hints, assessment.grade.grade)
        self._flag_nondeterministic()

    def show_preflight_pending(self) -> None:
        self.panel.status_bar.set_pending()

    def action_retry_preflight(self) -> None:
        if self.live is not None:
            self.live.retry()

    # ---- calling ---------------------------------------------------------------------------------------

    def on_call_panel_call_requested(self, event: CallPanel.CallRequested) -> None:
        self.action_call()

    def action_call(self) -> None:
        panel = self.mounted_panel  # not built until the first tools are listed
        if panel is None or panel.tool is None or panel.form is None:
            self.notify("Open a tool first: pick one in the list and press Enter.")
            return
        if self.running_call is not None:
            self.notify("A call is already running; Esc cancels it.")
            return
        if not self.session.catalogue.confirmed(panel.tool):
            self.notify(
                clean(
                    f"{panel.tool.name} is from the last run's list; wait until {panel.tool.server} lists it."
                ),
                severity="warning",
                markup=False,
            )
            return
        # Where the person was typing; they return there when the call ends.
        self._focus_before_call = self.app.focused
        arguments, errors = panel.current_arguments()
        if arguments is None or errors:
            panel.form.reveal_errors()
            self.notify("Fix the arguments first: nothing was sent.", severity="warning")
            return
        self.running_call = self.run_call(panel.tool, arguments)

    @work(group="call", exclusive=True, exit_on_error=False)
    async def run_call(self, tool: ToolInfo, arguments: dict[str, object]) -> None:
        from tui.ui.widgets.history import CallHistory, HistoryEntry

        panel = self.panel
        history = self.query_one(CallHistory)
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
            record = await self.session.call(tool, dict(arguments), panel.update_progress, on_send)
        except ToolNotConfirmed as refused:  # re-listed differently since it was opened: nothing was sent
            self.notify(clean(str(refused)), severity="warning", timeout=10, markup=False)
            return
        except asyncio.CancelledError:
            from tui.model.results import CallOutcome, CallStatus  # loaded already: a call ran

            elapsed = time.monotonic() - sent_at if sent_at is not None else 0.0
            message = "Cancelled; the server was told to stop."
            cancelled = CallOutcome(CallStatus.CANCELLED, error=message, duration_s=elapsed)
            history.record(replace(entry, outcome=cancelled))
            await panel.show_outcome(cancelled, title)
            raise
        finally:
            self.running_call = None
            # The pre-call preflight resolves again, which is where a changing answer shows up.
            self._flag_nondeterministic()
        history.record(entry.finished(record))
        await panel.show_outcome(record.outcome, title)
        for note in record.notes:
            self.notify(note, severity="warning", timeout=10, markup=False)
        focus = self._focus_before_call
        saveable = panel.saveable_result
        if saveable is not None and not _inside(focus, panel.form):
            # Not typing arguments: the result's "Save to file… (s)" takes the focus, so s saves it.
            saveable.focus_save_button()
        elif focus is not None and focus.is_attached:
            focus.focus()
        self.refresh_bindings()

    def _result_to_save(self) -> SaveableBlock | None:
        """What ``s`` saves: the Call tab's result block with bytes, unless a text box has the focus."""
        panel = self.mounted_panel  # None before the first tools: nothing loaded, nothing to save
        if panel is None or not self.workspace_ready.is_set() or self._workspace.active != "call":
            return None
        if _takes_typing(self.focused):
            return None
        return panel.saveable_result

    def action_save_result(self) -> None:
        if (block := self._result_to_save()) is not None:
            block.action_save()

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        from tui.ui.widgets.feature_tabs import follow_tail_in_opened_pane, show_server_in_opened_pane

        self.refresh_bindings()  # s saves a result only on the Call tab
        show_server_in_opened_pane(event.pane, self.query_one(ServerList).highlighted_server)
        follow_tail_in_opened_pane(event.pane)

    def action_cancel_call(self) -> None:
        if self.running_call is None:
            return
        self.panel.mark_cancelling()
        self.workers.cancel_group(self, "call")

    async def on_call_history_reopen(self, event: CallHistory.Reopen) -> None:
        entry = event.entry
        tool = self.session.find_tool(entry.server, entry.tool)
        if tool is None:
            self.notify(
                clean(f"{entry.tool} is no longer offered by {entry.server}."),
                severity="warning",
                markup=False,
            )
            return
        await self.open_tool(tool, dict(entry.arguments))
        if entry.outcome is not None:
            await self.panel.show_outcome(entry.outcome, f"{tool.display_title} (call #{entry.id})")

    # ---- servers and navigation ----------------------------------------------------------------------------

    @on(ServerList.Highlighted)
    def _server_highlighted(self, event: ServerList.Highlighted) -> None:
        if self.workspace_ready.is_set():
            with suppress(NoMatches):  # while the app closes its widgets go first
                self._show_server_in_workspace(event.name)

    def _server_to_act_on(self) -> str | None:
        """The highlighted server, once the session runs (else None, after saying it is starting)."""
        if self._still_starting():
            return None
        return self.query_one(ServerList).highlighted_server

    def action_reconnect(self) -> None:
        if (name := self._server_to_act_on()) is None:
            return
        self.notify(clean(f"Reconnecting {name}…"), markup=False)
        self.reconnect(name)

    @work(group="reconnect")
    async def reconnect(self, name: str) -> None:
        await self.session.reconnect(name)

    def action_sign_in(self) -> None:
        from tui.ui.screens.sign_in import SignInScreen, outcome_text

        if (name := self._server_to_act_on()) is None:
            return
        if (reason := self.session.cannot_sign_in(name)) is not None:
            self.notify(clean(reason), markup=False)
            return

        def finished(state: ServerState | None) -> None:
            self.notify(outcome_text(state), markup=False)

        self.app.push_screen(SignInScreen(name, self.session), finished)

    def action_focus_filter(self) -> None:
        self.query_one(ToolList).query_one("Input").focus()

    def action_toggle_sort(self) -> None:
        self.query_one(ToolList).action_toggle_sort()

    def action_sort_tools(self, order: str) -> None:
        self.query_one(ToolList).action_sort(order)

    def action_toggle_problems(self) -> None:
        self._all_problems = not self._all_problems
        notice = self.query_one("#notice", Static)
        notice.update(self._notice_text())
        notice.set_class(self._all_problems, "-expanded")

    def action_show_tab(self, tab: str) -> None:
        if self.workspace_ready.is_set():
            self._show_tab(tab)
        else:  # pressed in the instant before the tabs exist: show it once they do
            self.call_later(self._show_tab_when_ready, tab)

    async def _show_tab_when_ready(self, tab: str) -> None:
        await self.mount_workspace()
        if self.workspace_ready.is_set():  # not when the app is closing
            self._show_tab(tab)

    def _show_tab(self, tab: str) -> None:
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
