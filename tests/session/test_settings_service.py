"""The settings service keeps each setting in one place and reads config.toml only when it must."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tui.config.loader import load_config
from tui.config.model import Trust
from tui.session.settings import SettingsService

CONFIG = '# mine\n[servers.files]  # the file server\ncommand = "files-server"\n'


def service(home: Path, text: str = CONFIG) -> SettingsService:
    config_file = home / "config.toml"
    config_file.write_text(text, encoding="utf-8")
    config, problems = load_config(config_file, must_exist=True)
    assert problems == []
    return SettingsService(
        config=config,
        config_file=config_file,
        servers=list(config.servers),
        approvals_file=home / "approvals.json",
    )


def test_the_decision_reads_trust_from_the_servers_themselves(tmp_path: Path) -> None:
    settings = service(tmp_path)
    assert settings.policy.trust["files"] is Trust.UNTRUSTED
    # Trust lives in one place: whatever holds it now is what the decision sees, with no copy to update.
    settings.servers[0] = dataclasses.replace(settings.servers[0], trust=Trust.TRUSTED)
    assert settings.policy.trust["files"] is Trust.TRUSTED
    assert dict(settings.policy.trust) == {"files": Trust.TRUSTED}


def test_a_trust_change_saved_reaches_the_decision(tmp_path: Path) -> None:
    settings = service(tmp_path)
    assert settings.set_trust("files", Trust.TRUSTED).ok
    assert settings.servers[0].trust is Trust.TRUSTED
    assert settings.policy.trust["files"] is Trust.TRUSTED
    assert 'trust = "trusted"' in (tmp_path / "config.toml").read_text(encoding="utf-8")
