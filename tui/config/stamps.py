"""A file's identity on disk, to tell cheaply whether it changed since it was read.

(size, mtime_ns, ctime_ns, inode): an atomic replace changes the inode, an edit in place the size or the
times. One ``os.stat`` per file, so checking every policy file before each decision costs microseconds.
"""

from __future__ import annotations

import os
from pathlib import Path

Stamp = tuple[int, int, int, int] | None
"""None: the file does not exist."""
UNREAD: tuple[int, int, int, int] = (-1, -1, -1, -1)
"""Never equal to a real stamp: the file is read at the next check."""


def stamp_of(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return UNREAD  # unreadable now: read again (and report) at the next check
    return (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


class Stamps:
    """The stamp of each file as this instance last read it."""

    def __init__(self) -> None:
        self._known: dict[Path, Stamp] = {}

    def changed(self, path: Path) -> bool:
        """The file differs from when it was last noted (a file never noted has changed)."""
        return self._known.get(path, UNREAD) != stamp_of(path)

    def note(self, path: Path, stamp: Stamp) -> None:
        self._known[path] = stamp
