"""Sampling answered by a person (never automatically, always audited) and roots from config.toml."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from feature_server import build
from servers.harness import wait_until
from session_harness import started

from tui.model.events import SamplingRequested
from tui.model.features import SamplingReply
from tui.model.results import TextBlock
from tui.session.audit_reading import audit_reader
from tui.session.questions import Question
from tui.store.request_records import SamplingAuditRecord


def audit_lines(home: Path) -> list[dict[str, object]]:
    path = home / "audit.jsonl"
    return (
        [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []
    )


async def test_the_person_writes_the_reply_and_it_is_audited(home: Path) -> None:
    asked: list[SamplingRequested] = []

    def answer(question: Question) -> None:
        assert isinstance(question, SamplingRequested)
        asked.append(question)
        question.answer.set_result(SamplingReply("Forty-two."))

    async with started(home, build(), answerer=answer) as (session, _):
        outcome = await session.manager.call_tool("f", "ask_model", {"question": "Meaning?"})  # type: ignore[union-attr]
        assert outcome.content == (TextBlock("model human (mcp-tui) said: Forty-two."),)
        (request,) = [q.request for q in asked]
        assert request.messages[0].content == (TextBlock("Meaning?"),)
        assert (request.system_prompt, request.max_tokens) == ("Answer briefly.", 50)
        assert request.model_preferences["hints"] == [{"name": "claude"}]
    (record,) = audit_lines(home)
    assert record["kind"] == "sampling"
    assert (record["answer"], record["reply"], record["server"]) == ("replied", "Forty-two.", "f")
    assert record["request"]["systemPrompt"] == "Answer briefly."  # type: ignore[index]
    reader = audit_reader(session.startup.paths)  # what `mcp-tui audit` and F5 read
    (entry,) = reader.recent_entries(5)
    assert reader.skipped_lines == 0
    assert isinstance(entry, SamplingAuditRecord)
    assert (entry.reply, entry.answered_by) == ("Forty-two.", "person")


async def test_unattended_sampling_is_declined_with_a_reason(home: Path) -> None:
    async with started(home, build(), answerer=None) as (session, _):
        outcome = await session.manager.call_tool("f", "ask_model", {"question": "Meaning?"})  # type: ignore[union-attr]
        assert outcome.status.value == "error"
        assert "never answers a sampling request by itself" in (outcome.error or "")
    (record,) = audit_lines(home)
    assert record["answer"] == "declined"
    assert "no one was there" in str(record["reason"])


async def test_no_roots_by_default_means_no_roots_capability(home: Path) -> None:
    async with started(home, build()) as (session, _):
        outcome = await session.manager.call_tool("f", "my_roots", {})  # type: ignore[union-attr]
        assert outcome.status.value == "error"
        assert "roots" in (outcome.error or "").lower()


async def test_configured_roots_are_offered_and_edits_are_saved_and_announced(
    home: Path, tmp_path: Path
) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    async with started(home, build(), f'roots = ["{first}"]') as (session, _):
        outcome = await session.manager.call_tool("f", "my_roots", {})  # type: ignore[union-attr]
        assert outcome.content == (TextBlock(first.as_uri()),)
        saved = await session.features.set_roots("f", (str(first), str(second)))
        assert saved.ok, saved.message
        assert "roots/list_changed" in saved.message
        await wait_until(
            lambda: any(
                r.method == "notifications/roots/list_changed" and r.direction == "out"
                for r in session.features.traffic("f")
            )
        )
        outcome = await session.manager.call_tool("f", "my_roots", {})  # type: ignore[union-attr]
        assert outcome.content == (TextBlock(f"{first.as_uri()}\n{second.as_uri()}"),)
    on_disk = tomllib.loads((home / "config.toml").read_text(encoding="utf-8"))
    assert on_disk["servers"]["f"]["roots"] == [str(first), str(second)]
