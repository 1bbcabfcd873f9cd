"""How a server reaches us once connected: the SDK ``Client`` built with mcp-tui's callbacks for its
notifications, its log messages and its own requests (elicitation, sampling, roots)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import mcp_types as types
from mcp import Client
from mcp.client import ClientRequestContext
from mcp.client.extension import advertise
from mcp.shared.subscriptions import SUBSCRIPTION_ID_META_KEY

import tui
from tui.client import errors
from tui.client.sampling import ask_person_to_sample
from tui.client.server_requests import ask_person, log_text
from tui.client.server_settings import roots_result
from tui.client.stderr_pipe import LineLog
from tui.config.model import ServerConfig
from tui.config.timeout_limits import MAX_TIMEOUT_S
from tui.model.events import ClientEvent, ListChanged, ResourceUpdated, ServerLog
from tui.model.servers import EXTENSION_ID

CLIENT_INFO = types.Implementation(name="mcp-tui", version=tui.__version__)


class ServerHooks:
    """The callbacks of one server's connections (they live across reconnects)."""

    def __init__(
        self,
        name: str,
        emit: Callable[[ClientEvent], None],
        log: LineLog,
        roots: Callable[[], tuple[str, ...]],
        tools_changed: Callable[[], None],
    ) -> None:
        self.name = name
        self._emit = emit
        self._log = log
        self._roots = roots
        self._tools_changed = tools_changed

    async def on_message(self, message: types.ServerNotification | Exception) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            self._tools_changed()
        elif isinstance(message, types.ResourceUpdatedNotification):
            # One from a subscriptions/listen stream (2026) is the follower's to pass on: the SDK hands
            # it here too, even from a stream already closed for another set of resources.
            if SUBSCRIPTION_ID_META_KEY not in (message.params.meta or {}):
                self._emit(ResourceUpdated(self.name, str(message.params.uri)))
        elif isinstance(message, types.ResourceListChangedNotification):
            self._emit(ListChanged(self.name, "resources"))
        elif isinstance(message, types.PromptListChangedNotification):
            self._emit(ListChanged(self.name, "prompts"))
        elif isinstance(message, Exception):
            self._log.append(f"[mcp-tui] transport error: {errors.describe(message)}")

    async def on_log(self, params: types.LoggingMessageNotificationParams) -> None:
        self._emit(ServerLog(self.name, params.level, log_text(params)))

    async def elicit(
        self, context: ClientRequestContext, params: types.ElicitRequestParams
    ) -> types.ElicitResult | types.ErrorData:
        return await ask_person(self._emit, self.name, params)

    async def sample(
        self, context: ClientRequestContext, params: types.CreateMessageRequestParams
    ) -> types.CreateMessageResult | types.ErrorData:
        return await ask_person_to_sample(self._emit, self.name, params)

    async def list_roots(self, context: ClientRequestContext) -> types.ListRootsResult:
        return roots_result(self._roots())


def build_client(transport: Any, config: ServerConfig, log_level: str | None, hooks: ServerHooks) -> Client:
    """A new ``Client`` (one per connection: a Client cannot be entered twice)."""
    return Client(
        transport,
        mode=config.protocol,
        # The SDK fixes its default limit here, for the whole connection. Each request of mcp-tui carries
        # the limit in force when it starts (its own, or a deadline around it), so the timeouts a person
        # edits hold from the next request; this default, the longest any limit may be, only backs them
        # up and never decides first.
        read_timeout_seconds=MAX_TIMEOUT_S,
        elicitation_callback=hooks.elicit,
        sampling_callback=hooks.sample,
        # The SDK declares the roots capability whenever it has a callback: none unless roots are set.
        list_roots_callback=hooks.list_roots if config.roots else None,
        # 2026 connections opt in to logging per request; earlier ones use logging/setLevel.
        log_level=cast(Any, log_level),
        logging_callback=hooks.on_log,
        message_handler=hooks.on_message,
        client_info=CLIENT_INFO,
        cache=None,
        # Legacy: sent at initialize; 2026: the SDK stamps it into every request's _meta.
        extensions=[advertise(EXTENSION_ID)],
    )
