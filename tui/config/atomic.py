"""Write user files atomically (temp file + os.replace) and only when the content changed; lock them
between instances, and notice when another instance changed them."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from filelock import FileLock


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` atomically; return False (and touch nothing) when it is unchanged."""
    try:
        if path.read_text(encoding="utf-8") == text:
            return False
    except FileNotFoundError:
        pass
    write_atomically(path, text)
    return True


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temp file and ``os.replace`` (keeping the file's mode)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp_name, path.stat().st_mode & 0o777)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise


def temp_files_of(path: Path) -> list[Path]:
    """The temp files ``write_atomically`` makes for ``path`` (``.NAME.*.tmp`` beside it)."""
    return sorted(path.parent.glob(f".{path.name}.*.tmp"))


ORPHAN_AGE_S = 60.0
"""A temp file this old (seconds since its last write) whose writer no longer holds the lock is an orphan."""


def remove_orphan_temps(path: Path, min_age_s: float = ORPHAN_AGE_S) -> list[Path]:
    """Remove what a writer killed mid-save (``kill -9``) left of ``path``: its temp files older than
    ``min_age_s``. Call it only while holding ``file_lock(path)``: every save writes its temp file under
    that lock, so no other instance's save can be in progress. Returns what was removed."""
    import time

    removed = []
    for temp in temp_files_of(path):
        try:
            if time.time() - temp.stat().st_mtime < min_age_s:
                continue  # young: left alone, however unlikely a save in progress is under our lock
            temp.unlink()
        except FileNotFoundError:
            continue
        removed.append(temp)
    return removed


LOCK_TIMEOUT_S = 10.0


def file_lock(path: Path, timeout: float = LOCK_TIMEOUT_S) -> FileLock:
    """An inter-process lock for ``path`` (a hidden ``.NAME.lock`` beside it), held around a
    read-merge-write so two instances never write over each other's change. ``filelock.Timeout``
    (an OSError) when another instance holds it for longer than ``timeout``."""
    from filelock import FileLock  # only when writing: the first frame reads and never locks

    path.parent.mkdir(parents=True, exist_ok=True)
    return FileLock(path.with_name(f".{path.name}.lock"), timeout=timeout)


@dataclass
class SeenText:
    """What one instance last read or wrote of a file, to notice when someone else changed it since."""

    text: str | None = None
    """None: the file did not exist."""
    known: bool = False
    changed_elsewhere: bool = False
    """Set by the last ``check``: the file on disk differed from what this instance had seen."""

    def check(self, current: str | None) -> bool:
        self.changed_elsewhere = self.known and current != self.text
        return self.changed_elsewhere

    def note(self, current: str | None) -> None:
        self.text, self.known = current, True


BOM = "\ufeff"
"""A byte order mark: Notepad and other Windows editors start a UTF-8 file with one."""


def without_bom(text: str) -> str:
    """``text`` without a leading byte order mark: parsers refuse it, while the file on disk keeps it."""
    return text.removeprefix(BOM)


def read_text_or_none(path: Path) -> str | None:
    """The file's text exactly as stored (line endings kept); None when it does not exist."""
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None
