"""``--save-dir`` never follows a link: not a dangling link to a file outside, not a link to an existing
file, not a save directory that is itself a link; and never writes over a file (``read`` and ``call``
over real stdio, the real ``mcp-tui``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_harness import run_cli

HOSTILE = ("--", sys.executable, str(Path(__file__).resolve().parent / "hostile_server.py"))
FEATURES = ("--", sys.executable, str(Path(__file__).resolve().parents[1] / "features" / "feature_stdio.py"))
READ = ("read", "notes://logo.png")  # the feature server's PNG resource, saved as logo.png
CALL = ("call", "badimg", "--approve-up-to", "safe")  # the hostile server's second block: badimg-2.bin


def save_to(command: tuple[str, ...], directory: Path, home: Path) -> subprocess.CompletedProcess[str]:
    server = FEATURES if command[0] == "read" else HOSTILE
    return run_cli(*command, "--save-dir", str(directory), *server, home=home)


@pytest.mark.parametrize(("command", "name"), [(READ, "logo.png"), (CALL, "badimg-2.bin")])
def test_a_dangling_link_in_the_directory_creates_nothing_outside(
    home: Path, command: tuple[str, ...], name: str
) -> None:
    save, outside = home / "save", home / "outside"
    save.mkdir()
    outside.mkdir()
    (save / name).symlink_to(outside / "escape")
    result = save_to(command, save, home)
    assert result.returncode == 0, result.stderr
    assert list(outside.iterdir()) == []
    assert (save / name).is_symlink()
    assert not (save / name).exists()
    numbered = name.replace(".", "-2.", 1)
    assert f"saved to {save / numbered}" in result.stdout
    assert (save / numbered).is_file()
    assert not (save / numbered).is_symlink()


@pytest.mark.parametrize(("command", "name"), [(READ, "logo.png"), (CALL, "badimg-2.bin")])
def test_a_link_to_an_existing_file_is_not_written_through(
    home: Path, command: tuple[str, ...], name: str
) -> None:
    save, outside = home / "save", home / "outside.txt"
    save.mkdir()
    outside.write_bytes(b"keep me")
    (save / name).symlink_to(outside)
    result = save_to(command, save, home)
    assert result.returncode == 0, result.stderr
    assert outside.read_bytes() == b"keep me"
    assert f"saved to {save / name.replace('.', '-2.', 1)}" in result.stdout


@pytest.mark.parametrize("command", [READ, CALL])
def test_a_save_directory_that_is_a_link_is_refused_and_says_why(
    home: Path, command: tuple[str, ...]
) -> None:
    outside = home / "outside"
    outside.mkdir()
    (home / "save").symlink_to(outside, target_is_directory=True)
    result = save_to(command, home / "save", home)
    assert result.returncode == 0, result.stderr  # what was read or called is still printed
    assert list(outside.iterdir()) == []
    assert f"--save-dir: {home / 'save'} is a symbolic link; mcp-tui saves only into a real directory" in (
        result.stderr
    )
    assert "saved to" not in result.stdout


def test_a_link_in_a_parent_directory_is_refused(home: Path) -> None:
    """The save directory's own parent in the path the person gave is a link a server's earlier save or
    another program may have put there: the innermost directory is opened without following it."""
    outside = home / "outside"
    (outside / "inner").mkdir(parents=True)
    (home / "save").mkdir()
    (home / "save" / "sub").symlink_to(outside / "inner", target_is_directory=True)
    result = save_to(READ, home / "save" / "sub", home)
    assert list((outside / "inner").iterdir()) == []
    assert "is a symbolic link" in result.stderr


def test_an_existing_file_is_never_written_over(home: Path) -> None:
    save = home / "save"
    save.mkdir()
    (save / "logo.png").write_bytes(b"mine")
    first = save_to(READ, save, home)
    second = save_to(READ, save, home)
    assert first.returncode == second.returncode == 0
    assert (save / "logo.png").read_bytes() == b"mine"
    assert sorted(p.name for p in save.iterdir()) == ["logo-2.png", "logo-3.png", "logo.png"]
