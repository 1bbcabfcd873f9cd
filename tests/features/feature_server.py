"""An in-process server with everything beside tools: resources (paginated), templates, subscriptions,
prompts, completions, logging with a level, sampling and elicitation through tools, and roots through a
tool."""

from __future__ import annotations

from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from pydantic import BaseModel

LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
PNG = b"\x89PNG\r\n\x1a\n\x00\x01binary"


class State:
    def __init__(self) -> None:
        self.level = "debug"
        self.subscribed: list[str] = []
        self.refused: set[str] = set()
        """Resources whose subscription the server refuses from now on: an error answer, or on 2026 left
        out of the resources a listen stream agrees to."""


def build(state: State | None = None) -> MCPServer:
    state = state or State()
    server = MCPServer("feature-test", version="4.5.6", instructions="Read the notes first.")

    @server.resource("notes://plain", name="plain", mime_type="text/plain")
    def plain() -> str:
        return "[b]not markup[/b]"

    @server.resource("notes://data.json", name="data", mime_type="application/json")
    def data() -> str:
        return '{"b": 1, "a": [1, 2]}'

    @server.resource("notes://logo.png", name="logo", mime_type="image/png")
    def logo() -> bytes:
        return PNG

    @server.resource("notes://greeting/{name}", name="greeting", mime_type="text/plain")
    def greeting(name: str) -> str:
        return f"Hello, {name}!"

    @server.prompt(name="review", description="Review some code")
    def review(code: str, language: str = "python") -> list[dict[str, Any]]:
        return [
            {"role": "user", "content": {"type": "text", "text": f"Review this {language}: {code}"}},
            {"role": "assistant", "content": {"type": "text", "text": "[red]literal[/red]"}},
        ]

    @server.completion()
    async def completions(ref: Any, argument: Any, context: Any) -> types.Completion | None:
        options = ["python", "pascal", "perl"] if argument.name == "language" else ["ada", "alan"]
        return types.Completion(values=[o for o in options if o.startswith(argument.value)])

    @server.tool()
    async def chatty(ctx: Context) -> str:
        """Logs at every level."""
        for level in LEVELS:
            if LEVELS.index(level) >= LEVELS.index(state.level):
                await ctx.log(level, f"a {level} message", logger_name="chatty")  # type: ignore[arg-type]
        return "logged"

    @server.tool()
    async def ask_model(ctx: Context, question: str) -> str:
        """Asks the client's model (sampling)."""
        result = await ctx.session.create_message(
            messages=[
                types.SamplingMessage(role="user", content=types.TextContent(type="text", text=question))
            ],
            max_tokens=50,
            system_prompt="Answer briefly.",
            model_preferences=types.ModelPreferences(
                hints=[types.ModelHint(name="claude")], intelligence_priority=0.8
            ),
        )
        content = result.content
        return f"model {result.model} said: {getattr(content, 'text', content)}"

    class SignIn(BaseModel):
        user: str
        password: str

    @server.tool()
    async def sign_in(ctx: Context) -> str:
        """Asks the person for a user name and a password (elicitation)."""
        result = await ctx.elicit("Sign in to the [b]vault[/b].", SignIn)
        return f"{result.action}:{result.data.user if result.action == 'accept' and result.data else ''}"

    @server.tool()
    async def change_lists(ctx: Context) -> str:
        """Says its resources and prompts changed (2026: to subscriptions/listen streams only)."""
        if (ctx.protocol_version or "").startswith("2026"):
            await ctx.notify_resources_changed()
            await ctx.notify_prompts_changed()
        else:
            await ctx.session.send_resource_list_changed()
            await ctx.session.send_prompt_list_changed()
        return "changed"

    @server.tool()
    async def touch(uri: str, ctx: Context) -> str:
        """Says the resource at ``uri`` was updated (2026: to subscriptions/listen streams only)."""
        if (ctx.protocol_version or "").startswith("2026"):
            await ctx.notify_resource_updated(uri)
        else:
            await ctx.session.send_resource_updated(uri)
        return "touched"

    @server.tool()
    async def my_roots(ctx: Context) -> str:
        """Lists the client's roots."""
        result = await ctx.session.list_roots()
        return "\n".join(str(root.uri) for root in result.roots) or "(none)"

    async def set_level(ctx: ServerRequestContext[Any, Any], params: types.SetLevelRequestParams) -> Any:
        state.level = params.level
        return types.EmptyResult()

    async def subscribe(ctx: ServerRequestContext[Any, Any], params: types.SubscribeRequestParams) -> Any:
        if str(params.uri) in state.refused:
            return types.ErrorData(code=types.INVALID_PARAMS, message=f"no updates of {params.uri} any more")
        state.subscribed.append(str(params.uri))
        await ctx.session.send_resource_updated(params.uri)
        return types.EmptyResult()

    async def unsubscribe(ctx: ServerRequestContext[Any, Any], params: types.UnsubscribeRequestParams) -> Any:
        state.subscribed.remove(str(params.uri))
        return types.EmptyResult()

    low = server._lowlevel_server
    low.add_request_handler("logging/setLevel", types.SetLevelRequestParams, set_level)
    low.add_request_handler("resources/subscribe", types.SubscribeRequestParams, subscribe)
    low.add_request_handler("resources/unsubscribe", types.UnsubscribeRequestParams, unsubscribe)
    listen = low._request_handlers["subscriptions/listen"]

    async def refusing_listen(ctx: ServerRequestContext[Any, Any], params: Any) -> Any:
        asked = params.notifications
        if asked is not None and asked.resource_subscriptions:
            kept = [uri for uri in asked.resource_subscriptions if uri not in state.refused]
            params = params.model_copy(
                update={"notifications": asked.model_copy(update={"resource_subscriptions": kept})}
            )
        return await listen.handler(ctx, params)

    low.add_request_handler("subscriptions/listen", listen.params_type, refusing_listen)
    return server
