"""Every elicitation outcome is one audit record with a plain reason, and never the values typed.

Over a real session and an in-process server ("f", tool ``sign_in`` asks for a user and a password),
whoever answers: the person (accept, decline, cancel), no one (a headless run), or the request going away.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from feature_server import build
from servers.harness import wait_until
from session_harness import started

from tui.model.events import ElicitationRequested
from tui.session.audit_reading import audit_reader
from tui.session.elicitation_audit import ACCEPTED, CANCELLED, DECLINED
from tui.session.questions import UNATTENDED_ELICITATION, Question
from tui.session.sampling_audit import WENT_AWAY
from tui.store.request_records import ElicitationAuditRecord

SECRET = "hunter2-do-not-log"


def elicitation_records(home: Path) -> list[dict[str, Any]]:
    path = home / "audit.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [r for r in map(json.loads, lines) if r.get("kind") == "elicitation"]


def answering(answer: tuple[str, dict[str, Any] | None]) -> Any:
    def answerer(question: Question) -> None:
        assert isinstance(question, ElicitationRequested)
        question.answer.set_result(answer)

    return answerer


async def sign_in(home: Path, answerer: Any) -> str:
    async with started(home, build(), answerer=answerer) as (session, _):
        outcome = await session.manager.call_tool("f", "sign_in", {})  # type: ignore[union-attr]
        return " ".join(getattr(block, "text", "") for block in outcome.content)


async def test_an_accepted_answer_records_the_field_names_and_never_the_values(home: Path) -> None:
    said = await sign_in(home, answering(("accept", {"user": "ada", "password": SECRET})))
    assert said == "accept:ada"
    (record,) = elicitation_records(home)
    assert (record["server"], record["answer"], record["answered_by"]) == ("f", "accepted", "person")
    assert record["message"] == "Sign in to the [b]vault[/b]."
    assert record["requested"] == ["user", "password"]
    assert record["fields"] == ["user", "password"]
    assert record["reason"] == ACCEPTED
    assert SECRET not in (home / "audit.jsonl").read_text(encoding="utf-8")
    assert "ada" not in json.dumps(record)


async def test_the_person_declining_is_recorded_with_the_reason(home: Path) -> None:
    assert await sign_in(home, answering(("decline", None))) == "decline:"
    (record,) = elicitation_records(home)
    assert (record["answer"], record["reason"], record["fields"]) == ("declined", DECLINED, [])
    assert record["answered_by"] == "person"


async def test_the_person_cancelling_is_recorded_with_the_reason(home: Path) -> None:
    assert await sign_in(home, answering(("cancel", None))) == "cancel:"
    (record,) = elicitation_records(home)
    assert (record["answer"], record["reason"], record["answered_by"]) == ("cancelled", CANCELLED, "person")


async def test_with_no_one_to_ask_it_is_declined_by_mcp_tui_and_says_why(home: Path) -> None:
    assert await sign_in(home, None) == "decline:"
    (record,) = elicitation_records(home)
    assert (record["answer"], record["answered_by"]) == ("declined", "mcp-tui")
    assert record["reason"] == UNATTENDED_ELICITATION


async def test_a_request_that_goes_away_unanswered_is_recorded_as_cancelled(home: Path) -> None:
    asked: list[ElicitationRequested] = []

    def never_answers(question: Question) -> None:
        assert isinstance(question, ElicitationRequested)
        asked.append(question)

    async with started(home, build(), answerer=never_answers) as (session, _):
        call = asyncio.ensure_future(session.manager.call_tool("f", "sign_in", {}))  # type: ignore[union-attr]
        await wait_until(lambda: bool(asked))
    call.cancel()  # the connection closed under it: the server's request went away
    await wait_until(lambda: bool(elicitation_records(home)))
    (record,) = elicitation_records(home)
    assert (record["answer"], record["reason"], record["answered_by"]) == ("cancelled", WENT_AWAY, None)


async def test_the_audit_reader_reads_elicitation_records_and_calls_alike(home: Path) -> None:
    async with started(home, build(), answerer=answering(("decline", None))) as (session, _):
        await session.manager.call_tool("f", "sign_in", {})  # type: ignore[union-attr]
        await wait_until(lambda: bool(elicitation_records(home)))
        reader = audit_reader(session.startup.paths)  # what `mcp-tui audit` and F5 read
        (entry,) = reader.recent_entries(10)
        assert isinstance(entry, ElicitationAuditRecord)
        assert entry.answer == "declined"
        assert reader.skipped_lines == 0
