"""``mcp-tui gateway`` in front of the demo, with the SDK's Client as the agent: every call through the
session's decision path, results passed on unchanged, refusals as tool errors that say why."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

import anyio
import pytest
from gateway_harness import (
    AGENT,
    agent,
    answer,
    audit_records,
    demo_rule,
    demo_server,
    seed_sandbox,
    text_of,
    write_config,
)
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

NOTES = "Buy milk.\nCall Ada.\n"


async def test_done_when_read_allowed_delete_declined_never_denied_and_three_audit_records(
    home: Path,
) -> None:
    """The issue's scenario: an auto-approved read returns the file's text; a delete asks through
    elicitation and, declined, returns a tool error while the file stays; a never rule returns a tool error
    naming the rule; the audit log has the three records with interface gateway and the agent."""
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"notes.txt": NOTES})
    write_config(home, demo_rule("manage_files", "always", "safe") + demo_rule("sql", "never"))
    decline = answer("decline")
    async with agent(home, decline) as client:
        read = await client.call_tool("manage_files", {"action": "read", "path": "notes.txt"})
        assert not read.is_error
        assert NOTES in text_of(read)
        assert decline.asked == []  # the read needed no one

        delete = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
        assert delete.is_error
        assert "declined" in text_of(delete)
        assert "Nothing was sent" in text_of(delete)
        assert (sandbox / "notes.txt").read_text(encoding="utf-8") == NOTES

        query = await client.call_tool("sql", {"query": "SELECT 1"})
        assert query.is_error
        assert "never-rule" in text_of(query)

    [form] = decline.asked
    assert "Grade: high" in form.message
    assert '"action": "delete"' in form.message
    assert '"path": "notes.txt"' in form.message
    assert "red-team-agent 9.9.1" in form.message
    records = audit_records(home)
    assert [(r["tool"], r["decision"], r["outcome"]) for r in records] == [
        ("manage_files", "allow", "ok"),
        ("manage_files", "ask", "cancelled"),
        ("sql", "deny", "denied"),
    ]
    assert {r["interface"] for r in records} == {"gateway"}
    assert all(r["agent"] == {"name": AGENT.name, "version": AGENT.version} for r in records)


async def test_an_ask_with_no_one_to_ask_is_a_tool_error_and_nothing_is_sent(home: Path) -> None:
    """A host without elicitation (and no mcp-tui attached): "approval needed" with the reason."""
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"notes.txt": NOTES})
    async with agent(home) as client:
        result = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
    assert result.is_error
    assert "Approval needed" in text_of(result)
    assert "confirm-destructive" in text_of(result)
    assert (sandbox / "notes.txt").exists()
    [record] = audit_records(home)
    assert (record["outcome"], record["choice"]) == ("unanswered", "unanswered")


async def test_accept_allows_once_and_the_result_is_the_servers_unchanged(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"a.txt": NOTES})
    accept = answer("accept", {"allow": True})
    async with agent(home, accept) as client:
        through = await client.call_tool("manage_files", {"action": "read", "path": "a.txt"})
        deleted = await client.call_tool("manage_files", {"action": "delete", "path": "a.txt"})
        # Once means once: the next delete of another file asks again.
        seed_sandbox(sandbox, {"b.txt": NOTES})
        await client.call_tool("manage_files", {"action": "delete", "path": "b.txt"})
    assert not deleted.is_error
    assert not (sandbox / "a.txt").exists()
    assert not (sandbox / "b.txt").exists()
    assert len(accept.asked) == 3
    # The same read straight from the demo: the gateway passed the server's result on unchanged.
    seed_sandbox(sandbox, {"a.txt": NOTES})
    direct = StdioServerParameters(
        command=sys.executable, args=["-m", "tui", "demo-server", "--sandbox", str(sandbox)]
    )
    async with Client(stdio_client(direct), mode="legacy") as demo:
        straight = await demo.call_tool("manage_files", {"action": "read", "path": "a.txt"})
    assert through.model_dump() == straight.model_dump()


async def test_accept_with_allow_unticked_sends_nothing(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"notes.txt": NOTES})
    async with agent(home, answer("accept", {"allow": False})) as client:
        result = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
    assert result.is_error
    assert (sandbox / "notes.txt").exists()


async def test_one_server_keeps_names_several_get_prefixes_with_definitions_passed_through(
    home: Path,
) -> None:
    async with agent(home) as client:
        single = {tool.name: tool for tool in (await client.list_tools()).tools}
    write_config(home, demo_server("left", home / "left") + demo_server("right", home / "right"))
    async with agent(home) as client:
        several = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert "manage_files" in single
    assert "sql" in single
    assert set(several) == {f"{side}__{name}" for side in ("left", "right") for name in single}
    for name, tool in single.items():
        prefixed = several[f"right__{name}"]
        assert prefixed.model_dump(exclude={"name"}) == tool.model_dump(exclude={"name"})
    assert single["manage_files"].annotations is not None


async def test_a_prefixed_name_reaches_its_own_server_only(home: Path) -> None:
    write_config(
        home,
        demo_server("left", home / "left")
        + demo_server("right", home / "right")
        + demo_rule("manage_files", "always", "high", server="right"),
    )
    seed_sandbox(home / "left", {"x.txt": NOTES})
    seed_sandbox(home / "right", {"x.txt": NOTES})
    async with agent(home) as client:
        left = await client.call_tool("left__manage_files", {"action": "delete", "path": "x.txt"})
        right = await client.call_tool("right__manage_files", {"action": "delete", "path": "x.txt"})
    assert left.is_error
    assert (home / "left" / "x.txt").exists()
    assert not right.is_error
    assert not (home / "right" / "x.txt").exists()
    assert [r["server"] for r in audit_records(home)] == ["left", "right"]


async def test_progress_reaches_the_agent(home: Path) -> None:
    write_config(home, demo_rule("slow_count", "always"))
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async with agent(home) as client:
        result = await client.call_tool(
            "slow_count", {"steps": 3, "delay_seconds": 0.01}, progress_callback=on_progress
        )
    assert not result.is_error, result
    assert seen == [1, 2, 3]


@pytest.mark.parametrize(
    ("action", "content", "deleted"), [("accept", {"allow": True}, True), ("decline", None, False)]
)
async def test_a_2026_agent_is_asked_by_an_input_required_result(
    home: Path, action: str, content: dict[str, Any] | None, deleted: bool
) -> None:
    """A 2026-07-28 host has no server-to-client requests: the question goes back as the call's result
    and the SDK's client answers it through the same elicitation callback, then calls again."""
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"notes.txt": NOTES})
    asked = answer(action, content)
    async with agent(home, asked, mode="2026-07-28") as client:
        assert client.protocol_version == "2026-07-28"
        result = await client.call_tool("manage_files", {"action": "delete", "path": "notes.txt"})
    assert result.is_error is not deleted
    assert (sandbox / "notes.txt").exists() is not deleted
    [form] = asked.asked
    assert "Grade: high" in form.message
    assert '"action": "delete"' in form.message
    [record] = audit_records(home)  # the first round decided nothing: one record, from the retry
    assert record["choice"] == ("once" if deleted else "cancel")


