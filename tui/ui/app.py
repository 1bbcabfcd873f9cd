"""The mcp-tui Textual application: owns the core objects and routes their events to the screen."""

from __future__ import annotations

import asyncio
import importlib
import subprocess
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App
from textual.binding import Binding

from tui.client.arguments import ArgumentError
from tui.client.events import ClientEvent, ElicitationRequested
from tui.client.models import Progress, ToolInfo
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.hints import Hints, Provenance
from tui.startup import Startup
from tui.ui.commands import AppCommands
from tui.ui.messages import ClientEventMessage, ConfirmRequested
from tui.ui.screens.main_screen import MainScreen
from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList

NONDETERMINISTIC = "resolved the same arguments differently: its per-call hints are not reliable"

if TYPE_CHECKING:
    from tui.client.call_flow import CallRecord
    from tui.client.live_preflight import LivePreflight
    from tui.client.manager import ConnectionManager
    from tui.client.preflight import PreflightResult
    from tui.client.runtime import Core


class McpTuiApp(App[None]):
    TITLE = "mcp-tui"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {AppCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="quit", priority=True),
        Binding("f4", "open_preferences", "Preferences", id="open-preferences"),
        Binding("f5", "open_audit", "Audit log", id="open-audit"),
    ]

    def __init__(
        self,
        startup: Startup,
        *,
        targets: dict[str, Any] | None = None,
        early: dict[str, subprocess.Popen[bytes]] | None = None,
    ) -> None:
        """``early``: stdio servers ``cli`` already started (adopted by their first connect)."""
        super().__init__()
        self.startup = startup
        self._early = dict(early or {})
        self.manager: ConnectionManager | None = None
        self.live: LivePreflight | None = None
        self.core: Core | None = None
        # Tests may connect some servers in-process instead of through their transport.
        self._targets = targets
        self.ready = asyncio.Event()

    @property
    def main_screen(self) -> MainScreen:
        return next(s for s in self.screen_stack if isinstance(s, MainScreen))

    def on_mount(self) -> None:
        self.push_screen(MainScreen(self.startup))
        # Paint first, then load the SDK: importing mcp takes about a second.
        self.call_after_refresh(self.start_connections)

    @work(group="connections", exclusive=True)
    async def start_connections(self) -> None:
        from tui.client.early_spawn import adopt, spawn_early
        from tui.client.runtime import build_core

        # Servers start while the SDK loads: the two take about a second each. cli starts them before
        # Textual loads; any stdio server it did not (tests, a server that failed there) starts now.
        targets = self._targets or {}
        early, self._early = self._early, {}
        early |= spawn_early([s for s in self.startup.servers if s.name not in {*targets, *early}])
        running = {name: await adopt(process) for name, process in early.items()}
        module = await asyncio.to_thread(importlib.import_module, "tui.client.manager")
        self.manager = module.ConnectionManager(
            self.startup.servers,
            self.startup.config.timeouts,
            emit=self._emit,
            targets=self._targets,
            prestarted=running,
            auth_dir=self.startup.paths.auth_dir,
        )
        await self.manager.start()
        core = build_core(self.startup, self.manager, confirm=self.ask_confirmation)
        self.core = core
        self.live = core.live_preflight(on_result=self._preflight_result, on_pending=self._preflight_pending)
        # The list's badges now include the person's own overrides.
        self.main_screen.query_one(ToolList).refresh_hints()
        for problem in core.problems:
            self.notify(problem, title="Could not read a file", severity="warning", timeout=15, markup=False)
        self.ready.set()

    # ---- core -> UI -------------------------------------------------------------------------------

    def _emit(self, event: ClientEvent) -> None:
        self.post_message(ClientEventMessage(event))

    def on_client_event_message(self, message: ClientEventMessage) -> None:
        event = message.event
        if isinstance(event, ElicitationRequested):
            self._answer_elicitation(event)
            return
        self.main_screen.handle_client_event(event)

    def _answer_elicitation(self, event: ElicitationRequested) -> None:
        from tui.ui.screens.elicitation import ElicitationScreen

        def answered(answer: tuple[str, dict[str, Any] | None] | None) -> None:
            if not event.answer.done():
                event.answer.set_result(answer or ("cancel", None))

        screen = ElicitationScreen(event.server, event.message, event.requested_schema)
        self.push_screen(screen, answered)

    async def ask_confirmation(self, request: ConfirmRequest) -> ConfirmChoice:
        """The call flow's question to the person: a message carrying a future the dialog resolves."""
        future: asyncio.Future[ConfirmChoice] = asyncio.get_running_loop().create_future()
        self.post_message(ConfirmRequested(request, future))
        return await future

    def on_confirm_requested(self, message: ConfirmRequested) -> None:
        from tui.ui.screens.confirm_call import ConfirmCallScreen

        def answered(choice: ConfirmChoice | None) -> None:
            if not message.future.done():
                message.future.set_result(choice or ConfirmChoice.CANCEL)

        self.push_screen(ConfirmCallScreen(message.request), answered)

    # ---- what the screens ask of the core ------------------------------------------------------------

    def static_hints(self, tool: ToolInfo) -> Hints:
        hints = Hints.from_annotations(tool.annotations)
        if self.core is not None:
            overrides = self.core.policy.overrides
            hints = hints.overlay(overrides.get(tool.server, tool.name), Provenance.OVERRIDE)
        return hints

    def hints_for(self, result: PreflightResult) -> Hints:
        return self.core.flow.hints_for(result.tool, result) if self.core else result.effective

    def preflight_edit(
        self, tool: ToolInfo, arguments: dict[str, Any] | None, errors: list[ArgumentError]
    ) -> None:
        if self.live is None:
            return
        if arguments is None:
            self.live.hold(tool, errors)
        else:
            self.live.update(tool, arguments)

    def retry_preflight(self) -> None:
        if self.live is not None:
            self.live.retry()

    def _preflight_result(self, result: PreflightResult) -> None:
        self.main_screen.show_preflight(result)
        self.flag_nondeterministic()

    def flag_nondeterministic(self) -> None:
        """Rule 4: a server that resolved the same call differently is flagged where it is listed."""
        if self.core is None:
            return
        servers = self.main_screen.query_one(ServerList)
        for name in self.core.engine.nondeterministic_servers:
            servers.set_warning(name, NONDETERMINISTIC)

    def _preflight_pending(self, tool: ToolInfo, arguments: dict[str, Any]) -> None:
        self.main_screen.show_preflight_pending()

    async def run_call(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        on_progress: Callable[[Progress], None],
        on_send: Callable[[], Awaitable[None]],
    ) -> CallRecord:
        await self.ready.wait()
        assert self.core is not None
        try:
            return await self.core.flow.run(tool, arguments, on_progress, on_send)
        finally:
            # The pre-call preflight resolves again, which is where a changing answer shows up.
            self.flag_nondeterministic()

    def find_tool(self, server: str, name: str) -> ToolInfo | None:
        if self.manager is None:
            return None
        return next((t for t in self.manager.tools(server) if t.name == name), None)

    def sign_in(self, name: str) -> None:
        from tui.ui.screens.sign_in import SignInScreen, outcome_text

        if self.manager is not None:
            self.push_screen(
                SignInScreen(name, self.manager), lambda s: self.notify(outcome_text(s), markup=False)
            )

    @work(group="reconnect")
    async def reconnect(self, name: str) -> None:
        if self.manager is not None:
            await self.manager.reconnect(name)

    # ---- preferences and the audit log -----------------------------------------------------------

    async def action_open_preferences(self) -> None:
        from tui.ui.screens.preferences import PreferencesContext, PreferencesScreen

        await self.ready.wait()
        assert self.core is not None
        context = PreferencesContext(
            config_path=self.startup.config_file,
            config=self.startup.config,
            servers=self.startup.servers,
            book=self.core.policy.book,
            overrides=self.core.policy.overrides,
            store=self.core.store,
            on_change=lambda kind: self._preferences_changed(),
            tool_names=lambda server: (
                [tool.name for tool in self.manager.tools(server)] if self.manager else []
            ),
        )
        await self.push_screen(PreferencesScreen(context))

    def _preferences_changed(self) -> None:
        """The preferences screen saved a change: the very next decision uses it."""
        if self.core is None:
            return
        policy = self.core.policy
        policy.preferences = self.startup.config.preferences
        policy.rules = list(self.startup.config.rules)
        policy.trust = {server.name: server.trust for server in self.startup.servers}
        self.main_screen.query_one(ToolList).refresh_hints()
        # An override changes the open call's badges too.
        panel = self.main_screen.mounted_panel
        result = panel.status_bar.result if panel is not None else None
        if result is not None:
            self.main_screen.show_preflight(result)

    async def action_open_audit(self) -> None:
        from tui.config.audit import AuditLog
        from tui.ui.screens.audit_view import AuditViewScreen

        await self.push_screen(AuditViewScreen(AuditLog(self.startup.paths.audit_file)))

    async def action_quit(self) -> None:
        if self.live is not None:
            self.live.close()
        if self.manager is not None:
            await self.manager.aclose()
        self.exit()
