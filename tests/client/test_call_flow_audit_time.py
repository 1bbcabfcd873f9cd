"""The audit record's ``time`` is when the attempt was decided, never when the call finished; its
``duration_ms`` is how long the call ran from when it was sent, never the time spent deciding.

When the person is asked, their answer decides it, however long they took; otherwise the policy does.
A real in-process server over the SDK's memory transport, the real connection manager and call flow.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import flow_harness
import mcp_types as types
import pytest
from mcp.server.mcpserver import MCPServer
from servers.harness import running, wait_until

from tui.client.call_flow import CallFlow, Policy
from tui.client.manager import ConnectionManager
from tui.client.preflight import PreflightEngine
from tui.config.model import ServerConfig, ToolRule
from tui.safety.confirm import ConfirmChoice, ConfirmRequest

SERVER = ServerConfig(name="t", transport="stdio", command="unused")
THINKING_S = 0.4
"""How long the stand-in person takes to answer."""
RUNNING_S = 0.6
"""How long the tool runs once sent."""
SLACK = timedelta(milliseconds=150)


def build_server() -> MCPServer:
    server = MCPServer("audit-time-test")

    @server.tool(annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False))
    async def slow_write() -> str:
        """Takes a while, like a tool that asks the person something."""
        await anyio.sleep(RUNNING_S)
        return "written"

    return server


class SlowAsker:
    """Stands in for a person who takes ``THINKING_S`` to answer ``choice``; notes when they answered."""

    def __init__(self, choice: ConfirmChoice) -> None:
        self.choice = choice
        self.answered: datetime | None = None

    async def __call__(self, request: ConfirmRequest) -> ConfirmChoice:
        await asyncio.sleep(THINKING_S)
        self.answered = datetime.now(UTC)
        return self.choice


def make_flow(manager: ConnectionManager, tmp_path: Path, policy: Policy, asker: SlowAsker) -> CallFlow:
    async def resolver(tool: Any, arguments: dict[str, Any], timeout: float) -> Any:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    engine = PreflightEngine(resolver, manager.connection_id, 2.0)
    return flow_harness.make_flow(manager, engine, policy, tmp_path, asker)


def audited_duration_ms(tmp_path: Path) -> int | None:
    [line] = (tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()
    duration: int | None = json.loads(line)["duration_ms"]
    return duration


def audited_time(tmp_path: Path) -> datetime:
    [line] = (tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()
    return datetime.fromisoformat(json.loads(line)["time"])


@pytest.mark.parametrize(
    ("choice", "outcome"),
    [
        (ConfirmChoice.ONCE, "ok"),
        (ConfirmChoice.CANCEL, "cancelled"),
        (ConfirmChoice.UNANSWERED, "unanswered"),
    ],
)
async def test_an_asked_call_is_dated_by_the_answer(
    tmp_path: Path, choice: ConfirmChoice, outcome: str
) -> None:
    asker = SlowAsker(choice)
    async with running([SERVER], targets={"t": build_server()}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 1)
        [tool] = manager.tools("t")
        asked = datetime.now(UTC)
        record = await make_flow(manager, tmp_path, Policy(), asker).run(tool, {})
        finished = datetime.now(UTC)
    assert record.decision.action == "ask"
    assert json.loads((tmp_path / "audit.jsonl").read_text())["outcome"] == outcome
    assert asker.answered is not None
    assert abs(record.decided_at - audited_time(tmp_path)) < timedelta(milliseconds=1)
    assert abs(audited_time(tmp_path) - asker.answered) < SLACK
    assert audited_time(tmp_path) > asked + timedelta(seconds=THINKING_S) - SLACK
    if choice is ConfirmChoice.ONCE:  # it ran for RUNNING_S after the answer
        assert audited_time(tmp_path) < finished - timedelta(seconds=RUNNING_S) + SLACK
        duration = audited_duration_ms(tmp_path)
        assert duration is not None
        assert RUNNING_S * 1000 <= duration < (RUNNING_S + THINKING_S) * 1000
    else:  # nothing was sent: no duration at all
        assert audited_duration_ms(tmp_path) is None


async def test_a_call_cancelled_while_running_is_dated_by_the_answer(tmp_path: Path) -> None:
    asker = SlowAsker(ConfirmChoice.ONCE)
    async with running([SERVER], targets={"t": build_server()}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 1)
        [tool] = manager.tools("t")
        call = asyncio.create_task(make_flow(manager, tmp_path, Policy(), asker).run(tool, {}))
        await wait_until(lambda: asker.answered is not None)
        await asyncio.sleep(RUNNING_S / 2)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
    assert json.loads((tmp_path / "audit.jsonl").read_text())["outcome"] == "cancelled"
    assert asker.answered is not None
    assert abs(audited_time(tmp_path) - asker.answered) < SLACK


async def test_a_call_cancelled_while_running_lasts_from_when_it_was_sent_not_from_the_question(
    tmp_path: Path,
) -> None:
    asker = SlowAsker(ConfirmChoice.ONCE)
    async with running([SERVER], targets={"t": build_server()}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 1)
        [tool] = manager.tools("t")
        call = asyncio.create_task(make_flow(manager, tmp_path, Policy(), asker).run(tool, {}))
        await wait_until(lambda: asker.answered is not None)
        await asyncio.sleep(RUNNING_S / 2)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        stopped = datetime.now(UTC)
    assert asker.answered is not None
    since_answer_ms = (stopped - asker.answered) / timedelta(milliseconds=1)
    duration = audited_duration_ms(tmp_path)
    assert duration is not None
    # It ran about RUNNING_S / 2 after the answer; the THINKING_S the person took is not part of it.
    assert RUNNING_S / 2 * 1000 - 50 <= duration <= since_answer_ms + 20


async def test_a_call_the_policy_decides_is_dated_by_the_decision(tmp_path: Path) -> None:
    asker = SlowAsker(ConfirmChoice.ONCE)
    for action, outcome in (("always", "ok"), ("never", "denied")):
        audit = tmp_path / action
        audit.mkdir()
        policy = Policy(rules=[ToolRule("t", "slow_write", action)])  # type: ignore[arg-type]
        async with running([SERVER], targets={"t": build_server()}) as (manager, _):
            await wait_until(lambda: len(manager.tools("t")) == 1)
            [tool] = manager.tools("t")
            before = datetime.now(UTC)
            await make_flow(manager, audit, policy, asker).run(tool, {})
        assert json.loads((audit / "audit.jsonl").read_text())["outcome"] == outcome
        assert before - SLACK < audited_time(audit) < before + SLACK, action
    assert asker.answered is None
