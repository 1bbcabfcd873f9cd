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
from types import SimpleNamespace
from typing import Any

import anyio
import flow_harness
import mcp_types as types
import pytest
from mcp.server.mcpserver import MCPServer
from servers.harness import running, wait_until

from tui.client import calling
from tui.client.manager import ConnectionManager
from tui.config.model import ServerConfig, ToolRule
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.session import call_flow
from tui.session.call_flow import CallFlow, Policy
from tui.session.preflight import PreflightEngine

SERVER = ServerConfig(name="t", transport="stdio", command="unused")
THINKING_S = 0.4
"""How long the stand-in person takes to answer."""
RUNNING_S = 0.6
"""How long the tool runs once sent."""


class Clock:
    """The call flow's clocks (the wall clock of the audit's ``time``, the monotonic one of its
    ``duration_ms``), standing still unless the test moves them: every time checked below is exact,
    however slow the machine."""

    def __init__(self) -> None:
        self.wall = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
        self.seconds = 1000.0

    def advance(self, seconds: float) -> None:
        self.wall += timedelta(seconds=seconds)
        self.seconds += seconds

    def monotonic(self) -> float:
        return self.seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()

    class Wall(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return clock.wall

    monotonic = SimpleNamespace(monotonic=clock.monotonic)
    monkeypatch.setattr(call_flow, "datetime", Wall)
    monkeypatch.setattr(call_flow, "time", monotonic)
    monkeypatch.setattr(calling, "time", monotonic)
    return clock


def build_server(clock: Clock, started: anyio.Event | None = None) -> MCPServer:
    """``slow_write`` runs for RUNNING_S on the clock; given ``started``, it sets it and runs until
    cancelled instead."""
    server = MCPServer("audit-time-test")

    @server.tool(annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False))
    async def slow_write() -> str:
        """Takes a while, like a tool that asks the person something."""
        if started is not None:
            started.set()
            await anyio.sleep_forever()
        clock.advance(RUNNING_S)
        return "written"

    return server


class SlowAsker:
    """Stands in for a person who takes ``THINKING_S`` to answer ``choice``; notes when they answered."""

    def __init__(self, clock: Clock, choice: ConfirmChoice) -> None:
        self.clock = clock
        self.choice = choice
        self.answered: datetime | None = None

    async def __call__(self, request: ConfirmRequest) -> ConfirmChoice:
        self.clock.advance(THINKING_S)
        self.answered = self.clock.wall
        return self.choice


def make_flow(manager: ConnectionManager, tmp_path: Path, policy: Policy, asker: SlowAsker) -> CallFlow:
    async def resolver(tool: Any, arguments: dict[str, Any], timeout: float) -> Any:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    engine = PreflightEngine(resolver, manager.connection_id, 30.0)
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
    tmp_path: Path, clock: Clock, choice: ConfirmChoice, outcome: str
) -> None:
    asker = SlowAsker(clock, choice)
    async with running([SERVER], targets={"t": build_server(clock)}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 1)
        [tool] = manager.tools("t")
        asked = clock.wall
        record = await make_flow(manager, tmp_path, Policy(), asker).run(tool, {})
        finished = clock.wall
    assert record.decision.action == "ask"
    assert json.loads((tmp_path / "audit.jsonl").read_text())["outcome"] == outcome
    assert asker.answered == asked + timedelta(seconds=THINKING_S)
    assert record.decided_at == audited_time(tmp_path) == asker.answered
    if choice is ConfirmChoice.ONCE:  # it ran for RUNNING_S after the answer
        assert finished == audited_time(tmp_path) + timedelta(seconds=RUNNING_S)
        assert audited_duration_ms(tmp_path) == round(RUNNING_S * 1000)
    else:  # nothing was sent: no duration at all
        assert finished == asker.answered
        assert audited_duration_ms(tmp_path) is None


async def cancel_while_running(tmp_path: Path, clock: Clock, asker: SlowAsker) -> None:
    """Run the call, let the tool run RUNNING_S / 2 once the server has started it, then cancel it."""
    started = anyio.Event()
    async with running([SERVER], targets={"t": build_server(clock, started)}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 1)
        [tool] = manager.tools("t")
        call = asyncio.create_task(make_flow(manager, tmp_path, Policy(), asker).run(tool, {}))
        await started.wait()
        clock.advance(RUNNING_S / 2)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
    assert json.loads((tmp_path / "audit.jsonl").read_text())["outcome"] == "cancelled"


async def test_a_call_cancelled_while_running_is_dated_by_the_answer(tmp_path: Path, clock: Clock) -> None:
    asker = SlowAsker(clock, ConfirmChoice.ONCE)
    await cancel_while_running(tmp_path, clock, asker)
    assert asker.answered is not None
    assert audited_time(tmp_path) == asker.answered


async def test_a_call_cancelled_while_running_lasts_from_when_it_was_sent_not_from_the_question(
    tmp_path: Path, clock: Clock
) -> None:
    asker = SlowAsker(clock, ConfirmChoice.ONCE)
    await cancel_while_running(tmp_path, clock, asker)
    # It ran RUNNING_S / 2 after the answer; the THINKING_S the person took is not part of it.
    assert audited_duration_ms(tmp_path) == round(RUNNING_S / 2 * 1000)


async def test_a_call_the_policy_decides_is_dated_by_the_decision(tmp_path: Path, clock: Clock) -> None:
    asker = SlowAsker(clock, ConfirmChoice.ONCE)
    for action, outcome in (("always", "ok"), ("never", "denied")):
        audit = tmp_path / action
        audit.mkdir()
        policy = Policy(rules=[ToolRule("t", "slow_write", action)])  # type: ignore[arg-type]
        async with running([SERVER], targets={"t": build_server(clock)}) as (manager, _):
            await wait_until(lambda: len(manager.tools("t")) == 1)
            [tool] = manager.tools("t")
            before = clock.wall
            await make_flow(manager, audit, policy, asker).run(tool, {})
            ran = clock.wall - before
        assert json.loads((audit / "audit.jsonl").read_text())["outcome"] == outcome
        assert audited_time(audit) == before, action
        assert ran == (timedelta(seconds=RUNNING_S) if action == "always" else timedelta(0))
    assert asker.answered is None
