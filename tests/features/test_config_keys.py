"""``log_level`` and ``roots`` per server in config.toml: read, checked, and saved keeping the layout."""

from __future__ import annotations

import os
from pathlib import Path

from tui.config.edit import set_server_setting
from tui.config.loader import load_toml_config

TEXT = """# my servers
[servers.fs]
command = "npx"  # the filesystem server
log_level = "{level}"
roots = ["~/projects", "/srv/data"]
"""


def test_log_level_and_roots_are_read(tmp_path: Path) -> None:
    config, problems = load_toml_config(tmp_path / "c.toml", TEXT.format(level="notice"), {})
    assert problems == []
    (server,) = config.servers
    assert server.log_level == "notice"
    assert server.roots == (os.path.expanduser("~/projects"), "/srv/data")


def test_a_bad_level_is_reported_with_its_line_and_ignored(tmp_path: Path) -> None:
    config, problems = load_toml_config(tmp_path / "c.toml", TEXT.format(level="loud"), {})
    (problem,) = problems
    assert problem.line == 4
    assert '"log_level" must be one of "debug"' in problem.message
    assert config.servers[0].log_level is None
    assert config.servers[0].roots  # the rest of the server still counts


def test_no_roots_by_default(tmp_path: Path) -> None:
    config, _ = load_toml_config(tmp_path / "c.toml", '[servers.x]\ncommand = "x"\n', {})
    assert config.servers[0].roots == ()
    assert config.servers[0].log_level is None


def test_saving_keeps_comments_and_removing_drops_the_key(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(TEXT.format(level="info"), encoding="utf-8")
    assert set_server_setting(path, "fs", "log_level", "error")
    assert set_server_setting(path, "fs", "roots", ["/a", "/b"])
    text = path.read_text(encoding="utf-8")
    assert "# the filesystem server" in text
    assert 'log_level = "error"' in text
    config, _ = load_toml_config(path, text, {})
    assert config.servers[0].roots == ("/a", "/b")
    assert set_server_setting(path, "fs", "roots", [])
    config, _ = load_toml_config(path, path.read_text(encoding="utf-8"), {})
    assert config.servers[0].roots == ()
    assert not set_server_setting(path, "fs", "roots", [])  # already so: not written
