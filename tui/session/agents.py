"""Serving agents: the session's door for the gateway front end (``tui/gateway``).

The gateway answers agents' requests with this session's tools, calls and decisions; the protocol side
(an MCP server over stdio) is ``tui/client/agent_server.py``, reached only through here so that the
gateway, like every front end, stands on the session alone. The types below are what the gateway sees.
"""

from __future__ import annotations

import socket
from typing import Any, Protocol

from tui.model.agents import AgentInfo


class AgentRequest(Protocol):
    """One agent request: who asks, and the way back to its host."""

    agent: AgentInfo

    @property
    def can_elicit(self) -> bool:
        """The host declared form elicitation and can be asked now."""
        ...

    @property
    def asks_by_returning(self) -> bool:
        """2026-07-28: a question goes back as an ``input_required`` result; the host calls again."""
        ...

    def answer_to(self, key: str) -> tuple[str, dict[str, Any] | None] | None:
        """The host's answer to question ``key`` carried by this retried request, or None."""
        ...

    @property
    def request_state(self) -> str | None:
        """The state the host sent back with its answer."""
        ...

    async def elicit(self, message: str, schema: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
        """Ask the host's user through a form: (action, content)."""
        ...

    @property
    def trace_context(self) -> tuple[tuple[str, str], ...]:
        """The agent's W3C trace context from the request's ``_meta`` (``traceparent``, ``tracestate``)."""
        ...

    @property
    def wants_progress(self) -> bool:
        """The agent asked for progress on this request."""
        ...

    async def progress(self, progress: float, total: float | None, message: str | None) -> None: ...


class AgentHandlers(Protocol):
    """What the gateway answers, as wire dicts exactly as they go to the agent."""

    def list_tools(self) -> list[dict[str, Any]]: ...

    async def call_tool(self, name: str, arguments: dict[str, Any], link: Any) -> dict[str, Any]: ...

    async def list_resources(self) -> list[dict[str, Any]]: ...

    async def list_resource_templates(self) -> list[dict[str, Any]]: ...

    async def read_resource(self, uri: str) -> list[dict[str, Any]]: ...

    async def list_prompts(self) -> list[dict[str, Any]]: ...

    async def get_prompt(self, name: str, arguments: dict[str, str]) -> dict[str, Any]: ...


class AgentServing(Protocol):
    async def tools_changed(self) -> None:
        """Tell every connected agent that the tool list changed."""
        ...

    async def serve_stdio(self) -> None:
        """Serve one agent over stdin/stdout until it disconnects."""
        ...

    async def serve_http(self, listening: socket.socket, token: str) -> None:
        """Serve streamable HTTP on ``listening`` (127.0.0.1) until interrupted; every request must carry
        ``Authorization: Bearer TOKEN``."""
        ...


def agent_server(handlers: AgentHandlers, *, name: str, version: str, instructions: str) -> AgentServing:
    """An MCP server for agents that answers with ``handlers`` (loads the SDK's server side)."""
    from tui.client.agent_server import AgentServer

    return AgentServer(handlers, name=name, version=version, instructions=instructions)
