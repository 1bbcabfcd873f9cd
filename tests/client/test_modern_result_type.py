"""A 2026-07-28 server may leave ``resultType`` out of its results (SEP-2322): they are complete results."""

from __future__ import annotations

from servers.harness import running, settled, stdio, wait_until

from tui.client.connection import Connection
from tui.client.manager import ConnectionManager
from tui.client.prompts import get_prompt
from tui.client.resources import read_resource
from tui.model.results import CallStatus, TextBlock
from tui.model.servers import ConnectionStatus


async def listed(manager: ConnectionManager, name: str) -> Connection:
    """The connection once its first tools/list is answered (tools listed, or why not)."""
    state = await settled(manager, name)
    assert state.status is ConnectionStatus.CONNECTED, state.error
    connection = manager.connection(name)
    await wait_until(lambda: bool(connection.tools or connection.tool_problems))
    return connection


async def test_tools_are_listed_from_a_server_that_never_states_result_type() -> None:
    async with running([stdio("m", "modern_raw_server.py", protocol="auto")]) as (manager, _):
        connection = await listed(manager, "m")
        assert connection.state.protocol_version == "2026-07-28"
        assert connection.tool_problems == ()
        assert [tool.name for tool in connection.tools] == ["echo"]


SERVES_DISCOVER_COMPLETE = stdio("m", "modern_raw_server.py", "--discover-complete", protocol="auto")


async def test_a_tool_result_without_result_type_is_complete() -> None:
    async with running([SERVES_DISCOVER_COMPLETE]) as (manager, _):
        await listed(manager, "m")
        outcome = await manager.call_tool("m", "echo", {"text": "complete"})
        assert outcome.status is CallStatus.OK, outcome.error
        assert outcome.content == (TextBlock("complete"),)


async def test_a_resource_read_without_result_type_is_complete() -> None:
    async with running([SERVES_DISCOVER_COMPLETE]) as (manager, _):
        client = (await listed(manager, "m")).live_client()
        (content,) = await read_resource(client, "note://one", 5)
        assert content.text == "the note"


async def test_a_prompt_without_result_type_is_complete() -> None:
    async with running([SERVES_DISCOVER_COMPLETE]) as (manager, _):
        client = (await listed(manager, "m")).live_client()
        prompt = await get_prompt(client, "greet", {}, 5)
        assert [message.content for message in prompt.messages] == [TextBlock("hello")]


async def test_the_traffic_log_shows_the_result_as_the_server_sent_it() -> None:
    async with running([stdio("m", "modern_raw_server.py", protocol="auto")]) as (manager, _):
        records = (await listed(manager, "m")).traffic.records
        (answer,) = [r for r in records if r.method == "tools/list" and r.direction == "in"]
        assert "resultType" not in answer.unredacted["result"]
