"""The core session without any front end: the bundled demo over real stdio, every file in a tmp home.

What a headless driver relies on: ``ready()`` instead of polling, one ``assess`` for every view, the
decision before anything is sent, questions answered by whoever is attached (or "unanswered" when no one
is), and the settings service as the one writer of the user's files.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tui.config.startup import load_startup
from tui.model.events import ElicitationRequested
from tui.model.hints import Provenance
from tui.model.results import CallStatus
from tui.model.servers import ConnectionStatus, ToolInfo
from tui.safety.confirm import ConfirmChoice
from tui.safety.grade import Grade
from tui.session.events import SessionEvent, SettingsChanged
from tui.session.questions import ConfirmCall, Question, answer_unattended
from tui.session.session import Session

READY_LIMIT = 45.0
"""Seconds ``ready`` may wait for the demo to list its tools (or fail): a state that comes, in about a
second on an idle machine; the limit only bounds a broken test, below the suite's 60 s per test."""


def records(home: Path) -> list[dict[str, Any]]:
    path = home / "audit.jsonl"
    return (
        [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
async def session(home: Path) -> AsyncIterator[Session]:
    running = Session(load_startup(config_path=None), interface="cli")
    await running.start()
    try:
        yield running
    finally:
        await running.aclose()


def tool(session: Session, name: str) -> ToolInfo:
    found = session.find_tool("demo", name)
    assert found is not None, name
    return found


async def test_ready_waits_for_the_tool_list_without_polling(session: Session) -> None:
    [state] = await session.ready("demo", timeout=READY_LIMIT)
    assert state.status is ConnectionStatus.CONNECTED
    assert state.tool_count == len(session.tools("demo")) >= 10


async def test_ready_returns_a_failed_server_instead_of_hanging(home: Path) -> None:
    (home / "config.toml").write_text(
        '[servers.gone]\ncommand = "no-such-mcp-server-here"\n', encoding="utf-8"
    )
    running = Session(load_startup(config_path=None), interface="cli")
    await running.start()
    try:
        [state] = await running.ready(timeout=READY_LIMIT)
    finally:
        await running.aclose()
    assert state.status is ConnectionStatus.FAILED
    assert "command not found" in (state.error or "")


async def test_an_unattended_session_sends_nothing_that_needs_approval(session: Session, home: Path) -> None:
    await session.ready("demo", timeout=READY_LIMIT)
    sandbox = home / "demo-sandbox"
    before = snapshot(sandbox)
    record = await session.call(tool(session, "manage_files"), {"action": "delete", "path": "welcome.txt"})
    assert record.choice is ConfirmChoice.UNANSWERED
    assert record.outcome.status is CallStatus.DENIED
    assert "no one could be asked" in (record.outcome.error or "")
    assert snapshot(sandbox) == before
    [audit] = records(home)
    assert (audit["outcome"], audit["choice"], audit["interface"]) == ("unanswered", "unanswered", "cli")
    assert audit["grade"] == record.assessment.grade.grade.label == "high"


async def test_the_attached_front_end_answers_and_exactly_the_confirmed_arguments_go_out(
    session: Session, home: Path
) -> None:
    asked: list[ConfirmCall] = []

    def answer(question: Question) -> None:
        assert isinstance(question, ConfirmCall)
        asked.append(question)
        question.answer.set_result(ConfirmChoice.ONCE)

    session.attach(answer)
    await session.ready("demo", timeout=READY_LIMIT)
    arguments = {"action": "append", "path": "notes/today.txt", "content": "hello\n"}
    record = await session.call(tool(session, "manage_files"), arguments)
    arguments["content"] = "changed after the call started"  # the frozen copy is what was sent
    assert record.outcome.status is CallStatus.OK
    assert (home / "demo-sandbox" / "notes" / "today.txt").read_text(encoding="utf-8") == "hello\n"
    [question] = asked
    assert question.request.grade.grade is Grade.MEDIUM
    assert json.loads(question.request.arguments_json)["content"] == "hello\n"
    assert records(home)[-1]["outcome"] == "ok"


async def test_evaluate_decides_without_sending_or_writing(session: Session, home: Path) -> None:
    await session.ready("demo", timeout=READY_LIMIT)
    before = snapshot(home)
    evaluation = await session.evaluate(
        tool(session, "manage_files"), {"action": "read", "path": "welcome.txt"}
    )
    assert evaluation.assessment.grade.grade is Grade.SAFE
    assert evaluation.decision.action == "ask"
    assert snapshot(home) == before  # no audit record, no file touched
    sent = [record.method for record in session.features.traffic("demo") if record.direction == "out"]
    assert "tools/resolve" in sent  # the pre-call preflight asked about exactly these arguments
    assert "tools/call" not in sent


async def test_your_override_is_on_top_of_the_resolution_everywhere(session: Session, home: Path) -> None:
    await session.ready("demo", timeout=READY_LIMIT)
    files = tool(session, "manage_files")
    saved = session.settings.set_override("demo", "manage_files", {"openWorldHint": True})
    assert saved.ok, saved.message
    evaluation = await session.evaluate(files, {"action": "read", "path": "welcome.txt"})
    # The server resolves a read as closed-world (safe); your override says open world: low.
    assert evaluation.preflight.effective.open_world.value is False
    assert evaluation.assessment.hints.open_world.provenance is Provenance.OVERRIDE
    assert evaluation.assessment.grade.grade is Grade.LOW
    assert evaluation.confirm_request().grade.grade is Grade.LOW
    assert session.assess(files, evaluation.preflight) == evaluation.assessment
    assert [
        change.name for change in evaluation.assessment.changes if change.provenance is Provenance.OVERRIDE
    ]


async def test_always_is_saved_by_the_settings_service_and_the_next_call_runs(
    session: Session, home: Path
) -> None:
    events: list[SessionEvent] = []
    session.subscribe(events.append)

    def always(question: Question) -> None:
        assert isinstance(question, ConfirmCall)
        question.answer.set_result(ConfirmChoice.ALWAYS)

    session.attach(always)
    await session.ready("demo", timeout=READY_LIMIT)
    files = tool(session, "manage_files")
    await session.call(files, {"action": "read", "path": "welcome.txt"})
    stored = json.loads((home / "approvals.json").read_text(encoding="utf-8"))
    assert [(a["tool"], a["ceiling"]) for a in stored["approvals"]] == [("manage_files", "safe")]
    assert SettingsChanged("approval") in events

    session.attach(None)  # no one to ask now: the remembered approval must be enough
    record = await session.call(files, {"action": "read", "path": "welcome.txt"})
    assert record.decision.rule == "approval-always"
    assert record.outcome.status is CallStatus.OK


async def test_an_elicitation_no_one_can_answer_is_declined(session: Session) -> None:
    """A headless run confirms the call (say with --approve-up-to) but cannot answer the server's form."""
    seen: list[Question] = []

    def confirm_only(question: Question) -> None:
        seen.append(question)
        if isinstance(question, ConfirmCall):
            question.answer.set_result(ConfirmChoice.ONCE)
        else:
            answer_unattended(question)

    session.attach(confirm_only)
    await session.ready("demo", timeout=READY_LIMIT)
    record = await session.call(tool(session, "ask_user"), {})
    assert [type(q) for q in seen] == [ConfirmCall, ElicitationRequested]
    assert record.outcome.status is CallStatus.OK
    text = " ".join(getattr(block, "text", "") for block in record.outcome.content).lower()
    assert "declined" in text


async def test_interrupted_while_asking_is_audited_as_cancelled_and_sends_nothing(
    session: Session, home: Path
) -> None:
    """Ctrl+C at a terminal prompt (or the app closing over a dialog) cancels the call while it waits."""
    asked = asyncio.Event()
    session.attach(lambda question: asked.set())  # a front end that never answers
    await session.ready("demo", timeout=READY_LIMIT)
    sandbox = home / "demo-sandbox"
    before = snapshot(sandbox)
    call = asyncio.ensure_future(
        session.call(tool(session, "manage_files"), {"action": "delete", "path": "welcome.txt"})
    )
    await asyncio.wait_for(asked.wait(), 20)
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    [audit] = records(home)
    assert (audit["outcome"], audit["choice"], audit["duration_ms"]) == ("cancelled", "cancel", None)
    assert snapshot(sandbox) == before
