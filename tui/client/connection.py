"""One server's connection: a long-lived task that connects, lists tools, follows changes, and ends.

Every exit path (user disconnect, server crash, timeout, error) goes through one cancel scope around
``async with Client(...)``, so the SDK's own cleanup always runs and stdio children are always reaped.
Beside it: ``server_hooks`` (how the server reaches us), ``sent_capabilities`` (what it offers),
``following`` (its tool list), ``followed_resources`` (the resources the person follows), ``health`` (a
network server gone quiet), ``server_settings`` (its log level and roots), ``auth.connection_auth``
(sign-in) and ``connection_end`` (why it ended).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import anyio
from anyio.abc import Process
from mcp import Client
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tui.client import errors
from tui.client.auth.connection_auth import ConnectionAuth
from tui.client.auth.who_signs_in import signs_in
from tui.client.connection_end import describe_end
from tui.client.ext_types import server_resolve_dialect
from tui.client.followed_resources import FollowedResources
from tui.client.following import ChangeFollower
from tui.client.health import watch_health
from tui.client.http_handshake_status import describe_http_status, handshake_status
from tui.client.sent_capabilities import sent_capabilities
from tui.client.server_hooks import CLIENT_INFO, ServerHooks, build_client
from tui.client.server_settings import apply_log_level, apply_roots, ask_log_level_when_connected
from tui.client.stderr_pipe import LineLog
from tui.client.tool_listing import ToolListing, list_all_tools
from tui.client.traffic import TrafficLog
from tui.client.transport_factory import TransportContext, in_memory_transport, open_transport
from tui.client.transports import TransportWatch
from tui.client.wire_watch import watch_wire
from tui.config.model import ServerConfig, Timeouts, TimeoutsSource, timeouts_source
from tui.model.events import (
    ClientEvent,
    ListChanged,
    ResourceUpdated,
    ServerStateChanged,
    StderrLine,
    ToolsChanged,
    TrafficRecorded,
)
from tui.model.features import FeatureError
from tui.model.servers import ConnectionStatus, Failure, LeftOut, ServerState, ToolInfo
from tui.model.telemetry import WireObserver

if TYPE_CHECKING:
    from tui.client.auth.providers import ServerAuth

__all__ = ["CLIENT_INFO", "Connection"]


class Connection:
    def __init__(
        self,
        config_of: Callable[[], ServerConfig],
        timeouts: Timeouts | TimeoutsSource,
        emit: Callable[[ClientEvent], None],
        target: object | None = None,
        prestarted: Process | None = None,
        auth_dir: Path | None = None,
        wire: WireObserver | None = None,
    ) -> None:
        self._config_of = config_of  # asked each time (the session's settings hold the one copy)
        config = config_of()
        self.name = config.name
        self._timeouts = timeouts_source(timeouts)
        self._emit = emit
        self._target = target
        # A process started before the SDK loaded (see prestart.py); adopted by the first connect only.
        self._prestarted = prestarted
        self.log = LineLog(lambda line: emit(StderrLine(config.name, line)))
        self.state = ServerState(config.name, ConnectionStatus.DISCONNECTED)
        self.tools: tuple[ToolInfo, ...] = ()
        self.tool_problems: tuple[LeftOut, ...] = ()
        self.connection_id = 0
        self.client: Client | None = None
        self.capabilities: dict[str, Any] = {}
        self.ended_reason: str | None = None
        """Why the live connection ended, once known (read by a call that lost its connection)."""
        self._task: asyncio.Task[None] | None = None
        self._scope: anyio.CancelScope | None = None
        self._stopping = False
        self._finished = asyncio.Event()
        self._transport_ended = False
        self._lost: str | None = None  # why the health ping gave up on the server
        self._watch: TransportWatch | None = None
        self._wire = wire  # told of each request and answer (trace context on the wire), when exporting
        self.process_id: int | None = None
        """stdio: the server's process id while it runs (its process group is killed on close)."""
        remote = signs_in(config) and target is None
        self._sign_in = ConnectionAuth(config, auth_dir, remote=remote)
        self.settled = asyncio.Event()
        """Set once a (re)connect is no longer connecting: connected, failed, or needing sign-in."""
        self.traffic = TrafficLog(on_record=lambda record: emit(TrafficRecorded(config.name, record)))
        """Every JSON-RPC message in and out, across reconnects (bounded)."""
        self.roots_declared = False
        """Whether this connection declared the roots capability (only when roots are configured)."""
        self.log_level = config.log_level
        """The level asked of the server with logging/setLevel (None: the server's default)."""
        self.refusal: Callable[[ServerConfig], str | None] = lambda config: None
        """Why this server may not start now (a managed ``allowed_servers`` it is outside of), or None."""
        self._follower = ChangeFollower(
            self._refresh_tools,
            self.log,
            lambda what: self._emit(ListChanged(self.name, what)),
            lambda uri: self._emit(ResourceUpdated(self.name, uri)),
            lambda: self.timeouts.request,
        )
        self._followed = FollowedResources(
            self._follower.follow_resources, self.log, lambda: self.timeouts.request
        )
        # Through self._emit at call time: whoever listens to this connection hears the server too.
        self._hooks = ServerHooks(
            config.name,
            lambda event: self._emit(event),
            self.log,
            lambda: self.config.roots,
            self.request_refresh,
        )

    @property
    def config(self) -> ServerConfig:
        """The server's config as it holds now: read at each (re)connect and whenever it is needed."""
        return self._config_of()

    @property
    def timeouts(self) -> Timeouts:
        """The limits in force now: each request reads them as it starts, and so does each HTTP request
        of an HTTP or SSE transport."""
        return self._timeouts()

    @property
    def auth(self) -> ServerAuth | None:
        """http / sse with a token directory: the server's sign-in (used when it answers 401)."""
        return self._sign_in.server

    @property
    def auth_error(self) -> BaseException | None:
        """Why the last connection needs sign-in, if it does."""
        return self._sign_in.error

    # ---- lifecycle ---------------------------------------------------------------------------

    def start(self, *, sign_in: bool = False) -> None:
        """``sign_in``: the person asked to sign in, so this connection may run the browser step."""
        if self._task is not None and not self._task.done():
            return
        self._sign_in.begin(person_started=sign_in)
        self._stopping = False
        self.settled = asyncio.Event()
        self._finished = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"mcp-connection:{self.name}")

    async def stop(self) -> None:
        """End the connection (if any) and wait until its transport is closed and its child reaped."""
        task = self._task
        if task is None or task.done():
            return
        self._stopping = True
        if self._scope is not None:
            self._scope.cancel()
        await asyncio.shield(self._finished.wait())

    async def wait_finished(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(asyncio.shield(self._finished.wait()), timeout)
        except TimeoutError:
            return False
        return True

    @property
    def ending(self) -> bool:
        """The live connection is over or being closed: its transport ended, the health ping gave up,
        or it is being disconnected. Each is set before the SDK fails the requests still waiting, so a
        request that failed with "connection closed" can tell the SDK's verdict from a server's -32000."""
        watch_ended = self._watch is not None and self._watch.ended.is_set()
        return watch_ended or self._stopping or self._lost is not None or self.client is None

    def _set_state(self, status: ConnectionStatus, **fields: Any) -> None:
        self.state = ServerState(
            self.name, status, tool_count=len(self.tools), tool_problems=self.tool_problems, **fields
        )
        if status is not ConnectionStatus.CONNECTING:
            self.settled.set()
        self._emit(ServerStateChanged(self.state))

    async def _run(self) -> None:
        self.connection_id += 1
        self.tools, self.tool_problems, self.capabilities, self.ended_reason = (), (), {}, None
        refused = self.refusal(self.config)
        if refused is not None:  # nothing is started, no process, no request
            self.ended_reason = refused
            self._set_state(ConnectionStatus.FAILED, error=refused)
            self._finished.set()
            return
        self._transport_ended, self._lost = False, None
        self._set_state(ConnectionStatus.CONNECTING)
        watch = TransportWatch(traffic=cast(Any, self.traffic.add))
        if self._wire is not None:
            watch_wire(watch, self._wire, self.name, self.config.transport)
        self._watch = watch
        connected = False
        failure: str | None = None
        timed_out = False
        try:
            client = self._make_client(watch)
            async with anyio.create_task_group() as tg:
                with anyio.CancelScope(deadline=anyio.current_time() + self._connect_allowance()) as scope:
                    self._scope = scope
                    if self._stopping:
                        scope.cancel()
                    tg.start_soon(self._cancel_when_ended, watch, scope)
                    async with client:
                        self.process_id = watch.process.pid if watch.process else None
                        connected = True
                        scope.deadline = math.inf
                        self.client = client
                        await self._on_connected(client, watch)
                        await self._live(client)
                timed_out = scope.cancelled_caught and not connected and not self._stopping
                tg.cancel_scope.cancel()
        except Exception as exc:
            failure = errors.describe(exc)
            if self.config.transport == "http" and not connected and (status := handshake_status(exc)):
                failure = await describe_http_status(self.config, status)
        finally:
            self.client = None
            self._scope = None
        if self._stopping:
            self.ended_reason = "disconnected"
            self._set_state(ConnectionStatus.DISCONNECTED)
        else:
            if self._lost is not None:
                failure = self._lost
            elif self._transport_ended:
                failure = await describe_end(watch, self.log, connected, failure)
            elif timed_out:
                failure = f"timed out after {self._connect_allowance():g} s during the handshake"
            self.ended_reason = failure or "the connection ended"
            status = ConnectionStatus.FAILED
            if self.auth_error is not None:
                self.ended_reason, status = errors.describe(self.auth_error), ConnectionStatus.NEEDS_SIGN_IN
            self._set_state(status, error=self.ended_reason)
        self._finished.set()

    def _connect_allowance(self) -> float:
        """Seconds for the handshake; a sign-in the person started also waits for the browser step."""
        return self.timeouts.connect + self._sign_in.extra_seconds()

    async def _cancel_when_ended(self, watch: TransportWatch, scope: anyio.CancelScope) -> None:
        await watch.ended.wait()
        # Ended because we were already closing it (timeout, disconnect)? Then that is the story.
        if not scope.cancel_called:
            self._transport_ended = True
            scope.cancel()

    def _make_client(self, watch: TransportWatch) -> Client:
        config = self.config
        transport: Any
        if self._target is not None:
            transport = in_memory_transport(self._target, config, watch)
        else:
            # A process started early is adopted by the first connect only.
            prestarted, self._prestarted = self._prestarted, None
            context = TransportContext(
                self._timeouts, self.log, watch, prestarted, self._sign_in.httpx_auth(watch)
            )
            transport = open_transport(config, context)
        self.roots_declared = bool(config.roots)
        return build_client(transport, config, self.log_level, self._hooks)

    async def _on_connected(self, client: Client, watch: TransportWatch) -> None:
        self.capabilities = await sent_capabilities(client, watch, self.timeouts.request)
        info = client.server_info
        self._set_state(
            ConnectionStatus.CONNECTED,
            server_name=info.name if info else None,
            server_version=info.version if info else None,
            protocol_version=client.protocol_version,
            instructions=client.instructions,
            resolve_capability=server_resolve_dialect(self.capabilities),
        )
        await ask_log_level_when_connected(self, client)
        self._follower.first_listing_starts()
        await self._refresh_tools(client)

    async def _live(self, client: Client) -> None:
        async with anyio.create_task_group() as tg:
            modern = client.protocol_version in MODERN_PROTOCOL_VERSIONS
            asked = self.subscriptions
            follow = partial(
                self._follower.run,
                client,
                listen=modern,
                offers=self.capabilities,
                resources=asked,
                honored=lambda agreed: self._followed.kept_by_server(asked - agreed),
            )
            await tg.start(follow)
            if self.config.transport in ("http", "sse") and self._target is None:
                tg.start_soon(watch_health, client, self._on_lost, lambda: self.ending)
            # Only now: a change the server announces while it answers these is followed already.
            if self.is_legacy and self.subscriptions:
                tg.start_soon(self._followed.resubscribe, client)
            await anyio.sleep_forever()

    def _on_lost(self, reason: str) -> None:
        self._lost = reason
        if self._scope is not None:
            self._scope.cancel()

    # ---- tools -------------------------------------------------------------------------------

    async def list_tools(self, client: Client) -> ToolListing:
        return await list_all_tools(client, self.name, self.capabilities, self.timeouts.request)

    async def _refresh_tools(self, client: Client) -> None:
        try:
            listing = await self.list_tools(client)
        except Exception as exc:
            why = f"listing the tools failed: {errors.describe(exc)}"
            failed = LeftOut(why, failed=errors.failure_of(exc))
            listing = ToolListing((), (failed,))
        for problem in listing.left_out:
            self.log.append(f"[mcp-tui] {problem}")
        tools = listing.tools
        self.tools, self.tool_problems = tools, listing.left_out
        self.state = replace(self.state, tool_count=len(tools), tool_problems=listing.left_out)
        self._emit(ToolsChanged(self.name, tools))
        self._emit(ServerStateChanged(self.state))

    def request_refresh(self) -> None:
        """List the tools again (a ``tools/list_changed``, or a test)."""
        self._follower.request()

    # ---- features beside tools ----------------------------------------------------------------

    @property
    def is_legacy(self) -> bool:
        """An initialize-era connection (logging/setLevel, subscriptions, roots and sampling requests)."""
        version = self.state.protocol_version
        return version is not None and version not in MODERN_PROTOCOL_VERSIONS

    def live_client(self) -> Client:
        """The connected client, or a ``FeatureError`` saying why there is none."""
        if self.client is None or self.state.status is not ConnectionStatus.CONNECTED:
            why = f": {self.ended_reason}" if self.ended_reason else ""
            raise FeatureError(f"{self.name} is not connected{why}", Failure.CONNECTION)
        return self.client

    @property
    def subscriptions(self) -> frozenset[str]:
        """The resources the person follows, kept across reconnects (``followed_resources``)."""
        return self._followed.uris

    async def follow_resources(self, uris: frozenset[str]) -> frozenset[str]:
        """2026: follow the updates of exactly ``uris`` through subscriptions/listen (the stream is opened
        anew); returns those the server agreed to."""
        self.live_client()
        return await self._followed.follow(uris)

    async def subscribe(self, uri: str, *, on: bool) -> None:
        """Legacy: resources/subscribe (or unsubscribe) ``uri``, remembered for the next connections."""
        await self._followed.subscribe(self.live_client(), uri, on=on)

    async def set_log_level(self, level: str) -> str:
        """Ask for log messages at ``level`` and above; returns a sentence saying what happened."""
        return await apply_log_level(self, level)

    async def update_roots(self, roots: tuple[str, ...]) -> str:
        """New roots: tell the server (roots/list_changed), or reconnect when the capability changes."""
        return await apply_roots(self, roots)
