"""The settings service keeps each setting in one place and reads config.toml only when it must."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from settings_support import settings_in

from tui.config.atomic import file_lock
from tui.config.loader import load_config
from tui.config.model import Trust
from tui.session.settings import SettingsService

CONFIG = '# mine\n[servers.files]  # the file server\ncommand = "files-server"\n'


def service(home: Path, text: str = CONFIG) -> SettingsService:
    (home / "config.toml").write_text(text, encoding="utf-8")
    return settings_in(home)


def test_a_trust_change_saved_reaches_the_server_s_one_config(tmp_path: Path) -> None:
    settings = service(tmp_path)
    assert settings.server("files").trust is Trust.UNTRUSTED
    assert settings.set_trust("files", Trust.TRUSTED).ok
    assert settings.servers[0].trust is Trust.TRUSTED
    assert settings.server("files").trust is Trust.TRUSTED
    assert 'trust = "trusted"' in (tmp_path / "config.toml").read_text(encoding="utf-8")


class ReadsOf:
    """Every read of one file, and whether this process held its inter-process lock at that moment."""

    def __init__(self, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path = path
        self.locked: list[bool] = []
        read_bytes, read_text = Path.read_bytes, Path.read_text

        def counted_bytes(self_: Path) -> bytes:
            self._note(self_)
            return read_bytes(self_)

        def counted_text(self_: Path, *args: Any, **kwargs: Any) -> str:
            self._note(self_)
            return read_text(self_, *args, **kwargs)

        monkeypatch.setattr(Path, "read_bytes", counted_bytes)
        monkeypatch.setattr(Path, "read_text", counted_text)

    def _note(self, path: Path) -> None:
        if path == self.path:
            self.locked.append(self._held())

    def _held(self) -> bool:
        try:
            with file_lock(self.path, timeout=0):
                return False
        except TimeoutError:
            return True


def test_start_up_reuses_the_loader_s_read_and_an_edit_reads_once_inside_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_file = tmp_path / "config.toml"
    config_file.write_text(CONFIG, encoding="utf-8")
    config, _ = load_config(config_file, must_exist=True)
    reads = ReadsOf(config_file, monkeypatch)
    settings = SettingsService(
        config=config, config_file=config_file, servers=config.servers, approvals_file=tmp_path / "a.json"
    )
    assert reads.locked == []
    saved = settings.set_preference("auto_approve_safe", True)
    assert saved.ok
    assert saved.note is None
    assert reads.locked == [True]
    assert "auto_approve_safe = true" in config_file.read_text(encoding="utf-8")


def test_another_instance_s_edit_is_still_noticed_and_reloaded(tmp_path: Path) -> None:
    settings = service(tmp_path)
    config_file = tmp_path / "config.toml"
    # Another instance adds a rule after this one loaded the file.
    config_file.write_text(CONFIG + '\n[[rules]]\nserver = "files"\ntool = "rm"\naction = "never"\n')
    saved = settings.set_preference("auto_approve_safe", True)
    assert saved.ok
    assert "changed elsewhere" in (saved.note or "")
    assert [(rule.tool, rule.action) for rule in settings.rules] == [("rm", "never")]
    assert settings.preferences.auto_approve_safe is True
    # The file as this instance wrote it is what it has seen: the next edit is not "elsewhere".
    assert settings.set_preference("auto_approve_low", True).note is None


def test_the_read_kept_for_change_detection_is_the_file_exactly_byte_order_mark_and_all(
    tmp_path: Path,
) -> None:
    config_file = tmp_path / "config.toml"
    config_file.write_bytes(b"\xef\xbb\xbf" + CONFIG.replace("\n", "\r\n").encode())
    config, problems = load_config(config_file, must_exist=True)
    assert problems == []
    assert [server.name for server in config.servers] == ["files"]
    assert config.source_text == config_file.read_bytes().decode("utf-8")


def test_settings_are_saved_to_a_file_that_starts_with_a_byte_order_mark(tmp_path: Path) -> None:
    config_file = tmp_path / "config.toml"
    config_file.write_bytes(b"\xef\xbb\xbf" + CONFIG.encode())
    settings = settings_in(tmp_path)
    assert settings.problems() == []
    trusted = settings.set_trust("files", Trust.TRUSTED)
    assert trusted.ok
    assert trusted.note is None
    preference = settings.set_preference("auto_approve_safe", True)
    assert preference.ok
    assert preference.note is None, "its own write, BOM and all, is not another instance's change"
    assert settings.server("files").trust is Trust.TRUSTED
    text = config_file.read_bytes().decode("utf-8")
    assert text.startswith("\ufeff# mine\n[servers.files]  # the file server\n")
    assert 'trust = "trusted"' in text
    assert "auto_approve_safe = true" in text
