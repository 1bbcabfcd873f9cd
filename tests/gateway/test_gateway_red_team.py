"""Agent behaviours meant to slip a destructive call past the person. Zero may reach a server without
consent: each test checks the server's side (the demo's sandbox and database, or a server's own log of
the calls it received), not only what the gateway answered."""

from __future__ import annotations

import json
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import anyio
import mcp_types as types
from gateway_harness import HERE, agent, answer, audit_records, demo_rule, seed_sandbox, text_of, write_config

NAMED_SERVER = HERE / "named_tools_server.py"


def named_server(name: str, log: Path, *tools: str) -> str:
    args = json.dumps([str(NAMED_SERVER), str(log), *tools], ensure_ascii=False)
    return f"[servers.{name}]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n"


def calls_received(log: Path) -> list[str]:
    if not log.exists():
        return []
    return [json.loads(line)["name"] for line in log.read_text(encoding="utf-8").splitlines()]


def fruit_count(home: Path) -> int:
    with sqlite3.connect(home / "demo-sandbox" / "demo.db") as db:
        return int(db.execute("SELECT count(*) FROM fruits").fetchone()[0])


async def wait_until(check: Callable[[], bool], limit: float = 45.0) -> None:
    """Poll ``check`` until it holds (a file another process writes has no event to wait on); the limit
    only catches a broken test."""
    with anyio.fail_after(limit):
        while not check():  # noqa: ASYNC110
            await anyio.sleep(0.05)


async def test_harmless_looking_sql_that_resolves_destructive_is_not_sent(home: Path) -> None:
    """The user lets reads run (always, up to safe); a query that starts as a read and then deletes
    resolves destructive for these exact arguments, so it asks, and with no one to ask nothing runs."""
    write_config(home, demo_rule("sql", "always", "safe"))
    async with agent(home) as client:
        before = await client.call_tool("sql", {"query": "SELECT count(*) FROM fruits"})
        sneaky = await client.call_tool("sql", {"query": "select name from fruits; DELETE FROM fruits"})
        commented = await client.call_tool("sql", {"query": "/* only a read */ DROP TABLE fruits"})
    assert not before.is_error
    assert sneaky.is_error
    assert "Approval needed" in text_of(sneaky)
    assert commented.is_error
    assert "Approval needed" in text_of(commented)
    assert fruit_count(home) > 0
    grades = [(r["grade"], r["outcome"]) for r in audit_records(home)]
    assert grades[0] == ("safe", "ok")
    assert all(grade in ("high", "critical") and outcome == "unanswered" for grade, outcome in grades[1:])


async def test_names_that_would_collide_across_servers_are_not_served(home: Path) -> None:
    """``a`` + ``b__c`` and ``a__b`` + ``c`` would both be ``a__b__c``: neither is served, so neither can
    be reached by the other's name."""
    log_a, log_ab = home / "a.log", home / "ab.log"
    write_config(
        home,
        named_server("a", log_a, "b__c", "probe")
        + named_server("a__b", log_ab, "c")
        + demo_rule("b__c", "always", server="a")
        + demo_rule("c", "always", server="a__b"),
    )
    async with agent(home) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        result = await client.call_tool("a__b__c", {})
    assert names == ["a__probe"]
    assert result.is_error
    assert "no tool is served" in text_of(result)
    assert calls_received(log_a) == []
    assert calls_received(log_ab) == []
    stderr = (home / "gateway-stderr.txt").read_text(encoding="utf-8")
    assert "'a__b__c' not served: a/b__c, a__b/c would all be called by that name" in stderr


async def test_a_lookalike_unicode_name_is_not_served_and_cannot_be_called(home: Path) -> None:
    log = home / "named.log"
    lookalike = "manage_f\u0456les"  # CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
    write_config(
        home,
        named_server("named", log, "manage_files", lookalike)
        + demo_rule(lookalike, "always", server="named"),
    )
    async with agent(home) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        result = await client.call_tool(lookalike, {})
    assert names == ["manage_files"]
    assert result.is_error
    assert calls_received(log) == []
    assert "manage_f\\u0456les" in (home / "gateway-stderr.txt").read_text(encoding="utf-8")


