"""THE session: servers and connections, the tool catalogue, effective hints, preflight, the decision, the
call, approvals, the audit log and the settings, shared by every front end (the TUI and the headless CLI).

Front ends subscribe to events, attach an answerer for questions (confirm a call, answer an elicitation),
and call the methods below (signing in and reconnecting: ``connection_controls``); they never compute
policy, talk to the SDK or write files. Importing this module is cheap: the mcp SDK loads in ``start()``,
so the TUI can paint first.
"""

from __future__ import annotations

import asyncio
import importlib
import subprocess
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

from tui.config.model import ServerConfig
from tui.config.startup import Startup
from tui.model.agents import AgentInfo
from tui.model.hints import Hints
from tui.model.results import Progress
from tui.model.servers import ConnectionStatus, ServerState, ToolInfo
from tui.safety.assessment import Assessment, assess
from tui.session import collector
from tui.session.catalogue import CachedCatalogue
from tui.session.client_events import ClientEvents
from tui.session.connection_controls import ConnectionControls
from tui.session.events import PolicyChanged, SessionEvent, SettingsChanged
from tui.session.features import ServerFeatures
from tui.session.questions import Answerer, Question, answer_unattended
from tui.session.readiness import Readiness, SessionNotStarted
from tui.session.request_queue import RequestQueue
from tui.session.settings import ChangeKind, SettingsService
from tui.session.startup import open_catalogue
from tui.session.telemetry_link import TelemetryLink
from tui.store.audit_writer import AuditWriter
from tui.store.telemetry_state import state_file

if TYPE_CHECKING:
    from tui.client.manager import ConnectionManager
    from tui.config.model import ToolRule
    from tui.safety.decision import Decision, Explained
    from tui.safety.tool_diff import ToolChange
    from tui.session.call_flow import CallFlow, CallRecord, Evaluation
    from tui.session.collection_shelf import CollectionShelf
    from tui.session.events import ArgumentsEvaluated
    from tui.session.live_preflight import LiveEvaluation
    from tui.session.preflight import PreflightEngine, PreflightResult
    from tui.session.rule_drafts import RuleDraft
    from tui.session.rule_trial import RuleTrial

Interface = Literal["tui", "cli", "gateway"]
Listener = Callable[[SessionEvent], None]


def _import_core() -> Any:
    from tui.model.sdk_loading import models_built_on_first_use

    with models_built_on_first_use():  # the SDK's pydantic models: most of its import, built when used
        for name in ("tui.session.call_flow", "tui.session.preflight", "tui.session.call_wiring"):
            importlib.import_module(name)
        return importlib.import_module("tui.client.manager")


