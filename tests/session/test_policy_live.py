"""Live across instances: a change another mcp-tui process makes to the policy files holds for this
session's very next decision, and the session says what changed.

The defect this guards (issue 25): two instances on one home; A always allows a tool, B revokes it (or
downgrades the server's trust, or adds a ``never`` rule); A's next call ran unasked on its stale memory.
Here A is a real session talking to a real (in-process) MCP server, and B a separate Python process that
loads its own settings from the files and changes them as the app does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import mcp_types as types
import pytest
from mcp.server.mcpserver import MCPServer

from tui.config.loader import load_config
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.model.results import CallStatus
from tui.safety.confirm import ConfirmChoice
from tui.session.events import PolicyChanged, SessionEvent
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session

OTHER = Path(__file__).with_name("other_instance.py")
CONFIG = """\
[preferences]
auto_approve_safe = true

[servers.reader]  # served in process by the test
command = "unused-in-process"
"""


def other_instance(home: Path, *action: str) -> None:
    """Instance B: a separate process on the same files."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(OTHER), str(home), *action], cwd=root, capture_output=True, text=True, timeout=45
    )
    assert done.returncode == 0, done.stderr


class Instance:
    def __init__(self, session: Session, home: Path) -> None:
        self.session, self.home = session, home
        self.asked: list[str] = []
        self.answers: list[ConfirmChoice] = []
        self.while_asked: list[tuple[str, ...]] = []
        """Changes instance B makes while A's question is open (then A answers)."""
        self.events: list[PolicyChanged] = []
        self.ran: list[str] = []

    def answer(self, question: Question) -> None:
        assert isinstance(question, ConfirmCall)
        self.asked.append(question.request.decision.rule)
        for action in self.while_asked:
            other_instance(self.home, *action)
        self.while_asked = []
        question.answer.set_result(self.answers.pop(0) if self.answers else ConfirmChoice.ONCE)

    def hear(self, event: SessionEvent) -> None:
        if isinstance(event, PolicyChanged):
            self.events.append(event)

    async def call(self) -> tuple[CallStatus, str]:
        tool = self.session.find_tool("reader", "look")
        assert tool is not None
        record = await self.session.call(tool, {})
        return record.outcome.status, record.decision.rule

    def audit_rules(self) -> list[tuple[str, str]]:
        lines = (self.home / "audit.jsonl").read_text().splitlines()
        return [(json.loads(line)["decision"], json.loads(line)["rule"]) for line in lines]


async def start(home: Path, config: str) -> AsyncIterator[Instance]:
    (home / "config.toml").write_text(config, encoding="utf-8")
    loaded, problems = load_config(home / "config.toml", must_exist=True)
    assert problems == []
    startup = Startup(AppPaths.under(home), loaded, list(loaded.servers), config_file=home / "config.toml")
    server = MCPServer("reader")

    def look() -> str:
        instance.ran.append("look")
        return "seen"

    server.add_tool(
        look, name="look", annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False)
    )
    session = Session(startup, interface="cli", targets={"reader": server})
    instance = Instance(session, home)
    session.attach(instance.answer)
    session.subscribe(instance.hear)
    await session.start()
    try:
        await session.ready("reader", timeout=45)
        yield instance
    finally:
        await session.aclose()


@pytest.fixture
async def untrusted(tmp_path: Path) -> AsyncIterator[Instance]:
    async for instance in start(tmp_path, CONFIG):
        yield instance


@pytest.fixture
async def trusted(tmp_path: Path) -> AsyncIterator[Instance]:
    async for instance in start(tmp_path, CONFIG + 'trust = "trusted"\n'):
        yield instance


async def test_an_approval_revoked_in_another_instance_asks_at_the_next_call(untrusted: Instance) -> None:
    a = untrusted
    a.answers = [ConfirmChoice.ALWAYS]
    assert await a.call() == (CallStatus.OK, "untrusted")
    assert await a.call() == (CallStatus.OK, "approval-always")
    assert a.asked == ["untrusted"]

    other_instance(a.home, "revoke", "look")
    assert json.loads((a.home / "approvals.json").read_text())["approvals"] == []

    assert await a.call() == (CallStatus.OK, "untrusted")
    assert a.asked == ["untrusted", "untrusted"], "asked again: the revoke made elsewhere holds"
    assert a.audit_rules()[-1] == ("ask", "untrusted")
    assert [e.changes for e in a.events] == [("approval for look on reader revoked elsewhere",)]


async def test_a_trust_downgrade_in_another_instance_holds_at_the_next_call(trusted: Instance) -> None:
    a = trusted
    assert await a.call() == (CallStatus.OK, "auto-safe")
    other_instance(a.home, "untrust", "reader")
    assert await a.call() == (CallStatus.OK, "untrusted")
    assert a.asked == ["untrusted"]
    assert [e.changes for e in a.events] == [("reader is now untrusted (changed elsewhere)",)]


async def test_a_never_rule_added_in_another_instance_denies_the_next_call(trusted: Instance) -> None:
    a = trusted
    assert await a.call() == (CallStatus.OK, "auto-safe")
    other_instance(a.home, "never", "reader", "look")
    assert await a.call() == (CallStatus.DENIED, "never-rule")
    assert a.ran == ["look"]
    assert [e.changes for e in a.events] == [("new user never rule for look on reader",)]


async def test_a_change_made_while_the_person_is_asked_is_checked_again_before_sending(
    untrusted: Instance,
) -> None:
    a = untrusted
    a.while_asked = [("never", "reader", "look")]  # B adds it while A's dialog is open; then A allows
    status, _ = await a.call()
    assert status is CallStatus.DENIED
    assert a.ran == [], "nothing was sent: the rule made meanwhile holds for this very call"
    assert a.audit_rules() == [("deny", "never-rule")]