async def test_a_critical_call_needs_the_tool_name_typed_in_the_form(home: Path) -> None:
    """As in the TUI's dialog: for a critical call, accepting is not enough; the form asks for the tool's
    name, and without it nothing is sent."""
    write_config(home, demo_rule("http_api", "always", "low"))  # GETs run unasked: they show the effect
    careless = answer("accept", {"allow": True})
    typed = answer("accept", {"allow": True, "tool_name": "http_api"})
    async with agent(home, careless) as client:
        before = text_of(await client.call_tool("http_api", {"method": "GET", "path": "/notes"}))
        refused = await client.call_tool("http_api", {"method": "DELETE", "path": "/notes/1"})
        after_refusal = text_of(await client.call_tool("http_api", {"method": "GET", "path": "/notes"}))
    [form] = careless.asked
    assert "Grade: critical" in form.message
    assert form.requested_schema["required"] == ["allow", "tool_name"]
    assert refused.is_error
    assert after_refusal == before
    async with agent(home, typed) as client:
        deleted = await client.call_tool("http_api", {"method": "DELETE", "path": "/notes/1"})
    assert not deleted.is_error, text_of(deleted)


async def test_an_agent_cancelling_a_running_call_cancels_it_through_the_gateway(home: Path) -> None:
    write_config(home, demo_rule("slow_count", "always"))
    started = anyio.Event()

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        started.set()

    async with agent(home) as client:
        async with anyio.create_task_group() as group:
            arguments = {"steps": 100, "delay_seconds": 0.2}
            group.start_soon(
                partial(client.call_tool, "slow_count", arguments, progress_callback=on_progress)
            )
            with anyio.fail_after(45):
                await started.wait()  # the server is counting: the call is running
            group.cancel_scope.cancel()
        with anyio.fail_after(45):
            while not audit_records(home):  # noqa: ASYNC110 (another process writes it)
                await anyio.sleep(0.05)
    [record] = audit_records(home)
    assert (record["decision"], record["outcome"]) == ("allow", "cancelled")
    assert record["duration_ms"] is not None  # it was sent, and stopped
