"""Write bytes a server sent (a result's image, a resource's blob) into a directory the person chose.

The one way mcp-tui saves such bytes (``--save-dir`` of ``call`` and ``read``, and the TUI's Save): the
directory is opened without following a link, and the file is created relative to that open directory
(``openat`` with ``O_CREAT | O_EXCL | O_NOFOLLOW``). So neither the directory nor the file's name can be
a link that sends the bytes elsewhere (a dangling link to a file outside is not created, a link to an
existing file is not written through), and an existing file is never written over: the next free name
is taken, or, when the person has confirmed replacing it, a new file takes its name (the old entry, link
or file, is swapped out whole; nothing is written into it).
"""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path
from typing import Literal


class LinkRefused(OSError):
    """The directory is a symbolic link: saving through it could put the file anywhere."""

    def __init__(self, directory: Path) -> None:
        super().__init__(
            errno.ELOOP, f"{directory} is a symbolic link; mcp-tui saves only into a real directory"
        )
        self.filename = str(directory)


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def _open_directory(directory: Path, create: bool) -> int:
    if create:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # a file, or a dangling link, has the directory's name
            if directory.is_symlink():
                raise LinkRefused(directory) from None
            raise
    try:
        return os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError:
        if directory.is_symlink():
            raise LinkRefused(directory) from None
        raise


def _write_new(directory_fd: int, name: str, data: bytes) -> None:
    """Create ``name`` in the open directory (FileExistsError when anything, even a link, has that name)."""
    fd = os.open(name, _NEW_FILE, 0o666, dir_fd=directory_fd)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
    except BaseException:
        os.unlink(name, dir_fd=directory_fd)
        raise


def numbered(name: str, number: int) -> str:
    """``name`` with ``-number`` before its extension: the second ``logo.png`` is ``logo-2.png``."""
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        return f"{name}-{number}"
    return f"{stem}-{number}.{suffix}"


IfExists = Literal["number", "refuse", "replace"]


def save_bytes(
    directory: Path, name: str, data: bytes, *, create_directory: bool = True, if_exists: IfExists = "number"
) -> Path:
    """Write ``data`` as ``directory/name`` and return the path written.

    ``name`` is one file name (no separator). When something already has that name, ``if_exists`` says
    what to do: ``"number"`` takes the next free ``name-2``, ``name-3``...; ``"refuse"`` raises
    FileExistsError (the TUI asks first); ``"replace"`` (the person confirmed it) gives the name to a new
    file. Raises ``LinkRefused`` when ``directory`` is a link, and OSError for any other failure.
    """
    if not name or name in (".", "..") or "/" in name or (os.altsep and os.altsep in name):
        raise ValueError(f"{name!r} is not a file name")
    directory_fd = _open_directory(directory, create_directory)
    try:
        if if_exists == "replace":
            temporary = f".{name}.{secrets.token_hex(6)}.part"
            _write_new(directory_fd, temporary, data)
            try:
                os.replace(temporary, name, src_dir_fd=directory_fd, dst_dir_fd=directory_fd)
            except OSError:
                os.unlink(temporary, dir_fd=directory_fd)
                raise
            return directory / name
        candidate, number = name, 1
        while True:
            try:
                _write_new(directory_fd, candidate, data)
                return directory / candidate
            except FileExistsError:
                if if_exists == "refuse":
                    raise
                number += 1
                candidate = numbered(name, number)
    finally:
        os.close(directory_fd)
