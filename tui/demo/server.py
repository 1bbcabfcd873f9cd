"""Build the demo MCP server: a low-level `Server` with tools, tools/resolve and tools/annotations."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from tui import __version__
from tui.demo.advertise import advertise_resolve
from tui.demo.registry import BY_NAME, TOOLS
from tui.demo.resolve import ResolveError, ResolveParams, handle_annotations, handle_resolve, refined
from tui.demo.sandbox import Sandbox, SandboxError
from tui.demo.spec import DemoState, ToolEnv, ToolResult, text
from tui.demo.telemetry import DemoTelemetry

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "A demo server bundled with mcp-tui. Its tools act only inside a sandbox directory. Many of them "
    "resolve their risk per call (tools/resolve): try manage_files with action=read, then delete."
)


class DemoServer(Server[Any]):
    """The demo server; `state` and `sandbox` are exposed so tests can look at real effects."""

    def __init__(self, sandbox: Path, telemetry: DemoTelemetry | None = None) -> None:
        super().__init__(
            "mcp-tui-demo",
            version=__version__,
            title="mcp-tui demo server",
            instructions=INSTRUCTIONS,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
        )
        self.sandbox = Sandbox(sandbox)
        self.telemetry = telemetry or DemoTelemetry(None)
        self.state = DemoState()
        self.add_request_handler("tools/resolve", ResolveParams, handle_resolve)
        self.add_request_handler("tools/annotations", ResolveParams, handle_annotations)
        self.middleware.append(advertise_resolve)

    async def _list_tools(
        self, ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=[types.Tool.model_validate(tool.wire()) for tool in TOOLS])

    async def _call_tool(
        self, ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
    ) -> ToolResult:
        tool = BY_NAME.get(params.name)
        if tool is None:
            raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool {params.name!r}.")
        arguments = params.arguments or {}
        try:
            refined(params.name, arguments)  # the same schema check as a preflight
        except ResolveError as error:
            return text(error.message, error=True)
        env = ToolEnv(self.sandbox, self.state, ctx, params)
        try:
            with self.telemetry.call_span(params.name, params.meta):
                return await tool.run(env, arguments)
        except SandboxError as refused:
            return text(f"Refused: {refused}.", error=True)
        except OSError as failure:
            return text(f"{tool.name} failed: {failure.strerror or failure}.", error=True)


def build_server(sandbox: Path, telemetry: DemoTelemetry | None = None) -> DemoServer:
    return DemoServer(sandbox, telemetry)
