"""Tools that show protocol features: structured output, progress with cancellation, elicitation."""

from __future__ import annotations

from typing import Any

import anyio
import mcp_types as types
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tui.demo.hints import READ
from tui.demo.spec import DemoTool, JsonObject, ToolEnv, ToolResult, schema, text
from tui.demo.tools_static import NOTES

STATS_SCHEMA: JsonObject = {
    "type": "object",
    "properties": {
        "files": {"type": "integer", "description": "Number of files in the sandbox."},
        "bytes": {"type": "integer", "description": "Their total size."},
        "notes": {"type": "integer", "description": f"Lines in {NOTES}."},
        "largest": {"type": ["string", "null"], "description": "The largest file, if any."},
    },
    "required": ["files", "bytes", "notes", "largest"],
}


def _stats(env: ToolEnv) -> JsonObject:
    env.sandbox.ensure()
    root = env.sandbox.root
    files = [p for p in root.rglob("*") if p.is_file() and not p.is_symlink()]
    sizes = {p.relative_to(root).as_posix(): p.stat().st_size for p in files}
    notes = root / NOTES
    return {
        "files": len(files),
        "bytes": sum(sizes.values()),
        "notes": len(notes.read_text(encoding="utf-8").splitlines()) if notes.is_file() else 0,
        "largest": max(sorted(sizes), key=sizes.__getitem__) if sizes else None,
    }


async def sandbox_stats(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    stats = await anyio.to_thread.run_sync(_stats, env)
    summary = (
        f"{stats['files']} files, {stats['bytes']} bytes, {stats['notes']} notes; largest: {stats['largest']}"
    )
    return types.CallToolResult(
        content=[types.TextContent(type="text", text=summary)], structured_content=stats
    )


async def slow_count(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    steps, delay = arguments.get("steps", 10), arguments.get("delay_seconds", 0.3)
    env.state.long_runs_started += 1
    try:
        for step in range(1, steps + 1):
            await anyio.sleep(delay)
            await env.ctx.session.report_progress(step, steps, f"step {step} of {steps}")
    except anyio.get_cancelled_exc_class():
        env.state.long_runs_cancelled += 1
        raise
    return text(f"Counted to {steps}.")


QUESTION: JsonObject = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name", "minLength": 1},
        "colour": {"type": "string", "title": "Favourite colour", "enum": ["red", "green", "blue"]},
    },
    "required": ["name"],
}
MESSAGE = "The demo server would like to greet you. What is your name?"
NO_ELICITATION = (
    "I could not ask you: this client does not support elicitation (the MCP feature that lets a server "
    "ask the user a question). Nothing was done."
)


def _answer(result: types.ElicitResult) -> ToolResult:
    if result.action == "accept" and result.content:
        name = str(result.content.get("name", "")).strip() or "stranger"
        colour = result.content.get("colour")
        return text(
            f"Nice to meet you, {name}!"
            + (f" {str(colour).capitalize()} is a fine colour." if colour else "")
        )
    if result.action == "decline":
        return text("You declined to answer. Nothing else happened.")
    return text("You dismissed the question. Nothing else happened.")


def _received(responses: Any) -> types.ElicitResult | None:
    answer = (responses or {}).get("answer")
    if answer is None:
        return None
    raw = answer.model_dump(by_alias=True, exclude_none=True) if hasattr(answer, "model_dump") else answer
    return types.ElicitResult.model_validate(raw)


async def ask_user(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    received = _received(env.params.input_responses)
    if received is not None:
        return _answer(received)
    session = env.ctx.session
    if not session.check_client_capability(
        types.ClientCapabilities(elicitation=types.ElicitationCapability())
    ):
        return text(NO_ELICITATION, error=True)
    if env.ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
        # 2026-07-28 has no server-to-client requests: ask by returning the question; the client retries.
        request = types.ElicitRequest(
            params=types.ElicitRequestFormParams(message=MESSAGE, requested_schema=QUESTION)
        )
        return types.InputRequiredResult(input_requests={"answer": request})
    return _answer(await session.elicit_form(MESSAGE, QUESTION, related_request_id=env.ctx.request_id))


TOOLS = [
    DemoTool(
        "sandbox_stats",
        "Sandbox statistics",
        "Count the files in the sandbox, their size and the notes. Returns structured content that "
        "matches its output schema, as well as a text summary.",
        schema({}),
        READ,
        sandbox_stats,
        display_template="count the files and notes in the sandbox",
        output_schema=STATS_SCHEMA,
    ),
    DemoTool(
        "slow_count",
        "Count slowly (progress)",
        "Count to a number, one step at a time, reporting progress after each step (about 3 seconds with "
        "the defaults). Cancel it to see it stop at once.",
        schema(
            {
                "steps": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10},
                "delay_seconds": {"type": "number", "minimum": 0, "maximum": 5, "default": 0.3},
            }
        ),
        READ,
        slow_count,
        display_template="count to {steps}, {delay_seconds} s per step",
    ),
    DemoTool(
        "ask_user",
        "Ask you a question (elicitation)",
        "Ask you for your name through elicitation, the MCP feature that lets a server ask the user "
        "something while a tool runs, then greet you. If the client cannot ask, it says so and does nothing.",
        schema({}),
        READ,
        ask_user,
        display_template="ask you for your name",
    ),
]
