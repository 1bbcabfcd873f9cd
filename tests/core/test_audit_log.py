"""The audit log: records round-trip, torn lines are skipped, arguments can be redacted."""

from __future__ import annotations

import dataclasses
import json
import stat
from datetime import UTC, datetime
from pathlib import Path

from tui.config.model import Preferences, ServerConfig
from tui.model.results import CallOutcome, CallStatus
from tui.safety.approvals import ApprovalBook
from tui.safety.decision import decide
from tui.safety.effective import effective_hints
from tui.safety.grade import grade_hints
from tui.safety.tool_hash import DefinitionSnapshot
from tui.store.audit_reader import AuditReader
from tui.store.audit_record import FIELD_DOCS, AuditRecord, fields_markdown, make_record, outcome_fields
from tui.store.audit_writer import AuditWriter

DEMO = ServerConfig("demo", "stdio", command="python")
DEF = DefinitionSnapshot.of("manage_files", "Files", {"type": "object"}, {"readOnlyHint": False})


def _record(i: int = 0, *, redact: bool = False, outcome: str = "ok") -> AuditRecord:
    hints = effective_hints(DEF.annotations, {"readOnlyHint": True, "openWorldHint": False})
    decision = decide(
        server=DEMO, definition=DEF, hints=hints, arguments={}, book=ApprovalBook(), preferences=Preferences()
    )
    return make_record(
        server="demo",
        tool="manage_files",
        definition_hash=DEF.hash,
        arguments={"path": f"file-{i}.txt", "note": "héllo"},
        hints=hints,
        grade=grade_hints(hints).grade.label,
        decision=decision.action,
        reason=decision.reason,
        rule=decision.rule,
        outcome=outcome,  # type: ignore[arg-type]
        duration_ms=12,
        choice="once",
        redact=redact,
        now=datetime(2025, 1, 31, 9, 15, 2, 123000, tzinfo=UTC),
    )


def test_records_round_trip_and_match_the_decision(tmp_path: Path) -> None:
    log = AuditWriter(tmp_path / "deep" / "dir" / "audit.jsonl")
    first, second = _record(1), _record(2, outcome="cancelled")
    log.append(first)
    log.append(second)
    reader = AuditReader(log.path)
    assert reader.recent_entries(10) == [first, second]
    assert reader.recent_entries(1) == [second]
    line = json.loads(log.path.read_text(encoding="utf-8").splitlines()[0])
    assert line["time"] == "2025-01-31T09:15:02.123Z"
    assert line["hints"]["readOnlyHint"] == {"value": True, "provenance": "resolved"}
    assert line["hints"]["idempotentHint"] == {"value": False, "provenance": "default"}
    assert line["decision"] == "ask"
    assert line["rule"] == "no-rule"
    assert line["reason"].startswith("Asking: this call is safe")
    assert line["arguments"] == {"path": "file-1.txt", "note": "héllo"}
    assert stat.S_IMODE(log.path.stat().st_mode) == 0o600


def test_redacted_arguments_are_not_written(tmp_path: Path) -> None:
    log = AuditWriter(tmp_path / "audit.jsonl")
    log.append(_record(1, redact=True))
    assert "file-1.txt" not in log.path.read_text(encoding="utf-8")
    assert AuditReader(log.path).recent_entries(1) == [_record(1, redact=True)]


def test_a_torn_last_line_is_skipped_and_the_next_record_still_lands(tmp_path: Path) -> None:
    log, reader = AuditWriter(tmp_path / "audit.jsonl"), AuditReader(tmp_path / "audit.jsonl")
    log.append(_record(1))
    with log.path.open("ab") as handle:
        handle.write(_record(2).to_line().encode()[:40])  # a crash mid-write
    assert reader.recent_entries(5) == [_record(1)]
    assert reader.skipped_lines == 1
    log.append(_record(3))
    assert reader.recent_entries(5) == [_record(1), _record(3)]
    assert reader.skipped_lines == 1


def test_garbage_lines_and_wrong_shapes_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = _record(1).to_line()
    bad_outcome = json.dumps({**json.loads(good), "outcome": "maybe"})
    path.write_bytes(b"\xff\xfe\n[]\n" + bad_outcome.encode() + b"\n\n" + good.encode() + b"\n")
    reader = AuditReader(path)
    assert reader.recent_entries(10) == [_record(1)]
    assert reader.skipped_lines == 3
    assert AuditReader(tmp_path / "missing.jsonl").recent_entries(3) == []


def test_recent_reads_across_chunk_boundaries(tmp_path: Path) -> None:
    log, reader = AuditWriter(tmp_path / "audit.jsonl"), AuditReader(tmp_path / "audit.jsonl")
    for i in range(400):  # ~250 KB: several 64 KB chunks, lines split between them
        log.append(dataclasses.replace(_record(i), reason="x" * 400 + str(i)))
    last = [r for r in reader.recent_entries(300) if isinstance(r, AuditRecord)]
    assert len(last) == 300
    assert [r.arguments["path"] for r in last if isinstance(r.arguments, dict)][-1] == "file-399.txt"
    assert last[0].reason.endswith("100")
    assert reader.skipped_lines == 0


def test_outcome_fields_from_call_outcomes() -> None:
    assert outcome_fields(CallOutcome(CallStatus.OK, duration_s=0.0123)) == ("ok", 12, None)
    flagged = outcome_fields(CallOutcome(CallStatus.OK, is_error=True, duration_s=1))
    assert flagged == ("error", 1000, "the tool reported an error (isError)")
    assert outcome_fields(CallOutcome(CallStatus.TIMEOUT, error="took too long"))[::2] == (
        "timeout",
        "took too long",
    )


def test_field_docs_cover_every_field_in_order() -> None:
    assert [name for name, _, _ in FIELD_DOCS] == [f.name for f in dataclasses.fields(AuditRecord)]
    assert fields_markdown().count("\n") == len(FIELD_DOCS) + 1
