"""Writing the audit log: each record appended and flushed as it happens, the file rotated by size.

``audit.jsonl`` is the current file; when it reaches ``settings.max_file_kb`` (``[audit]`` in config.toml,
``AuditSettings``) it becomes ``audit.jsonl.1`` (the previous ``.1`` becomes ``.2``, and so on; beyond
``keep_files`` the oldest goes). ``log_files`` names them for the reader. Several app instances may append
at once: each record is one ``O_APPEND`` write, and a rotation is done under an inter-process lock.
What a record holds is ``audit_record``; reading the files back is ``audit_reader``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tui.config.atomic import file_lock
from tui.config.model import AuditSettings
from tui.store.audit_record import AuditRecord
from tui.store.request_records import RequestRecord

_ROTATE_LOCK_TIMEOUT_S = 2.0


def numbered(path: Path, index: int) -> Path:
    """The rotated file number ``index`` of the log at ``path`` (``audit.jsonl.3``)."""
    return path.with_name(f"{path.name}.{index}")


def rotated_files(path: Path) -> list[tuple[int, Path]]:
    """The rotated files of the log at ``path`` that exist, as (number, path), newest (1) first."""
    found = []
    for candidate in path.parent.glob(f"{path.name}.*"):
        suffix = candidate.name[len(path.name) + 1 :]
        if suffix.isdigit():
            found.append((int(suffix), candidate))
    return sorted(found)


def log_files(path: Path) -> list[Path]:
    """Every file of the log at ``path`` that exists, newest first: the current one, then .1, .2, ..."""
    current = [path] if path.exists() else []
    return current + [rotated for _, rotated in rotated_files(path)]


class AuditWriter:
    """Appends records to the log at ``path``, rotating it by size."""

    def __init__(self, path: Path, settings: AuditSettings | None = None) -> None:
        self.path = path
        self.settings = settings or AuditSettings()
        self.listeners: list[Callable[[AuditRecord | RequestRecord], None]] = []
        """Told of each record once it is written (telemetry exports them as log records)."""

    def append(self, record: AuditRecord | RequestRecord) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (record.to_line() + "\n").encode("utf-8")
        self._rotate_if_full()
        # Arguments may be private: the log is readable by its owner only.
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                # A torn last line (a crash mid-write) must not swallow this record too.
                line = b"\n" + line
            # One write with O_APPEND: the kernel places it at the end as a whole, so records from
            # several instances never interleave. A short write (a full disk) leaves a torn line that
            # readers skip and the next append starts after.
            os.write(fd, line)
        finally:
            os.close(fd)
        for listener in list(self.listeners):
            listener(record)

    def _rotate_if_full(self) -> None:
        limit = self.settings.max_file_kb * 1024
        if limit <= 0 or self._size() < limit:
            return
        try:
            with file_lock(self.path, timeout=_ROTATE_LOCK_TIMEOUT_S):
                if self._size() < limit:
                    return  # another instance rotated it while this one waited
                self._shift_files()
        except TimeoutError:  # filelock.Timeout (imported only when a lock is taken)
            return  # another instance holds the lock for long: append now, rotate on a later record

    def _shift_files(self) -> None:
        keep = self.settings.keep_files
        for index in sorted((i for i, _ in rotated_files(self.path)), reverse=True):
            older = numbered(self.path, index)
            if index >= keep:
                older.unlink(missing_ok=True)
            else:
                os.replace(older, numbered(self.path, index + 1))
        if keep > 0:
            os.replace(self.path, numbered(self.path, 1))
        else:
            self.path.unlink(missing_ok=True)

    def _size(self) -> int:
        try:
            return self.path.stat().st_size
        except FileNotFoundError:
            return 0
