"""The audit view shows records written by AuditWriter, newest first, with the full record on selection."""

from __future__ import annotations

from pathlib import Path

from test_audit_support import AuditHost
from textual.widgets import DataTable, Static

from tui.config.model import AuditSettings
from tui.safety.effective import effective_hints
from tui.store.audit_reader import AuditReader
from tui.store.audit_record import make_record
from tui.store.audit_writer import AuditWriter
from tui.store.request_records import ElicitationAuditRecord, SamplingAuditRecord
from tui.ui.screens.audit_view import AuditViewScreen


def write_records(path: Path) -> AuditWriter:
    log = AuditWriter(path)
    hostile = "[@click=app.quit]x[/]"
    for i, (tool, grade, decision, outcome) in enumerate(
        [
            ("read_notes", "safe", "allow", "ok"),
            ("delete_notes", "high", "ask", "cancelled"),
            (f"drop{hostile}", "critical", "deny", "denied"),
        ]
    ):
        log.append(
            make_record(
                server="demo",
                tool=tool,
                definition_hash=f"hash{i}",
                arguments={"path": f"file{i}.txt", "markup": hostile},
                hints=effective_hints({"readOnlyHint": i == 0}, override={"openWorldHint": False}),
                grade=grade,
                decision=decision,
                reason=f"reason {i} {hostile}",
                rule="no-rule",
                outcome=outcome,  # type: ignore[arg-type]
                duration_ms=12 if outcome == "ok" else None,
                choice="cancel" if decision == "ask" else None,
            )
        )
    return log


def text_of(screen: AuditViewScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_records_newest_first_and_the_full_record_on_selection(tmp_path: Path) -> None:
    log = write_records(tmp_path / "audit.jsonl")
    app = AuditHost(AuditReader(log.path))
    async with app.run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AuditViewScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 3
        tools = [str(table.get_row_at(i)[2]) for i in range(3)]
        assert tools == ["drop[@click=app.quit]x[/]", "delete_notes", "read_notes"]
        assert [str(table.get_row_at(i)[4]) for i in range(3)] == ["deny", "ask", "allow"]
        assert str(table.get_row_at(1)[6]) == "reason 1 [@click=app.quit]x[/]"
        assert text_of(screen, "#audit-source").startswith(f"{tmp_path / 'audit.jsonl'}: the latest 3")
        detail = text_of(screen, "#audit-detail")
        assert "reason: reason 2 [@click=app.quit]x[/]" in detail  # the newest shows first
        await pilot.press("down")
        await pilot.pause()
        detail = text_of(screen, "#audit-detail")
        assert "demo / delete_notes" in detail
        assert "you chose: cancel" in detail
        assert "openWorldHint: false (override)" in detail
        assert "readOnlyHint: false (explicit)" in detail
        assert '"path": "file1.txt"' in detail
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, AuditViewScreen)


async def test_unreadable_lines_are_counted_and_missing_log_is_plain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = write_records(path)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"torn": \nnot json at all\n')
    app = AuditHost(AuditReader(log.path))
    async with app.run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AuditViewScreen)
        assert screen.query_one(DataTable).row_count == 3
        assert "2 unreadable lines skipped" in text_of(screen, "#audit-source")

    empty = AuditHost(AuditReader(tmp_path / "none.jsonl"))
    async with empty.run_test() as pilot:
        await pilot.pause()
        assert isinstance(empty.screen, AuditViewScreen)
        assert "nothing recorded yet" in text_of(empty.screen, "#audit-source")


async def test_records_are_read_across_rotated_files(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    writer = AuditWriter(path, AuditSettings(max_file_kb=1, keep_files=5))
    for n in range(12):
        writer.append(
            make_record(
                server="demo",
                tool=f"tool_{n}",
                definition_hash="h",
                arguments={"padding": "x" * 300},
                hints=effective_hints({"readOnlyHint": True}),
                grade="safe",
                decision="allow",
                reason="r",
                rule="auto-safe",
                outcome="ok",
            )
        )
    reader = AuditReader(path)
    assert len(reader.files()) > 2
    app = AuditHost(reader)  # F5's reader knows no rotation settings: it reads whichever files there are
    async with app.run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AuditViewScreen)
        table = screen.query_one(DataTable)
        assert [str(table.get_row_at(i)[2]) for i in range(table.row_count)] == [
            f"tool_{n}" for n in reversed(range(12))
        ]
        source = text_of(screen, "#audit-source")
        assert source.startswith(
            f"{path}: the latest 12 records (calls, and what servers asked you), newest first"
        )
        assert f"(read with its {len(reader.files()) - 1} older rotated files)" in source


async def test_a_servers_questions_and_their_answers_are_listed_with_the_calls(tmp_path: Path) -> None:
    # What a server asked the person is a decision too: F5 shows it as ``mcp-tui audit`` does.
    log = write_records(tmp_path / "audit.jsonl")
    log.append(
        ElicitationAuditRecord(
            time="2026-11-23T10:00:00.000Z",
            server="demo",
            message="Your name?",
            requested=["name", "password"],
            answer="accepted",
            reason="The person answered the question and the answers were sent.",
            fields=["name", "password"],
        )
    )
    log.append(
        SamplingAuditRecord(
            time="2026-11-23T10:00:01.000Z",
            server="demo",
            request={"messages": [{"role": "user", "content": {"type": "text", "text": "Hi"}}]},
            answer="declined",
            reason="More than 10 requests from demo are waiting: declined without asking.",
            answered_by="mcp-tui",
        )
    )
    app = AuditHost(AuditReader(log.path))
    async with app.run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AuditViewScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 5
        newest, elicitation = (list(map(str, table.get_row_at(i))) for i in (0, 1))
        assert newest[2:6] == ["(sampling)", "", "declined", "by mcp-tui"]
        assert elicitation[2:6] == ["(elicitation)", "", "accepted", "by person"]
        await pilot.press("down")
        await pilot.pause()
        detail = text_of(screen, "#audit-detail")
        assert "fields answered (never their values): name, password" in detail
        assert "asked: Your name?" in detail
