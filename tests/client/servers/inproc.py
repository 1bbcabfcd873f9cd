"""An in-process MCPServer exercising what the connection layer must handle, in both protocol eras.

A middleware adds the draft flags (per-tool ``resolve`` / ``dynamicAnnotations`` and
``capabilities.tools.resolve``) that the SDK's models would strip.
"""

from __future__ import annotations

import base64
from typing import Any

import anyio
import mcp_types as types
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(32))


class DraftFlags:
    def __init__(self, per_tool: dict[str, dict[str, Any]], capability: dict[str, Any]) -> None:
        self.per_tool, self.capability = per_tool, capability

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        result = await call_next(ctx)
        if isinstance(result, dict) and ctx.method == "tools/list":
            for entry in result.get("tools", []):
                entry.update(self.per_tool.get(entry.get("name"), {}))
        if isinstance(result, dict) and self.capability and ctx.method in ("initialize", "server/discover"):
            result.setdefault("capabilities", {}).setdefault("tools", {}).update(self.capability)
        return result


class Answer(BaseModel):
    ok: bool


def build(*, capability: dict[str, Any] | None = None) -> MCPServer:
    server = MCPServer("inproc-test", version="1.2.3", instructions="Use the tools wisely.")

    @server.tool(annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False), title="Echo")
    def echo(text: str) -> str:
        """Returns its input."""
        return text

    @server.tool()
    def plain(x: int = 1) -> str:
        """No annotations at all."""
        return str(x)

    @server.tool(annotations=types.ToolAnnotations(destructive_hint=True))
    def files(action: str, path: str) -> str:
        """Resolvable per call (draft flag added by the middleware)."""
        return f"{action} {path}"

    @server.tool(annotations=types.ToolAnnotations(read_only_hint=True))
    def old_style(q: str) -> str:
        """Resolvable with the earlier draft."""
        return q

    @server.tool(structured_output=True)
    def typed(good: bool) -> Answer:
        """Declares an output schema."""
        return Answer(ok=True)

    @server.tool()
    async def with_progress(steps: int, ctx: Context) -> str:
        for i in range(steps):
            await ctx.report_progress(i + 1, steps, f"step {i + 1}")
        return "done"

    @server.tool()
    async def forever(ctx: Context) -> str:
        await anyio.sleep_forever()
        return "never"

    @server.tool()
    def picture() -> list[Any]:
        return [
            types.ImageContent(type="image", data=base64.b64encode(PNG).decode(), mime_type="image/png"),
            types.TextContent(type="text", text="a picture"),
        ]

    @server.tool()
    def fails() -> str:
        raise ToolError("the tool broke on purpose")

    @server.tool()
    async def add_tool(name: str, ctx: Context) -> str:
        server.add_tool(lambda: "new", name=name, description="added at run time")
        await ctx.notify_tools_changed()
        if ctx.protocol_version and not ctx.protocol_version.startswith("2026"):
            await ctx.request_context.session.send_tool_list_changed()
        return "added"

    class Name(BaseModel):
        name: str

    @server.tool()
    async def ask(ctx: Context) -> str:
        result = await ctx.elicit("What is your name?", Name)
        return f"{result.action}:{result.data.name if result.action == 'accept' and result.data else ''}"

    server.middleware.append(
        DraftFlags(
            {
                "files": {"resolve": True},
                "old_style": {"dynamicAnnotations": True},
                "plain": {"resolve": False},
            },
            capability or {},
        )
    )
    return server
