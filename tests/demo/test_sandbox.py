"""The sandbox never hands out a path outside its directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.demo.sandbox import ENV_VAR, Sandbox, SandboxError, default_sandbox


@pytest.fixture
def box(tmp_path: Path) -> Sandbox:
    sandbox = Sandbox(tmp_path / "box")
    sandbox.ensure()
    return sandbox


def test_ensure_creates_the_directory_with_a_welcome_file(box: Sandbox) -> None:
    assert (box.root / "welcome.txt").read_text(encoding="utf-8").startswith("Welcome")


def test_ensure_does_not_recreate_a_deleted_welcome_file(box: Sandbox) -> None:
    (box.root / "welcome.txt").unlink()
    box.ensure()
    assert not (box.root / "welcome.txt").exists()


@pytest.mark.parametrize("good", ["notes.md", "sub/dir/file.txt", "./notes.md", "a..b.txt"])
def test_relative_paths_inside_are_allowed(box: Sandbox, good: str) -> None:
    path = box.path(good)
    assert box.root in path.parents


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("/etc/passwd", "absolute"),
        ("\\windows\\system32", "absolute"),
        ("C:\\Windows", "absolute"),
        ("../outside.txt", ".."),
        ("sub/../../outside.txt", ".."),
        ("sub\\..\\..\\outside.txt", ".."),
        ("a\0b", "NUL"),
        (".", "sandbox itself"),
    ],
)
def test_paths_that_leave_are_refused(box: Sandbox, bad: str, says: str) -> None:
    with pytest.raises(SandboxError, match=says):
        box.path(bad)


def test_a_symlink_pointing_out_is_refused(box: Sandbox, tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("secret", encoding="utf-8")
    (box.root / "link.txt").symlink_to(outside)
    (box.root / "linkdir").symlink_to(tmp_path)
    with pytest.raises(SandboxError, match="outside"):
        box.path("link.txt")
    with pytest.raises(SandboxError, match="outside"):
        box.path("linkdir/secret.txt")


def test_a_symlink_inside_is_fine(box: Sandbox) -> None:
    (box.root / "alias.txt").symlink_to(box.root / "welcome.txt")
    assert box.path("alias.txt").read_text(encoding="utf-8").startswith("Welcome")


def test_default_sandbox_honours_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "elsewhere"))
    assert default_sandbox() == tmp_path / "elsewhere"
    monkeypatch.delenv(ENV_VAR)
    assert default_sandbox().name == "demo-sandbox"
    assert "mcp-tui" in str(default_sandbox())
