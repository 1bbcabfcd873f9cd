"""The audit log rotates by size, keeps a few files, is read across them, and never tears or interleaves
records, even with two processes appending at once."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from tui.config.loader import load_config
from tui.config.model import AuditSettings
from tui.safety.effective import effective_hints
from tui.store.audit_reader import AuditReader
from tui.store.audit_record import AuditRecord, make_record
from tui.store.audit_writer import AuditWriter

KB = 1024


def record(writer: str, n: int, padding: int = 0) -> AuditRecord:
    return make_record(
        server=writer,
        tool="tool",
        definition_hash="h",
        arguments={"n": n, "padding": "x" * padding},
        hints=effective_hints({"readOnlyHint": True}),
        grade="safe",
        decision="allow",
        reason=f"record {n} of {writer}",
        rule="auto-safe",
        outcome="ok",
        duration_ms=1,
    )


def test_the_log_rotates_by_size_keeps_a_few_files_and_reads_across_them(tmp_path: Path) -> None:
    log = AuditWriter(tmp_path / "audit.jsonl", AuditSettings(max_file_kb=4, keep_files=2))
    for n in range(60):
        log.append(record("a", n, padding=200))
    names = sorted(path.name for path in tmp_path.glob("audit.jsonl*") if not path.name.endswith(".lock"))
    assert names == ["audit.jsonl", "audit.jsonl.1", "audit.jsonl.2"]
    reader = AuditReader(log.path)
    # A file rotates once it reaches the limit, so it holds at most one record beyond it.
    longest = len(record("a", 59, padding=200).to_line().encode()) + 1
    assert all(path.stat().st_size < 4 * KB + longest for path in reader.files())
    assert reader.files() == [tmp_path / name for name in names]  # newest first
    kept = reader.recent_entries(1000)
    numbers = [r.arguments["n"] for r in kept]  # type: ignore[union-attr,index]
    assert numbers == list(range(60 - len(numbers), 60)), "newest records, in order, across the files"
    assert 10 < len(numbers) < 60, "older files beyond keep_files are gone"
    assert [r.arguments["n"] for r in reader.recent_entries(3)] == [57, 58, 59]  # type: ignore[union-attr,index]


def test_rotation_can_be_turned_off(tmp_path: Path) -> None:
    log = AuditWriter(tmp_path / "audit.jsonl", AuditSettings(max_file_kb=0))
    for n in range(40):
        log.append(record("a", n, padding=200))
    reader = AuditReader(log.path)
    assert reader.files() == [tmp_path / "audit.jsonl"]
    assert len(reader.recent_entries(100)) == 40


def test_the_setting_is_read_from_config_toml(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[audit]\nmax_file_kb = 2048\nkeep_files = 3\n", encoding="utf-8")
    config, problems = load_config(path, must_exist=True)
    assert problems == []
    assert config.audit == AuditSettings(max_file_kb=2048, keep_files=3)
    path.write_text('[audit]\nmax_file_kb = "big"\n', encoding="utf-8")
    config, problems = load_config(path, must_exist=True)
    assert config.audit == AuditSettings()
    assert [p.line for p in problems] == [2]
    assert '"max_file_kb" must be a whole number' in problems[0].message


def append_many(path: str, writer: str, count: int, start: Any) -> None:
    """Runs in its own process: a second app instance writing to the same log."""
    log = AuditWriter(Path(path), AuditSettings(max_file_kb=64, keep_files=1000))
    start.wait()  # both processes write at the same time, not one after the other
    for n in range(count):
        # Every tenth record is large (100 kB), so a write split in parts would show.
        log.append(record(writer, n, padding=100 * KB if n % 10 == 0 else 50))


def test_two_processes_appending_at_once_never_tear_or_interleave_records(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    count = 300
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    workers = [
        context.Process(target=append_many, args=(str(path), name, count, start)) for name in ("A", "B")
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0

    log = AuditReader(path)
    files = log.files()
    assert len(files) > 5, "the small size limit made both processes rotate"
    lines = [line for file in files for line in file.read_bytes().split(b"\n") if line]
    parsed = [json.loads(line) for line in lines]  # a torn or interleaved line would not parse
    assert len(parsed) == 2 * count
    records = log.recent_entries(2 * count)  # oldest first
    assert log.skipped_lines == 0
    for writer in ("A", "B"):
        mine = [r.arguments["n"] for r in records if r.server == writer]  # type: ignore[union-attr,index]
        assert mine == list(range(count)), f"{writer}'s records are all there, each once, in order"


def test_the_latest_entries_stop_reading_files_once_there_are_enough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = AuditWriter(tmp_path / "audit.jsonl", AuditSettings(max_file_kb=4, keep_files=5))
    for n in range(90):
        writer.append(record("a", n, padding=200))
    log = AuditReader(writer.path)
    files = log.files()
    assert len(files) == 6  # the current file and five rotated ones
    per_file = len((tmp_path / "audit.jsonl.1").read_text(encoding="utf-8").splitlines())
    wanted = len((tmp_path / "audit.jsonl").read_text(encoding="utf-8").splitlines()) + per_file
    opened: list[str] = []
    real_open = Path.open

    def noting_open(path: Path, *args: Any, **kwargs: Any) -> Any:
        if path.name.startswith("audit.jsonl") and not path.name.endswith(".lock"):
            opened.append(path.name)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(Path, "open", noting_open)
    entries = log.recent_entries(wanted)
    assert [e.arguments["n"] for e in entries] == list(range(90 - wanted, 90))  # type: ignore[union-attr]
    # The current file and .1 hold them all: the four older files are never opened.
    assert opened == ["audit.jsonl", "audit.jsonl.1"]
    opened.clear()
    assert log.recent_entries(0) == []
    assert opened == []
