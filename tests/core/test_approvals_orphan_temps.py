"""A save killed mid-way (``kill -9``) leaves ``.approvals.json.*.tmp``: the next save removes it, once it is
older than a minute and its writer no longer holds the lock; another instance's save in progress is never
touched. The other writer is a real process taking the real lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from filelock import Timeout

from tui.config.atomic import ORPHAN_AGE_S, temp_files_of
from tui.config.model import ServerConfig
from tui.safety.approvals import ApprovalBook
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot
from tui.store.approvals import ApprovalsStore, grant

DEMO = ServerConfig("demo", "stdio", command="python", args=("-m", "tui.demo"))
FILES = DefinitionSnapshot.of("manage_files", "Files", {"type": "object"}, {"readOnlyHint": True})

# Saves the way ApprovalsStore does (lock, temp file, os.replace), stopping half-way until told to go on.
WRITER = """
import os, sys, tempfile
from pathlib import Path
from tui.config.atomic import file_lock
path = Path(sys.argv[1])
with file_lock(path):
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.write(fd, b'{"approvals": [], "overrides": []}')
    os.close(fd)
    print(tmp, flush=True)
    sys.stdin.readline()
    os.replace(tmp, path)
"""


@pytest.fixture
def writer(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A second instance mid-save: it holds the lock and its temp file is written (its path on stdout)."""
    path = tmp_path / "approvals.json"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    temp = Path(proc.stdout.readline().strip())  # the writer says so once it holds the lock mid-save
    assert temp.name.endswith(".tmp"), "the writer did not get as far as its temp file"
    try:
        yield proc, temp
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                stream.close()


def aged(temp: Path) -> None:
    """The test's own clock: the file as if written two minutes ago."""
    then = time.time() - 2 * ORPHAN_AGE_S
    os.utime(temp, (then, then))


def a_grant() -> object:
    return grant(ApprovalBook().grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always"))


def test_a_killed_writers_old_temp_file_goes_with_the_next_save_and_a_young_one_stays(
    writer: tuple[subprocess.Popen[str], Path], tmp_path: Path
) -> None:
    proc, orphan = writer
    os.kill(proc.pid, signal.SIGKILL)  # mid-save: the lock goes with the process, the temp file stays
    proc.wait(timeout=30)
    aged(orphan)
    young = tmp_path / ".approvals.json.young.tmp"
    young.write_text("{", encoding="utf-8")
    store = ApprovalsStore(tmp_path / "approvals.json")
    store.load()
    assert store.update(a_grant()).result == "written"
    assert temp_files_of(tmp_path / "approvals.json") == [young]
    assert store.load().approvals, "the save itself went through"


def test_another_instances_save_in_progress_is_never_touched(
    writer: tuple[subprocess.Popen[str], Path], tmp_path: Path
) -> None:
    proc, temp = writer
    aged(temp)  # old enough to be taken for an orphan: only the lock it holds protects it
    store = ApprovalsStore(tmp_path / "approvals.json", lock_timeout=0.5)
    store.load()
    with pytest.raises(Timeout):
        store.update(a_grant())
    assert temp.exists()
    assert proc.stdin is not None
    proc.stdin.write("go on\n")
    proc.stdin.flush()
    assert proc.wait(timeout=30) == 0, "the other instance's save completed"
    assert temp_files_of(tmp_path / "approvals.json") == []
