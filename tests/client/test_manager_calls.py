"""Calls through the manager: results the SDK would throw away, logs, elicitation and resolve."""

from __future__ import annotations

import asyncio

import pytest
from servers import inproc, lowlevel
from servers.harness import running, wait_until

from tui.config.model import ServerConfig
from tui.model.events import ElicitationRequested, ServerLog
from tui.model.results import CallStatus, TextBlock

CONFIG = ServerConfig(name="t", transport="stdio", command="unused")
TEXT = [{"type": "text", "text": "the result"}]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_output_schema_mismatch_keeps_the_result(mode: str) -> None:
    server = lowlevel.build(
        {
            "wrong": {"content": TEXT, "structuredContent": {"count": "seven"}},
            "missing": {"content": TEXT},
            "right": {"content": TEXT, "structuredContent": {"count": 7}},
            "tool_error": {"content": TEXT, "isError": True},
        }
    )
    config = ServerConfig(name="t", transport="stdio", command="unused", protocol=mode)
    async with running([config], targets={"t": server}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 4)
        wrong = await manager.call_tool("t", "wrong", {})
        assert wrong.status is CallStatus.OK
        assert wrong.content == (TextBlock("the result"),)
        assert wrong.structured == {"count": "seven"}
        assert wrong.error == (
            "The structured content does not match the tool's output schema at count: "
            "'seven' is not of type 'integer'"
        )
        missing = await manager.call_tool("t", "missing", {})
        assert missing.content == (TextBlock("the result"),)
        assert missing.error == "The tool declares an output schema but returned no structured content."
        right = await manager.call_tool("t", "right", {})
        assert right.error is None
        assert right.structured == {"count": 7}
        tool_error = await manager.call_tool("t", "tool_error", {})
        assert tool_error.is_error
        assert tool_error.error is None  # an isError result need not match the schema


async def test_server_logs_become_events() -> None:
    server = lowlevel.build({"logs": {"content": TEXT, "structuredContent": {"count": 1}}})
    async with running([CONFIG], targets={"t": server}) as (manager, events):
        await wait_until(lambda: bool(manager.tools("t")))
        await manager.call_tool("t", "logs", {})
        await wait_until(lambda: bool(events.of(ServerLog)))
        assert events.of(ServerLog) == [ServerLog("t", "warning", 'storage: {"disk": "almost full"}')]


async def test_resolve_goes_to_the_tool_s_declared_method() -> None:
    server = lowlevel.build({"any": {"content": TEXT}})
    async with running([CONFIG], targets={"t": server}) as (manager, _):
        await wait_until(lambda: bool(manager.tools("t")))
        assert manager.tools("t")[0].resolve_method == "tools/resolve"
        outcome = await manager.resolve("t", "any", {}, 30.0)
        assert outcome.error is None, outcome.error
        assert outcome.annotations == {"readOnlyHint": True}
        unknown = await manager.resolve("t", "nope", {}, 30.0)
        assert unknown.error == "nope does not declare per-call resolution"


@pytest.mark.parametrize(
    ("answer", "expected"), [(("accept", {"name": "Ada"}), "accept:Ada"), (("decline", None), "decline:")]
)
async def test_elicitation_travels_as_an_event_with_a_future(
    answer: tuple[str, dict[str, str] | None], expected: str
) -> None:
    def emit(event: object) -> None:
        recorded.append(event)
        if isinstance(event, ElicitationRequested):
            assert event.message == "What is your name?"
            assert event.requested_schema["properties"]["name"]["type"] == "string"
            event.answer.set_result(answer)

    recorded: list[object] = []
    async with running([CONFIG], targets={"t": inproc.build()}) as (manager, _):
        manager._connections["t"]._emit = emit  # answer from inside emit, as the UI would
        await wait_until(lambda: bool(manager.tools("t")))
        outcome = await manager.call_tool("t", "ask", {})
        assert outcome.content == (TextBlock(expected),)


async def test_elicitation_future_is_cancelled_when_the_call_is() -> None:
    async with running([CONFIG], targets={"t": inproc.build()}) as (manager, events):
        await wait_until(lambda: bool(manager.tools("t")))
        task = asyncio.create_task(manager.call_tool("t", "ask", {}))
        await wait_until(lambda: bool(events.of(ElicitationRequested)))
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        future = events.of(ElicitationRequested)[0].answer
        await wait_until(future.done)
        assert future.cancelled()
