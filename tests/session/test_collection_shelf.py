"""The session's collections for the TUI: the folder's files (a broken one says why), saving (secrets as
placeholders, a clear refusal that writes nothing), the expectations a result suggests, and a replay's
verdicts for every stated expectation."""

from __future__ import annotations

from pathlib import Path

from tui.model.collections import Expectations
from tui.model.results import CallOutcome, CallStatus, TextBlock
from tui.model.servers import ToolInfo
from tui.session.collection_shelf import CollectionShelf, suggested_expectations

LOGIN = ToolInfo(
    "auth", "login", None, "Log in.",
    {"type": "object", "properties": {"user": {"type": "string"},
                                      "secret_word": {"type": "string", "format": "password"}}},
    None, {"readOnlyHint": True},
)  # fmt: skip


def test_a_saved_call_keeps_its_secrets_as_placeholders_and_reads_back(tmp_path: Path) -> None:
    shelf = CollectionShelf(tmp_path / "collections")
    draft = shelf.draft("sign in", LOGIN, {"user": "ann", "secret_word": "hunter2"})
    assert draft.placeholders == ("MCP_TUI_LOGIN_SECRET_WORD",)
    assert draft.call.args == {"user": "ann", "secret_word": "${MCP_TUI_LOGIN_SECRET_WORD}"}
    saved = shelf.save("smoke", draft.call)
    assert saved.ok, saved.message
    path = tmp_path / "collections" / "smoke.toml"
    assert "hunter2" not in path.read_text(encoding="utf-8")
    [entry] = shelf.entries()
    assert entry.name == "smoke"
    assert entry.collection is not None
    assert entry.collection.calls[0].args == draft.call.args
    arguments, missing = shelf.arguments_for(entry.collection.calls[0], {"MCP_TUI_LOGIN_SECRET_WORD": "pw"})
    assert (arguments, missing) == ({"user": "ann", "secret_word": "pw"}, None)
    arguments, missing = shelf.arguments_for(entry.collection.calls[0], {})
    assert arguments["secret_word"] == "${MCP_TUI_LOGIN_SECRET_WORD}"
    assert missing is not None
    assert "MCP_TUI_LOGIN_SECRET_WORD" in missing


def test_a_save_that_cannot_hold_says_why_and_writes_nothing(tmp_path: Path) -> None:
    shelf = CollectionShelf(tmp_path)
    call = shelf.draft("one", LOGIN, {"user": "ann"}).call
    assert shelf.save("smoke", call).ok
    before = (tmp_path / "smoke.toml").read_text(encoding="utf-8")
    again = shelf.save("smoke", call)
    assert not again.ok
    assert "already has a call named 'one'" in again.message
    folder = shelf.save("../elsewhere", call)
    assert not folder.ok
    assert "not a collection name" in folder.message
    unnamed = shelf.save("smoke", shelf.draft(" ", LOGIN, {}).call)
    assert not unnamed.ok
    assert "Give the call a name" in unnamed.message
    assert (tmp_path / "smoke.toml").read_text(encoding="utf-8") == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["smoke.toml"]


def test_a_broken_collection_is_listed_with_its_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "broken.toml").write_text(
        '[[calls]]\nname = "x"\nserver = "s"\nbogus = 1\n', encoding="utf-8"
    )
    [entry] = CollectionShelf(tmp_path).entries()
    assert entry.collection is None
    assert entry.problem is not None
    assert "broken.toml" in entry.problem
    assert "bogus" in entry.problem


def test_the_last_result_suggests_its_error_flag_first_line_and_grade() -> None:
    answered = CallOutcome(CallStatus.OK, (TextBlock("\n  3 files in the sandbox\nwelcome.txt"),))
    assert suggested_expectations(answered, "safe") == Expectations(
        is_error=False, text_contains="3 files in the sandbox", grade="safe"
    )
    assert suggested_expectations(CallOutcome(CallStatus.DENIED), "high") == Expectations(grade="high")
    assert suggested_expectations(None, None) == Expectations()


def test_recording_names_its_collection_and_stops(tmp_path: Path) -> None:
    shelf = CollectionShelf(tmp_path)
    assert not shelf.start_recording("no/folders").ok
    assert shelf.recording_to is None
    started = shelf.start_recording("session.toml")
    assert started.ok
    assert shelf.recording_to == "session"
    assert str(tmp_path / "session.toml") in started.message
    assert shelf.stop_recording().ok
    assert shelf.recording_to is None
