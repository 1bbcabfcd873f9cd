"""One channel from an argument change to what a front end shows: the session's ``ArgumentsEvaluated``.

Against the bundled demo over real stdio: every change of the arguments is validated once, in the session,
and delivered as one event through ``Session.subscribe`` with the validation, the preflight's state, the
assessment, the lint and the warning lines; a change that waits for the server gets one more event, once
its answer comes.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from tui.client.arguments import validate_arguments
from tui.config.startup import load_startup
from tui.model.servers import ToolInfo
from tui.safety.grade import Grade
from tui.session.events import ArgumentsEvaluated, PreflightState, SessionEvent
from tui.session.preflight import PreflightStatus
from tui.session.session import Session

ANSWER_BOUND = 30.0
"""Seconds to wait for the demo's answer to a tools/resolve (a bound: it answers in milliseconds)."""


@pytest.fixture
async def session(home: Path) -> AsyncIterator[Session]:
    running = Session(load_startup(config_path=None), interface="cli")
    await running.start()
    try:
        await running.ready("demo", timeout=ANSWER_BOUND)
        yield running
    finally:
        await running.aclose()


def tool(session: Session, name: str) -> ToolInfo:
    found = session.find_tool("demo", name)
    assert found is not None, name
    return found


class Evaluations:
    """Every ArgumentsEvaluated the session publishes, and a wait for the next one that answers."""

    def __init__(self, session: Session) -> None:
        self.seen: list[ArgumentsEvaluated] = []
        self._changed = asyncio.Event()
        session.subscribe(self._heard)

    def _heard(self, event: SessionEvent) -> None:
        if isinstance(event, ArgumentsEvaluated):
            self.seen.append(event)
            self._changed.set()

    async def until(self, condition: Callable[[], bool]) -> None:
        async def wait() -> None:
            while not condition():
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(wait(), ANSWER_BOUND)


async def test_one_change_is_one_event_with_validation_preflight_assessment_lint(
    session: Session,
) -> None:
    heard = Evaluations(session)
    live = session.live_evaluation()
    dice = tool(session, "roll_dice")  # no annotations: graded critical by default, and linted so

    returned = live.change(dice, {"sides": "six"})

    [event] = heard.seen  # published at once: nothing to ask the server for a tool that does not resolve
    assert returned is event
    assert event.tool == dice
    assert event.arguments == {"sides": "six"}
    assert [error.field for error in event.errors] == ["sides"]  # validated
    assert event.preflight is not None
    assert event.preflight.status is PreflightStatus.NOT_RESOLVABLE
    assert event.state is PreflightState.RESULT
    assert event.assessment.grade.grade is Grade.CRITICAL  # assessed
    assert [warning.code for warning in event.lint] == ["unannotated"]  # linted
    assert event.warnings == tuple(warning.message for warning in event.lint)

    live.change(dice, {"sides": "six"})  # the same value again: nothing changed, nothing published
    assert len(heard.seen) == 1


async def test_a_change_that_asks_the_server_gets_its_answer_as_one_more_event(session: Session) -> None:
    heard = Evaluations(session)
    live = session.live_evaluation()
    files = tool(session, "manage_files")

    live.change(files, {"action": "read", "path": "welcome.txt"})
    [pending] = heard.seen
    assert pending.state is PreflightState.PENDING
    assert pending.preflight is None  # no answer yet for this tool
    assert pending.errors == ()
    await heard.until(lambda: len(heard.seen) == 2)
    answered = heard.seen[1]
    assert answered.state is PreflightState.RESULT
    assert answered.preflight is not None
    assert answered.preflight.status is PreflightStatus.RESOLVED
    assert answered.assessment.grade.grade is Grade.SAFE  # a read, as the server resolved it
    assert answered.arguments == {"action": "read", "path": "welcome.txt"}

    live.change(files, {"action": "delete"})  # invalid: held, nothing sent, the static hints stand
    held = heard.seen[-1]
    assert len(heard.seen) == 3
    assert held.state is PreflightState.HELD
    assert [error.field for error in held.errors] == ["path"]
    assert held.assessment.hints == session.assess(files).hints
    live.close()


async def test_every_change_is_validated_once(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted wherever the tui modules call the validator: the live evaluation validates, and the
    preflight after the pause uses that validation instead of validating again."""
    calls: list[Any] = []

    def counting(schema: Any, arguments: Any) -> Any:
        calls.append(arguments)
        return validate_arguments(schema, arguments)

    for name, module in list(sys.modules.items()):
        if name.startswith("tui.") and getattr(module, "validate_arguments", None) is validate_arguments:
            monkeypatch.setattr(module, "validate_arguments", counting)
    heard = Evaluations(session)
    live = session.live_evaluation()
    files = tool(session, "manage_files")
    values = [{"action": "read", "path": name} for name in ("w", "we", "wel")]

    def answered(value: dict[str, Any]) -> Callable[[], bool]:
        last = heard.seen
        return lambda: last[-1].arguments == value and last[-1].state is PreflightState.RESULT

    for value in values:  # each one waits for the server's answer (so each goes all the way through)
        live.change(files, value)
        await heard.until(answered(value))
    live.change(files, {"action": "delete"})  # held: invalid

    assert calls == [*values, {"action": "delete"}]
    live.close()
