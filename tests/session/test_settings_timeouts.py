"""Timeouts saved through the settings service: checked, written into the user's own file without
disturbing it, announced, and in force at once; a run's --timeout keeps holding over them."""

from __future__ import annotations

from pathlib import Path

import pytest
from settings_support import settings_in

from tui.config.loader import load_config
from tui.config.model import Timeouts
from tui.session.settings import SettingsService

USER_FILE = """\
# My mcp-tui settings: hand-written, keep my notes.

[timeouts]   # seconds
connect = 15          # npx is slow on this laptop
call    = 120         # long builds

[preferences]
auto_approve_safe = false  # not yet

[servers.files]  # the file server
command = "files-server"
"""


def service(home: Path, text: str = USER_FILE) -> tuple[SettingsService, list[str]]:
    """The service over ``text`` as config.toml, and the changes it announces (SettingsChanged kinds)."""
    (home / "config.toml").write_text(text, encoding="utf-8")
    settings = settings_in(home)
    announced: list[str] = []
    settings.listeners.append(announced.append)
    return settings, announced


def test_a_saved_timeout_changes_only_its_own_value_in_the_user_s_file(tmp_path: Path) -> None:
    settings, announced = service(tmp_path)
    saved = settings.set_timeout("call", "90")
    assert saved.ok
    assert saved.message == f"Saved the call timeout (90 s) to {tmp_path / 'config.toml'}"
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text == USER_FILE.replace("call    = 120 ", "call    = 90 "), "comments, spacing, order kept"
    assert settings.timeouts.call == 90
    assert announced == ["timeout"]


def test_a_timeout_not_in_the_file_is_added_to_its_table(tmp_path: Path) -> None:
    settings, _ = service(tmp_path)
    assert settings.set_timeout("preflight", "1.5").ok
    config, problems = load_config(tmp_path / "config.toml", must_exist=True)
    assert problems == []
    assert config.timeouts == Timeouts(connect=15, call=120, preflight=1.5)
    text = (tmp_path / "config.toml").read_text(encoding="utf-8")
    assert text.startswith(USER_FILE.split("[preferences]")[0].rstrip("\n"))
    assert "# not yet" in text
    assert "# the file server" in text


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("soon", 'must be a number of seconds, not "soon"'),
        ("", 'must be a number of seconds, not ""'),
        ("nan", 'must be a number of seconds, not "nan"'),
        ("0", "must be greater than 0 seconds, not 0"),
        ("-5", "must be greater than 0 seconds, not -5"),
        ("86401", "must be at most 86400 seconds (one day), not 86401"),
        ("inf", "must be at most 86400 seconds (one day), not inf"),
    ],
)
def test_a_bad_timeout_is_refused_with_the_reason_and_nothing_changes(
    tmp_path: Path, typed: str, reason: str
) -> None:
    settings, announced = service(tmp_path)
    saved = settings.set_timeout("call", typed)
    assert not saved.ok
    assert saved.message == f"Not saved: the call timeout {reason}."
    assert (tmp_path / "config.toml").read_text(encoding="utf-8") == USER_FILE
    assert settings.timeouts.call == 120
    assert announced == []


def test_the_longest_and_a_fractional_timeout_are_accepted(tmp_path: Path) -> None:
    settings, _ = service(tmp_path)
    assert settings.set_timeout("call", " 86400 ").ok
    assert settings.set_timeout("connect", 0.25).ok
    assert settings.timeouts == Timeouts(connect=0.25, call=86400)


def test_the_same_value_again_writes_nothing(tmp_path: Path) -> None:
    settings, announced = service(tmp_path)
    saved = settings.set_timeout("call", "120.0")
    assert saved.ok
    assert saved.message == ""
    assert announced == []


def test_a_run_s_own_timeout_holds_over_the_file_s_even_after_a_save(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(USER_FILE, encoding="utf-8")
    config, _ = load_config(tmp_path / "config.toml", must_exist=True)
    settings = SettingsService(
        config=config,
        config_file=tmp_path / "config.toml",
        servers=list(config.servers),
        approvals_file=tmp_path / "approvals.json",
        timeout_overrides={"call": 2.0},
    )
    assert settings.timeouts.call == 2.0
    saved = settings.set_timeout("call", "60")
    assert saved.ok
    assert "This run keeps 2 s (given with --timeout)." in (saved.note or "")
    assert settings.timeouts.call == 2.0
    assert "call    = 60 " in (tmp_path / "config.toml").read_text(encoding="utf-8")


def test_a_read_only_source_refuses_a_timeout(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(USER_FILE, encoding="utf-8")
    config, _ = load_config(tmp_path / "config.toml", must_exist=True)
    settings = SettingsService(
        config=config, config_file=None, servers=config.servers, approvals_file=tmp_path / "a.json"
    )
    saved = settings.set_timeout("call", "60")
    assert not saved.ok
    assert saved.message.startswith("Not saved: Settings were read from")
    assert settings.timeouts.call == 120


def test_an_inline_timeouts_table_is_edited_in_place(tmp_path: Path) -> None:
    """A layout the line edit cannot change goes through tomlkit, which keeps the rest as it was."""
    text = (
        "# inline, on purpose\ntimeouts = { call = 120, connect = 15 }  # compact\n\n"
        '[servers.files]\ncommand = "x"\n'
    )
    settings, _ = service(tmp_path, text)
    assert settings.set_timeout("call", "30").ok
    assert (tmp_path / "config.toml").read_text(encoding="utf-8") == text.replace("call = 120", "call = 30")
