"""One server's connection: a long-lived task that connects, lists tools, follows changes, and ends.

Every exit path (user disconnect, server crash, timeout, error) goes through one cancel scope around
``async with Client(...)``, so the SDK's own cleanup always runs and stdio children are always reaped.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import anyio
import mcp_types as types
from anyio.abc import Process
from mcp import Client
from mcp.client import ClientRequestContext
from mcp.client.extension import advertise
from mcp.client.subscriptions import ListenNotSupportedError, SubscriptionLost
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

import tui
from tui.client import errors
from tui.client.events import (
    ClientEvent,
    ServerLog,
    ServerStateChanged,
    StderrLine,
    ToolsChanged,
)
from tui.client.ext_types import server_resolve_dialect
from tui.client.models import EXTENSION_ID, ConnectionStatus, ServerState, ToolInfo
from tui.client.server_requests import ask_person, log_text
from tui.client.stderr_pipe import LineLog
from tui.client.tool_listing import list_all_tools
from tui.client.transport_factory import TransportContext, in_memory_transport, open_transport
from tui.client.transports import TransportWatch, wait_exit
from tui.config.model import ServerConfig, Timeouts

CLIENT_INFO = types.Implementation(name="mcp-tui", version=tui.__version__)


class Connection:
    def __init__(
        self,
        config: ServerConfig,
        timeouts: Timeouts,
        emit: Callable[[ClientEvent], None],
        target: object | None = None,
        prestarted: Process | None = None,
    ) -> None:
        self.config = config
        self.timeouts = timeouts
        self._emit = emit
        self._target = target
        # A process started before the SDK loaded (see prestart.py); adopted by the first connect only.
        self._prestarted = prestarted
        self.log = LineLog(lambda line: emit(StderrLine(config.name, line)))
        self.state = ServerState(config.name, ConnectionStatus.DISCONNECTED)
        self.tools: tuple[ToolInfo, ...] = ()
        self.connection_id = 0
        self.client: Client | None = None
        self.capabilities: dict[str, Any] = {}
        self.ended_reason: str | None = None
        """Why the live connection ended, once known (read by a call that lost its connection)."""
        self._task: asyncio.Task[None] | None = None
        self._scope: anyio.CancelScope | None = None
        self._stopping = False
        self._refresh: anyio.Event | None = None
        self._finished = asyncio.Event()
        self._transport_ended = False
        self.process_id: int | None = None
        """stdio: the server's process id while it runs (its process group is killed on close)."""

    @property
    def name(self) -> str:
        return self.config.name

    # ---- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is not None and not self._task.done():
            return
        self._stopping = False
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

    def _set_state(self, status: ConnectionStatus, **fields: Any) -> None:
        self.state = ServerState(self.name, status, tool_count=len(self.tools), **fields)
        self._emit(ServerStateChanged(self.state))

    async def _run(self) -> None:
        self.connection_id += 1
        self.tools, self.capabilities, self.ended_reason = (), {}, None
        self._transport_ended = False
        self._set_state(ConnectionStatus.CONNECTING)
        watch = TransportWatch()
        connected = False
        failure: str | None = None
        timed_out = False
        try:
            client = self._make_client(watch)
            async with anyio.create_task_group() as tg:
                with anyio.CancelScope(deadline=anyio.current_time() + self.timeouts.connect) as scope:
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
        finally:
            self.client = None
            self._scope = None
        if self._stopping:
            self.ended_reason = "disconnected"
            self._set_state(ConnectionStatus.DISCONNECTED)
        else:
            if self._transport_ended:
                failure = await self._describe_end(watch, connected, failure)
            elif timed_out:
                failure = f"timed out after {self.timeouts.connect:g} s during the handshake"
            self.ended_reason = failure or "the connection ended"
            self._set_state(ConnectionStatus.FAILED, error=self.ended_reason)
        self._finished.set()

    async def _cancel_when_ended(self, watch: TransportWatch, scope: anyio.CancelScope) -> None:
        await watch.ended.wait()
        # Ended because we were already closing it (timeout, disconnect)? Then that is the story.
        if not scope.cancel_called:
            self._transport_ended = True
            scope.cancel()

    async def _describe_end(self, watch: TransportWatch, connected: bool, failure: str | None) -> str:
        stage = "" if connected else " during the handshake"
        if watch.process is not None:
            code = await wait_exit(watch.process, 1.0)
            tail = errors.telling_lines(self.log.tail(40))
            last = f"; last stderr: {' | '.join(tail)}" if tail else ""
            if code is None:
                return f"the server closed its output{stage} but is still running{last}"
            if code < 0:
                return f"the server was killed by signal {-code}{stage}{last}"
            return f"the server exited with code {code}{stage}{last}"
        if watch.errors:
            return errors.describe(watch.errors[-1]) + stage
        return failure or f"the connection was closed{stage}"

    def _make_client(self, watch: TransportWatch) -> Client:
        config = self.config
        transport: Any
        if self._target is not None:
            transport = in_memory_transport(self._target, config, watch)
        else:
            # A process started early is adopted by the first connect only.
            prestarted, self._prestarted = self._prestarted, None
            transport = open_transport(config, TransportContext(self.timeouts, self.log, watch, prestarted))
        return Client(
            transport,
            mode=config.protocol,
            read_timeout_seconds=self.timeouts.request,
            elicitation_callback=self._elicit,
            logging_callback=self._on_log,
            message_handler=self._on_message,
            client_info=CLIENT_INFO,
            cache=None,
            # Legacy: sent at initialize; 2026: the SDK stamps it into every request's _meta.
            extensions=[advertise(EXTENSION_ID)],
        )

    async def _on_connected(self, client: Client, watch: TransportWatch) -> None:
        self.capabilities = await self._raw_capabilities(client, watch)
        info = client.server_info
        self._set_state(
            ConnectionStatus.CONNECTED,
            server_name=info.name if info else None,
            server_version=info.version if info else None,
            protocol_version=client.protocol_version,
            instructions=client.instructions,
            resolve_capability=server_resolve_dialect(self.capabilities),
        )
        await self._refresh_tools(client)

    async def _raw_capabilities(self, client: Client, watch: TransportWatch) -> dict[str, Any]:
        """The capabilities exactly as sent: the typed ones lack the draft ``tools.resolve`` flags."""
        raw = (watch.handshake or {}).get("capabilities")
        if raw is None and client.protocol_version in MODERN_PROTOCOL_VERSIONS:
            try:
                with anyio.fail_after(self.timeouts.request):
                    discovered = await client.session.send_discover(client.protocol_version)
                raw = discovered.get("capabilities")
            except (MCPError, TimeoutError):
                raw = None
        if not isinstance(raw, dict):
            raw = client.server_capabilities.model_dump(by_alias=True, mode="json", exclude_none=True)
        return raw

    async def _live(self, client: Client) -> None:
        self._refresh = anyio.Event()
        async with anyio.create_task_group() as tg:
            tg.start_soon(self._refresh_loop, client)
            if client.protocol_version in MODERN_PROTOCOL_VERSIONS:
                tg.start_soon(self._listen_loop, client)
            await anyio.sleep_forever()

    # ---- tools -------------------------------------------------------------------------------

    async def list_tools(self, client: Client) -> tuple[ToolInfo, ...]:
        return await list_all_tools(client, self.name, self.capabilities, self.timeouts.request)

    async def _refresh_tools(self, client: Client) -> None:
        try:
            tools = await self.list_tools(client)
        except Exception as exc:
            self.log.append(f"[mcp-tui] listing the tools failed: {errors.describe(exc)}")
            tools = ()
        self.tools = tools
        self.state = replace(self.state, tool_count=len(tools))
        self._emit(ToolsChanged(self.name, tools))
        self._emit(ServerStateChanged(self.state))

    async def _refresh_loop(self, client: Client) -> None:
        while True:
            assert self._refresh is not None
            await self._refresh.wait()
            # Coalesce a burst of list_changed notifications into one listing.
            self._refresh = anyio.Event()
            await self._refresh_tools(client)

    def request_refresh(self) -> None:
        if self._refresh is not None:
            self._refresh.set()

    async def _listen_loop(self, client: Client) -> None:
        """2026 connections deliver tools/list_changed only to a ``subscriptions/listen`` stream."""
        try:
            async with client.listen(tools_list_changed=True) as subscription:
                # The stream has no replay: a change between the first listing and the subscription's
                # acknowledgement would be lost, so list once more now that changes are followed.
                self.request_refresh()
                async for _event in subscription:
                    self.request_refresh()
        except (ListenNotSupportedError, SubscriptionLost, MCPError, TimeoutError) as exc:
            self.log.append(f"[mcp-tui] not following tool list changes: {errors.describe(exc)}")

    # ---- callbacks from the session ----------------------------------------------------------

    async def _on_message(self, message: types.ServerNotification | Exception) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            self.request_refresh()
        elif isinstance(message, Exception):
            self.log.append(f"[mcp-tui] transport error: {errors.describe(message)}")

    async def _on_log(self, params: types.LoggingMessageNotificationParams) -> None:
        self._emit(ServerLog(self.name, params.level, log_text(params)))

    async def _elicit(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        return await ask_person(self._emit, self.name, params)
