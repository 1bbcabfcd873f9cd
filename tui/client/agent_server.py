"""The MCP server side of the gateway: serve a tool list to an agent and hand each request to handlers.

This module only speaks the protocol (the mcp SDK's low-level ``Server``); everything it serves comes from
``AgentHandlers`` as plain wire dicts, and every decision is theirs. The gateway front end supplies the
handlers through the session, so no policy lives here and no SDK type leaves this module.
"""

from __future__ import annotations

import socket
from collections.abc import Awaitable
from typing import Any, Protocol, TypeVar

import anyio
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.session import ServerSession
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tui.model.agents import AgentInfo, RefusedRequest

Context = ServerRequestContext[Any, Any]
T = TypeVar("T")

UNNAMED_AGENT = AgentInfo("unnamed agent", "unknown")
"""An agent whose host sent no ``clientInfo`` (2026-07-28 makes it optional)."""


class AgentLink:
    """One agent request as the handlers see it: who asks, and the way back to the agent's host."""

    def __init__(self, ctx: ServerRequestContext[Any, Any]) -> None:
        self._ctx = ctx
        params = ctx.session.client_params
        info = params.client_info if params is not None else None
        self.agent = AgentInfo(info.name, info.version) if info is not None else UNNAMED_AGENT

    @property
    def can_elicit(self) -> bool:
        """The host declared form elicitation."""
        wanted = types.ClientCapabilities(elicitation=types.ElicitationCapability())
        return self._ctx.session.check_client_capability(wanted)

    @property
    def asks_by_returning(self) -> bool:
        """A 2026-07-28 connection: no server-to-client requests, so a question goes back as an
        ``input_required`` result, and the host calls again with the answer (``answer_to``)."""
        return self._ctx.protocol_version in MODERN_PROTOCOL_VERSIONS

    def answer_to(self, key: str) -> tuple[str, dict[str, Any] | None] | None:
        """The host's answer to the question ``key`` this retried request carries, or None."""
        params = self._ctx.params or {}
        responses = params.get("inputResponses") or params.get("input_responses") or {}
        raw = responses.get(key) if isinstance(responses, dict) else None
        if raw is None:
            return None
        raw = raw.model_dump(by_alias=True, exclude_none=True) if hasattr(raw, "model_dump") else raw
        try:
            result = types.ElicitResult.model_validate(raw)
        except ValueError:
            return ("cancel", None)  # not an answer to a form: counts as no
        return result.action, dict(result.content) if result.content is not None else None

    @property
    def request_state(self) -> str | None:
        """What the gateway gave the host to send back with its answer (echoed as is)."""
        params = self._ctx.params or {}
        state = params.get("requestState", params.get("request_state"))
        return state if isinstance(state, str) else None

    async def elicit(self, message: str, schema: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        """Ask the host's user through a form; (action, content). Cancelling this cancels the request."""
        result = await self._ctx.session.elicit_form(message, schema, related_request_id=self._ctx.request_id)
        return result.action, dict(result.content) if result.content is not None else None

    @property
    def trace_context(self) -> tuple[tuple[str, str], ...]:
        """The agent's W3C trace context from the request's ``_meta`` (never ``baggage``)."""
        meta = self._ctx.meta or {}
        return tuple(
            (key, value) for key in ("traceparent", "tracestate") if isinstance(value := meta.get(key), str)
        )

    @property
    def wants_progress(self) -> bool:
        """The agent sent a progress token with this request (so the server is asked for progress too)."""
        return (self._ctx.meta or {}).get("progress_token") is not None

    async def progress(self, progress: float, total: float | None, message: str | None) -> None:
        """Pass a server's progress on to the agent (nothing when the agent asked for none)."""
        await self._ctx.session.report_progress(progress, total, message)


class AgentHandlers(Protocol):
    """What the gateway answers; every value is a wire dict exactly as it goes to the agent. A request it
    cannot answer raises ``RefusedRequest`` (sent as invalid params, with its text)."""

    def list_tools(self) -> list[dict[str, Any]]: ...

    async def call_tool(self, name: str, arguments: dict[str, Any], link: AgentLink) -> dict[str, Any]: ...

    async def list_resources(self) -> list[dict[str, Any]]: ...

    async def list_resource_templates(self) -> list[dict[str, Any]]: ...

    async def read_resource(self, uri: str) -> list[dict[str, Any]]: ...

    async def list_prompts(self) -> list[dict[str, Any]]: ...

    async def get_prompt(self, name: str, arguments: dict[str, str]) -> dict[str, Any]: ...


class AgentServer:
    """The MCP server agents connect to; ``tools_changed`` tells every connected agent to list again."""

    def __init__(self, handlers: AgentHandlers, *, name: str, version: str, instructions: str) -> None:
        self._handlers = handlers
        self._agents: dict[int, tuple[object, ServerSession]] = {}
        """One request's session per connected agent, keyed by its connection's ``clientInfo`` object: a
        notification sent without a request id goes on that connection's own channel, after the request."""
        self.server: Server[Any] = Server(
            name,
            version=version,
            instructions=instructions,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
            # Read-only pass-through: listing and reading, never subscribing or completing.
            on_list_resources=self._list_resources,
            on_list_resource_templates=self._list_templates,
            on_read_resource=self._read_resource,
            on_list_prompts=self._list_prompts,
            on_get_prompt=self._get_prompt,
        )

    async def _list_tools(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        self._remember(ctx)
        tools = [types.Tool.model_validate(tool) for tool in self._handlers.list_tools()]
        return types.ListToolsResult(tools=tools)

    async def _call_tool(
        self, ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult | types.InputRequiredResult:
        self._remember(ctx)
        raw = await self._handlers.call_tool(params.name, dict(params.arguments or {}), AgentLink(ctx))
        try:
            if raw.get("resultType") == "input_required":
                return types.InputRequiredResult.model_validate(raw)
            return types.CallToolResult.model_validate(raw)
        except ValueError as error:  # the server's result was checked when it arrived; this is a bug guard
            raise MCPError(code=types.INTERNAL_ERROR, message=f"unusable result: {error}") from None

    async def _list_resources(self, ctx: Context, params: types.PaginatedRequestParams | None) -> Any:
        found = await _refusing(self._handlers.list_resources())
        return types.ListResourcesResult.model_validate({"resources": found})

    async def _list_templates(self, ctx: Context, params: types.PaginatedRequestParams | None) -> Any:
        found = await _refusing(self._handlers.list_resource_templates())
        return types.ListResourceTemplatesResult.model_validate({"resourceTemplates": found})

    async def _read_resource(self, ctx: Context, params: types.ReadResourceRequestParams) -> Any:
        contents = await _refusing(self._handlers.read_resource(str(params.uri)))
        return types.ReadResourceResult.model_validate({"contents": contents})

    async def _list_prompts(self, ctx: Context, params: types.PaginatedRequestParams | None) -> Any:
        found = await _refusing(self._handlers.list_prompts())
        return types.ListPromptsResult.model_validate({"prompts": found})

    async def _get_prompt(self, ctx: Context, params: types.GetPromptRequestParams) -> Any:
        result = await _refusing(self._handlers.get_prompt(params.name, dict(params.arguments or {})))
        return types.GetPromptResult.model_validate(result)

    def _remember(self, ctx: ServerRequestContext[Any, Any]) -> None:
        params = ctx.session.client_params
        if params is not None:  # held, so its id stays this connection's while it is in the dict
            self._agents[id(params)] = (params, ctx.session)

    async def tools_changed(self) -> None:
        """Send ``notifications/tools/list_changed`` to every agent that has listed or called a tool."""
        for key, (_params, session) in list(self._agents.items()):
            try:
                await session.send_tool_list_changed()
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                self._agents.pop(key, None)  # that agent has gone

    def initialization_options(self) -> Any:
        return self.server.create_initialization_options(NotificationOptions(tools_changed=True))

    async def serve_http(self, listening: socket.socket, token: str) -> None:
        """Serve streamable HTTP on ``listening`` (127.0.0.1), every request behind ``token``."""
        from tui.client.agent_http import serve_http

        await serve_http(self.server.streamable_http_app(host="127.0.0.1"), listening, token)

    async def serve_stdio(self) -> None:
        """Serve one agent over this process's stdin and stdout until it disconnects."""
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read, write):
            await self.server.run(read, write, self.initialization_options())


async def _refusing(pending: Awaitable[T]) -> T:
    """The handler's answer, or its refusal as a JSON-RPC error the agent can read."""
    try:
        return await pending
    except RefusedRequest as refused:
        raise MCPError(code=types.INVALID_PARAMS, message=str(refused)) from None
