"""Remembered approvals and overrides on disk: they survive a restart; a broken file is left alone."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from tui.config.model import Preferences, ServerConfig
from tui.safety.approvals import ApprovalBook
from tui.safety.decision import RuleId, decide
from tui.safety.effective import effective_hints
from tui.safety.grade import Grade
from tui.safety.overrides import Overrides
from tui.safety.tool_hash import DefinitionSnapshot
from tui.store.approvals import (
    ApprovalsStore,
    dump_approvals,
    grant,
    load_approvals,
    revoke,
    set_override,
)

DEMO = ServerConfig("demo", "stdio", command="python", args=("-m", "tui.demo"))
STATIC = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}
FILES = DefinitionSnapshot.of("manage_files", "Files", {"type": "object"}, STATIC)
READ = {"readOnlyHint": True, "openWorldHint": False}
DELETE = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}


def _session_one(path: Path) -> None:
    store = ApprovalsStore(path)
    state = store.load()
    assert store.problem is None
    book = ApprovalBook(state.approvals)
    approval = book.grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always")
    book.grant(DEMO.identity, "demo", replace(FILES, name="other"), Grade.HIGH, "session")
    assert store.update(grant(approval)).result == "written"
    assert store.update(set_override("demo", "manage_files", {"openWorldHint": False})).result == "written"


def test_an_approval_survives_a_restart_and_keeps_its_ceiling(tmp_path: Path) -> None:
    path = tmp_path / "state" / "approvals.json"
    _session_one(path)
    # A new process: nothing but the file carries over.
    store = ApprovalsStore(path)
    state = store.load()
    book = ApprovalBook(state.approvals)
    assert [(a.tool, a.ceiling, a.scope) for a in book.all()] == [("manage_files", Grade.SAFE, "always")]
    assert state.overrides.get("demo", "manage_files") == {"openWorldHint": False}

    def run(resolved: dict[str, bool]) -> str:
        return decide(
            server=DEMO,
            definition=FILES,
            hints=effective_hints(STATIC, resolved),
            arguments={},
            book=book,
            preferences=Preferences(),
        ).rule

    assert run(READ) == RuleId.APPROVAL_ALWAYS
    assert run(DELETE) == RuleId.CONFIRM_DESTRUCTIVE
    # ... and a changed definition after the restart suspends it.
    changed = replace(FILES, description="Files, now anywhere on disk")
    decision = decide(
        server=DEMO,
        definition=changed,
        hints=effective_hints(STATIC, READ),
        arguments={},
        book=book,
        preferences=Preferences(),
    )
    assert decision.rule == RuleId.DEFINITION_CHANGED
    assert decision.changes == ["description changed"]


def test_saves_only_on_change_and_only_what_was_changed(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    book = ApprovalBook()
    approval = book.grant(DEMO.identity, "demo", FILES, Grade.MEDIUM, "always")
    store = ApprovalsStore(path)
    store.load()
    update = store.update(grant(approval))
    assert (update.result, update.reloaded) == ("written", False)
    assert update.state.approvals == [approval]
    os.utime(path, (1, 1))
    assert store.update(grant(approval)).result == "unchanged"
    assert path.stat().st_mtime == 1
    data = json.loads(path.read_text())
    assert [a["ceiling"] for a in data["approvals"]] == ["medium"]
    assert store.update(revoke(approval)).result == "written"
    assert load_approvals(path)[0].approvals == []


def test_a_file_saved_with_a_byte_order_mark_loads_and_takes_changes(tmp_path: Path) -> None:
    # Notepad and other Windows editors start the file with one; the approvals in it must not be lost.
    path = tmp_path / "state" / "approvals.json"
    _session_one(path)
    path.write_text("\ufeff" + path.read_text(encoding="utf-8"), encoding="utf-8")
    store = ApprovalsStore(path)
    state = store.load()
    assert store.problem is None
    assert [a.tool for a in state.approvals] == ["manage_files"]  # the session-scoped one never was
    assert store.update(set_override("demo", "other", {"readOnlyHint": True})).result == "written"
    saved = load_approvals(path)[0]
    assert [a.tool for a in saved.approvals] == ["manage_files"]
    assert saved.overrides.get("demo", "other") == {"readOnlyHint": True}


def test_a_file_holding_only_a_byte_order_mark_is_an_empty_one(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    path.write_text("\ufeff", encoding="utf-8")
    state, problem = load_approvals(path)
    assert problem is None
    assert state.approvals == []


def test_a_change_is_applied_to_the_file_as_it_is_now_and_says_it_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    mine, other = ApprovalsStore(path), ApprovalsStore(path)
    mine.load()
    other.load()
    first = ApprovalBook().grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always")
    second = ApprovalBook().grant(DEMO.identity, "demo", replace(FILES, name="other"), Grade.LOW, "always")
    assert other.update(grant(first)).reloaded is False
    update = mine.update(grant(second))
    assert update.reloaded is True
    assert update.notice is not None
    assert sorted(a.tool for a in update.state.approvals) == ["manage_files", "other"]
    assert mine.update(revoke(second)).reloaded is False  # nothing changed elsewhere since


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ('{"version": 1,\n "approvals": [\n}', 3, "not valid JSON"),
        ("[1, 2]", None, "must hold a JSON object"),
        ('{"version": 7, "approvals": []}', None, '"version" is 7'),
        ('{"version": 1, "approvals": [{"server": "demo"}]}', None, 'approvals[0]: "serverIdentity"'),
        (
            '{"version": 1, "overrides": [{"server": "d", "tool": "t", "annotations": {"readOnlyHint": 1}}]}',
            None,
            "overrides[0]: 'readOnlyHint'",
        ),
    ],
)
def test_a_broken_file_gives_a_message_and_is_never_overwritten(
    tmp_path: Path, text: str, line: int | None, words: str
) -> None:
    path = tmp_path / "approvals.json"
    path.write_text(text, encoding="utf-8")
    store = ApprovalsStore(path)
    state = store.load()
    assert state.approvals == []
    assert len(state.overrides) == 0
    problem = store.problem
    assert problem is not None
    assert problem.file == path
    assert problem.line == line
    assert words in problem.message
    assert "will not change this file until you fix or remove it" in problem.message
    assert str(path) in problem.with_path()
    approval = ApprovalBook().grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always")
    assert store.update(grant(approval)).result == "refused"
    assert path.read_text(encoding="utf-8") == text
    # Once the user removes the file and the app reads again, saving works.
    path.unlink()
    store.load()
    assert store.update(grant(approval)).result == "written"


def test_a_file_broken_by_hand_while_running_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    store = ApprovalsStore(path)
    store.load()
    book = ApprovalBook()
    assert (
        store.update(grant(book.grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always"))).result
        == "written"
    )
    path.write_text("{ oops", encoding="utf-8")
    lower = book.grant(DEMO.identity, "demo", FILES, Grade.LOW, "always")
    assert store.update(grant(lower)).result == "refused"
    assert path.read_text(encoding="utf-8") == "{ oops"
    assert store.problem is not None


def test_a_tampered_definition_hash_is_reported(tmp_path: Path) -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always")
    data = json.loads(dump_approvals(book.all(), Overrides()))
    data["approvals"][0]["definitionHash"] = "0" * 64
    path = tmp_path / "approvals.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, problem = load_approvals(path)
    assert problem is not None
    assert "does not match" in problem.message


def test_missing_or_empty_file_is_simply_empty(tmp_path: Path) -> None:
    assert load_approvals(tmp_path / "nope.json")[1] is None
    (tmp_path / "empty.json").write_text("\n", encoding="utf-8")
    assert load_approvals(tmp_path / "empty.json")[1] is None


def test_book_find_revoke_and_scopes() -> None:
    book = ApprovalBook()
    always = book.grant(DEMO.identity, "demo", FILES, Grade.LOW, "always")
    session = book.grant(DEMO.identity, "demo", FILES, Grade.HIGH, "session")
    assert book.find(DEMO.identity, "manage_files") == [session, always]
    assert book.find("other|stdio|x", "manage_files") == []
    again = book.grant(DEMO.identity, "demo", FILES, Grade.MEDIUM, "always")
    assert book.persistent() == [again]
    assert book.revoke(session)
    assert not book.revoke(session)
    assert book.revoke(again)
    assert book.all() == []