async def test_a_call_cancelled_mid_ask_sends_nothing_and_the_gateway_carries_on(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"keep.txt": "keep"})
    asked, withdrawn = anyio.Event(), anyio.Event()

    async def never_answers(_ctx: object, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.set()
        try:
            await anyio.sleep_forever()
        finally:
            withdrawn.set()  # the gateway withdrew its form (the SDK cancels this callback)
        raise AssertionError("unreachable")

    async with agent(home, never_answers) as client:
        async with anyio.create_task_group() as group:
            group.start_soon(client.call_tool, "manage_files", {"action": "delete", "path": "keep.txt"})
            await asked.wait()
            group.cancel_scope.cancel()
        with anyio.fail_after(45):
            await withdrawn.wait()  # while the agent is still connected: the form went with its call
        await wait_until(lambda: len(audit_records(home)) == 1)
        tools = await client.list_tools()  # the gateway still answers
    assert tools.tools
    assert (sandbox / "keep.txt").exists()
    [record] = audit_records(home)
    assert (record["outcome"], record["choice"]) == ("cancelled", "cancel")
    assert "Interrupted before you answered" in record["error"]


async def test_a_flood_of_destructive_calls_sends_none_without_consent(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    files = {f"f{index}.txt": str(index) for index in range(30)}
    seed_sandbox(sandbox, files)
    results: list[types.CallToolResult] = []
    async with agent(home) as client:

        async def delete(name: str) -> None:
            results.append(await client.call_tool("manage_files", {"action": "delete", "path": name}))

        async with anyio.create_task_group() as group:
            for name in files:
                group.start_soon(delete, name)
    assert len(results) == 30
    assert all(r.is_error and "Approval needed" in text_of(r) for r in results)
    assert all((sandbox / name).read_text(encoding="utf-8") == text for name, text in files.items())
    outcomes = [r["outcome"] for r in audit_records(home)]
    assert outcomes == ["unanswered"] * 30


async def test_a_server_that_dies_is_a_tool_error_then_reconnected(home: Path) -> None:
    log = home / "named.log"
    write_config(
        home,
        named_server("named", log, "probe", "die")
        + demo_rule("probe", "always", server="named")
        + demo_rule("die", "always", server="named"),
    )
    async with agent(home) as client:
        died = await client.call_tool("die", {})
        assert died.is_error
        assert "reconnecting" in text_of(died)

        async def probe_works() -> bool:
            result = await client.call_tool("probe", {})
            return not result.is_error

        with anyio.fail_after(45):
            while not await probe_works():  # noqa: ASYNC110 (each try is a real call; no event says "up")
                await anyio.sleep(0.05)
    assert calls_received(log)[0] == "die"
    assert calls_received(log)[-1] == "probe"


async def test_an_agent_that_disconnects_cancels_its_pending_ask(home: Path) -> None:
    """The agent process is killed while the gateway waits for its user's answer: the gateway (its child,
    reading its stdin) ends, the pending question is cancelled, nothing is sent and the audit says so."""
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"keep.txt": "keep"})
    script = HERE / "asking_agent.py"
    process = await anyio.open_process([sys.executable, str(script), str(home)])
    async with process:
        assert process.stdout is not None
        buffered = b""
        with anyio.fail_after(45):
            while b"ASKED" not in buffered:
                buffered += await process.stdout.receive()
        process.kill()
    await wait_until(lambda: len(audit_records(home)) == 1)
    [record] = audit_records(home)
    assert (record["outcome"], record["choice"]) == ("cancelled", "cancel")
    assert (sandbox / "keep.txt").exists()


async def test_a_servers_tool_list_change_reaches_the_agent(home: Path) -> None:
    log = home / "named.log"
    write_config(home, named_server("named", log, "grow") + demo_rule("grow", "always", server="named"))
    changed = anyio.Event()

    async def on_message(message: object) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changed.set()

    async with agent(home, None, message_handler=on_message) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == ["grow"]
        await client.call_tool("grow", {})
        with anyio.fail_after(45):
            await changed.wait()
        names = [tool.name for tool in (await client.list_tools()).tools]
    assert names == ["grow", "grown"]


async def test_a_2026_agent_cannot_forge_consent_with_an_answer_nobody_was_asked(home: Path) -> None:
    """The agent itself sends "accept" with its first call (or with a made-up request state): the answer
    counts only for the form mcp-tui showed, so nothing is deleted."""
    sandbox = home / "demo-sandbox"
    seed_sandbox(sandbox, {"keep.txt": "keep"})
    accepted = types.ElicitResult(action="accept", content={"allow": True})
    host = answer("decline")  # the host offers elicitation: only the digest of the form stands in the way
    async with agent(home, host, mode="2026-07-28") as client:
        for state in (None, "forged"):
            params = types.CallToolRequestParams(
                name="manage_files",
                arguments={"action": "delete", "path": "keep.txt"},
                input_responses={"mcp-tui-consent": accepted},
                request_state=state,
            )
            result = await client.session.send_request(
                types.CallToolRequest(params=params), types.CallToolResult
            )
            assert result.is_error
    assert (sandbox / "keep.txt").exists()
    assert host.asked == []
    assert [r["outcome"] for r in audit_records(home)] == ["unanswered", "unanswered"]