class Session(ConnectionControls):
    def __init__(
        self,
        startup: Startup,
        *,
        interface: Interface = "tui",
        targets: dict[str, Any] | None = None,
        early: dict[str, subprocess.Popen[bytes]] | None = None,
        catalogue: CachedCatalogue | None = None,
    ) -> None:
        """``targets`` (tests) maps a server name to an in-process server used instead of its transport;
        ``early`` holds stdio servers already started by ``cli`` (adopted by their first connect);
        ``catalogue`` is the cached tool lists when the front end read them first (the TUI's first frame)."""
        self.startup = startup
        self.interface = interface
        self.settings = SettingsService(
            config=startup.config,
            config_file=startup.config_file,
            servers=startup.servers,
            approvals_file=startup.paths.approvals_file,
            timeout_overrides=startup.timeout_overrides,
        )
        self.settings.tool_names = lambda server: [tool.name for tool in self.tools(server)]
        self.settings.listeners.append(self._settings_changed)
        self.settings.policy_listeners.append(lambda lines: self._publish(PolicyChanged(tuple(lines))))
        self.audit = AuditWriter(startup.paths.audit_file, startup.config.audit)
        self.telemetry = TelemetryLink(startup.config.telemetry, startup.forced_telemetry, interface)
        """OpenTelemetry export: settings now, the exporter (when on) from ``start``."""
        self.catalogue = catalogue or open_catalogue(startup)
        """Each server's tool list from the last run, shown until (and checked when) the live one arrives."""
        problem = self.settings.store.problem
        self.problems: list[str] = [str(problem)] if problem else []
        self.problems += self.settings.problems_of_tiers()
        """Files that could not be read (the session runs on defaults and never overwrites them)."""
        self.notices: list[str] = list(self.telemetry.problems)
        """Telemetry settings that were ignored, or export asked for without the ``otel`` extra: one line
        each, for the front end to show once."""
        self._targets = targets or {}
        self._early = dict(early or {})
        self._listeners: list[Listener] = []
        self._answerer: Answerer | None = None
        self._readiness = Readiness(server.name for server in startup.servers)
        self.manager: ConnectionManager | None = None
        self.engine: PreflightEngine | None = None
        self.flow: CallFlow | None = None
        from tui.session.console import GatewayConsoles

        self.consoles = GatewayConsoles(startup.paths.run_dir, self._dispatch)
        """Running gateways this mcp-tui can attach to, to answer their agents' calls (the console route)."""
        self.requests = RequestQueue(self._dispatch, self._publish)
        """Sampling and elicitation requests, one at a time per server; ``decline_all`` refuses the rest."""
        self._client_events = ClientEvents(
            catalogue=self.catalogue,
            readiness=self._readiness,
            requests=self.requests,
            audit=self.audit,
            interface=interface,
            publish=self._publish,
        )
        self.features = ServerFeatures(self._manager_or_raise, self.settings)
        """Resources, prompts, completions, log levels, roots and traffic of each server."""
        self._shelf: CollectionShelf | None = None

    # ---- front ends attach here ----------------------------------------------------------------

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Receive every event (server states, tool lists, logs, settings changes); returns unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def attach(self, answerer: Answerer | None) -> None:
        """The front end that answers questions; None means no one can be asked (each gets "no")."""
        self._answerer = answerer

    def _dispatch(self, question: Question) -> None:
        if self._answerer is None:
            answer_unattended(question)
        else:
            self._answerer(question)

    # ---- lifecycle -------------------------------------------------------------------------------

    async def start(self, *, connect: bool = True) -> None:
        """Load the SDK and start connecting every server in the background; returns once they start.

        ``connect=False`` prepares the servers without connecting (``mcp-tui auth`` signs in to one).
        """
        from tui.client.early_spawn import adopt, spawn_early

        servers = self.servers
        # Server processes boot while the SDK imports (about a second each, in parallel).
        running = {}
        if connect:  # with nothing to connect, no server process may be left waiting for one
            early, self._early = self._early, {}
            allowed = [s for s in servers if self.settings.start_refusal(s) is None]
            early |= spawn_early([s for s in allowed if s.name not in {*self._targets, *early}])
            running = {name: await adopt(process) for name, process in early.items()}
        # Every module the connections and calls need, loaded off the event loop (the SDK is most of it).
        try:
            manager_module = await asyncio.to_thread(_import_core)
        finally:
            collector.resume()  # start-up is over: what lives now lives as long as the process
        from tui.session.call_wiring import wire_calls

        await self.telemetry.start(self.subscribe, self._publish, self.audit)
        # The settings are the one source of the timeouts: a change saved in the preferences holds from
        # the next request of every connection, preflight and call, without reconnecting.
        settings = self.settings
        manager = manager_module.ConnectionManager(
            servers,
            lambda: settings.timeouts,
            emit=self._client_events,
            targets=self._targets,
            prestarted=running,
            auth_dir=self.startup.paths.auth_dir,
            config_of=settings.server,  # the one copy of each server's config, trust included
            wire=self.telemetry.wire,
            refusal=settings.start_refusal,
        )
        self.manager = manager
        self.engine, self.flow = wire_calls(
            manager,
            settings,
            catalogue=self.catalogue,
            audit=self.audit,
            assess=self.assess,
            dispatch=self._dispatch,
            interface=self.interface,
            publish=self._publish,
        )
        if connect:
            await manager.start()
        self._readiness.started.set()

    async def aclose(self) -> None:
        """Close every connection; stdio servers are stopped and reaped."""
        await self.consoles.detach()
        if self.manager is not None:
            await self.manager.aclose()
        await self.catalogue.flush()
        from tui.client.early_spawn import stop_unadopted

        stop_unadopted(self._early)
        # After the connections: their last spans are sent too.
        await self.telemetry.aclose(state_file(self.startup.paths.audit_file))

    async def ready(self, server: str | None = None, timeout: float | None = None) -> list[ServerState]:
        """Wait until ``server`` (or every server) has listed its tools or failed; return the states.

        Raises ``TimeoutError`` after ``timeout`` seconds.
        """
        names = [server] if server is not None else [s.name for s in self.servers]
        await self._readiness.wait(names, timeout)
        await self.catalogue.flush()  # the listed tools are on disk too: a ready session writes nothing more
        return [self.state(name) for name in names]

    # ---- the catalogue -----------------------------------------------------------------------------

    @property
    def servers(self) -> list[ServerConfig]:
        """Every server of this session, with the trust that holds now."""
        return self.settings.servers

    def state(self, server: str) -> ServerState:
        if self.manager is None:
            return ServerState(server, ConnectionStatus.CONNECTING)
        return self.manager.state(server)

    def states(self) -> list[ServerState]:
        return [self.state(server.name) for server in self.servers]

    def tools(self, server: str | None = None) -> list[ToolInfo]:
        return [] if self.manager is None else self.manager.tools(server)

    def find_tool(self, server: str, name: str) -> ToolInfo | None:
        if self.manager is None or not self._readiness.knows(server):
            return None
        return next((tool for tool in self.manager.tools(server) if tool.name == name), None)

    def stderr(self, server: str) -> list[str]:
        return [] if self.manager is None else self.manager.stderr(server)

    def capabilities(self, server: str) -> dict[str, Any]:
        return {} if self.manager is None else self.manager.capabilities(server)

    def changes_since_last_session(self, server: str) -> list[ToolChange] | None:
        """The server's tools added, removed or changed since the last session's list, risk first (None:
        no earlier list, or no live one yet)."""
        from tui.session.tool_changes import since_last_session

        return since_last_session(self.catalogue, server)

    @property
    def collections(self) -> CollectionShelf:
        """Saved calls: the collections folder, saving, recording, and the verdicts of a replay."""
        if self._shelf is None:  # loaded on first use: the TUI paints before it needs any of it
            from tui.session.collection_shelf import CollectionShelf

            self._shelf = CollectionShelf()
        return self._shelf

    @property
    def nondeterministic_servers(self) -> frozenset[str]:
        return frozenset() if self.engine is None else self.engine.nondeterministic_servers

    # ---- effective hints: the one place ------------------------------------------------------------

    def assess(self, tool: ToolInfo, preflight: PreflightResult | None = None) -> Assessment:
        """The hints and grade every front end shows: static, then the preflight's, then your override."""
        static = Hints.from_annotations(tool.annotations)
        override = self.settings.policy.override(tool.server, tool.name)
        resolved = preflight.effective if preflight is not None and preflight.tool.key == tool.key else None
        return assess(static, resolved=resolved, override=override)

    # ---- preflight, decision, call -----------------------------------------------------------------

    def live_evaluation(self) -> LiveEvaluation:
        """An argument editor's values, evaluated at each change and published as ``ArgumentsEvaluated``."""
        from tui.session.live_preflight import LiveEvaluation

        # Read at each edit: a pause changed in the preferences holds from the next keystroke on.
        def debounce() -> float:
            return self.settings.preferences.preflight_debounce_ms / 1000

        flow = self._flow_or_raise()
        return LiveEvaluation(
            self._engine_or_raise(),
            debounce,
            self.assess,
            self._publish,
            self.subscribe,
            decide=flow.preview_decision,
        )

    def try_rule(
        self, draft: RuleDraft, evaluation: ArgumentsEvaluated | None, at_line: int | None = None
    ) -> RuleTrial:
        """The rules editor's test: ``draft`` on the open tool's arguments (``evaluation``, the call
        panel's latest): each condition, and the decision with the draft in force (in place of the rule
        at ``at_line`` of its file, when it was loaded from there). Nothing is written."""
        from tui.session.rule_trial import try_rule

        flow = self._flow_or_raise()

        def preview(e: ArgumentsEvaluated, rule: ToolRule) -> Decision | None:
            if e.arguments is None or e.preflight is None:
                return None
            return flow.preview_decision(e.tool, e.arguments, e.preflight, e.assessment, e.lint, (rule,))

        checked = self.settings.check_rule(draft, at_line)
        return try_rule(checked, evaluation, self.settings.server, preview)

    def check_policy_files(self) -> list[str]:
        """Re-read the policy files that changed on disk since they were read (another instance, a hand
        edit, the team's managed file): one ``os.stat`` each when nothing changed. A change publishes
        ``PolicyChanged`` (what changed, in words) and ``SettingsChanged``, so the open call's evaluation,
        its decision line included, is published anew. Returns what changed."""
        return self.settings.refresh()

    async def evaluate(self, tool: ToolInfo, arguments: dict[str, Any]) -> Evaluation:
        """The preflight of exactly these arguments and the decision a call would get; nothing is sent."""
        self._require_listed_so(tool)
        return await self._flow_or_raise().evaluate(tool, arguments)

    async def explain(self, tool: ToolInfo, arguments: dict[str, Any]) -> tuple[Evaluation, list[Explained]]:
        """``evaluate``, plus each step of the decision order with match or no match; nothing is sent."""
        self._require_listed_so(tool)
        return await self._flow_or_raise().explain(tool, arguments)

    async def call(
        self,
        tool: ToolInfo,
        arguments: dict[str, Any],
        on_progress: Callable[[Progress], None] | None = None,
        on_send: Callable[[], Awaitable[None]] | None = None,
        *,
        agent: AgentInfo | None = None,
        trace_context: tuple[tuple[str, str], ...] = (),
    ) -> CallRecord:
        """Preflight, decide, ask if needed, send exactly the confirmed arguments, audit.

        ``agent``: the agent that asked for it through the gateway (named in the audit record);
        ``trace_context``: its W3C trace context (``traceparent``, ``tracestate``), continued by the call.

        Raises ``ToolNotConfirmed`` for a tool from the cache the server has not listed (so) yet, and for
        a definition the server has replaced since the front end got it."""
        await self._readiness.started.wait()
        self._require_listed_so(tool)
        return await self._flow_or_raise().run(
            tool, arguments, on_progress, on_send, agent=agent, trace_context=trace_context
        )

    def _require_listed_so(self, tool: ToolInfo) -> None:
        """Raise ``ToolNotConfirmed`` unless the server lists ``tool`` now exactly as the front end has it."""
        self.catalogue.require_listed_so(tool, self.find_tool(tool.server, tool.name))

    # ---- internals ---------------------------------------------------------------------------------

    def _settings_changed(self, kind: ChangeKind) -> None:
        self._publish(SettingsChanged(kind))

    def _publish(self, event: SessionEvent) -> None:
        for listener in list(self._listeners):
            listener(event)

    def _engine_or_raise(self) -> PreflightEngine:
        if self.engine is None:
            raise SessionNotStarted("the session has not started its servers yet")
        return self.engine

    def _flow_or_raise(self) -> CallFlow:
        if self.flow is None:
            raise SessionNotStarted("the session has not started its servers yet")
        return self.flow
