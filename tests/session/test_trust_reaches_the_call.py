"""A server's trust has one holder: a change saved in the settings, or made in config.toml by someone else
and read back, decides the very next call through the session, with no copy to patch on the way.

The server is an in-process one (its config names no real command); its one tool is read-only and closed
world (``safe``), and the file says "auto-approve safe calls", which holds on trusted servers only.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import mcp_types as types
import pytest
from mcp.server.mcpserver import MCPServer

from tui.config.loader import load_config
from tui.config.model import Trust
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.model.results import CallStatus
from tui.safety.confirm import ConfirmChoice
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session

CONFIG = """\
[preferences]
auto_approve_safe = true

[servers.reader]  # served in process by the test
command = "unused-in-process"
"""


def reader() -> tuple[MCPServer, list[str]]:
    server, ran = MCPServer("reader"), list[str]()

    def look() -> str:
        ran.append("look")
        return "seen"

    server.add_tool(
        look, name="look", annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False)
    )
    return server, ran


class Running:
    def __init__(self, session: Session, asked: list[ConfirmCall], ran: list[str], home: Path) -> None:
        self.session, self.asked, self.ran, self.home = session, asked, ran, home

    async def call(self) -> CallStatus:
        tool = self.session.find_tool("reader", "look")
        assert tool is not None
        return (await self.session.call(tool, {})).outcome.status


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[Running]:
    (tmp_path / "config.toml").write_text(CONFIG, encoding="utf-8")
    config, problems = load_config(tmp_path / "config.toml", must_exist=True)
    assert problems == []
    startup = Startup(
        paths=AppPaths.under(tmp_path),
        config=config,
        servers=list(config.servers),
        config_file=tmp_path / "config.toml",
    )
    server, ran = reader()
    session = Session(startup, interface="cli", targets={"reader": server})
    asked: list[ConfirmCall] = []

    def answer(question: Question) -> None:
        assert isinstance(question, ConfirmCall)
        asked.append(question)
        question.answer.set_result(ConfirmChoice.ONCE)

    session.attach(answer)
    await session.start()
    try:
        await session.ready("reader", timeout=30)
        yield Running(session, asked, ran, tmp_path)
    finally:
        await session.aclose()


async def test_a_trust_saved_in_the_settings_decides_the_next_call(running: Running) -> None:
    assert await running.call() is CallStatus.OK
    [question] = running.asked  # untrusted: the preference removes no friction
    assert question.request.trust is Trust.UNTRUSTED

    assert running.session.settings.set_trust("reader", Trust.TRUSTED).ok
    assert await running.call() is CallStatus.OK
    assert len(running.asked) == 1, "trusted now: the safe call ran without asking"

    assert running.session.settings.set_trust("reader", Trust.UNTRUSTED).ok
    assert await running.call() is CallStatus.OK
    assert len(running.asked) == 2, "untrusted again: asked again"
    assert running.ran == ["look", "look", "look"]


async def test_a_trust_written_into_config_toml_elsewhere_decides_the_call_once_read_back(
    running: Running,
) -> None:
    config_file = running.home / "config.toml"
    # Another instance (or the person, by hand) trusts the server.
    config_file.write_text(CONFIG + 'trust = "trusted"\n', encoding="utf-8")
    # Any edit here reads the file back, the other instance's change with it.
    saved = running.session.settings.set_preference("redact_arguments_in_audit", True)
    assert "changed elsewhere" in (saved.note or "")

    assert await running.call() is CallStatus.OK
    assert running.asked == [], "trusted by the file as it is now: the safe call ran without asking"
    assert running.session.servers[0].trust is Trust.TRUSTED
