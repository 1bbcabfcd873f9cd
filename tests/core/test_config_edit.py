"""Edits keep the user's file byte-for-byte except the changed value, are atomic, happen only on change,
and refuse files that do not parse or are JSON imports (leaving them byte-identical)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tui.config import edit
from tui.config.edit import ConfigWriteError
from tui.config.loader import load_config
from tui.config.model import ToolRule, Trust

USER_FILE = """\
# My mcp-tui setup   (hand-written; keep my comments!)

[timeouts]
call = 60.0   # slow tools

[preferences]  # the category toggles
auto_approve_safe = false     # flip me
preflight_debounce_ms = 200

[servers.files]
command = "npx"   # the launcher
args = ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
# trust it? not yet
trust = 'untrusted'

[[rules]]
server = "files"
tool = "read_file"   # reads are fine
action = 'always'
ceiling = "low"

[servers.remote]
url = "https://example.com/mcp"
"""


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_bytes(USER_FILE.encode())
    return path


def only_change(path: Path, old: str, new: str) -> None:
    assert path.read_text(encoding="utf-8") == USER_FILE.replace(old, new, 1)
    # No temp files left (the hidden lock file between instances stays, empty).
    assert sorted(p.name for p in path.parent.iterdir()) == [".config.toml.lock", "config.toml"]


def test_set_preference_changes_only_that_value(config_file: Path) -> None:
    assert edit.set_preference(config_file, "auto_approve_safe", True) is True
    only_change(
        config_file, "auto_approve_safe = false     # flip me", "auto_approve_safe = true     # flip me"
    )
    config, problems = load_config(config_file, must_exist=True, environ={})
    assert problems == []
    assert config.preferences.auto_approve_safe


def test_set_a_new_preference_adds_one_line(config_file: Path) -> None:
    assert edit.set_preference(config_file, "auto_approve_low", True)
    only_change(
        config_file, "preflight_debounce_ms = 200\n", "preflight_debounce_ms = 200\nauto_approve_low = true\n"
    )


def test_set_timeout_and_integer_preference(config_file: Path) -> None:
    assert edit.set_timeout(config_file, "call", 90)
    only_change(config_file, "call = 60.0   # slow", "call = 90   # slow")
    assert edit.set_timeout(config_file, "call", 90.0) is False  # 90 == 90.0: no rewrite of the spelling
    assert edit.set_preference(config_file, "preflight_debounce_ms", 100)
    assert load_config(config_file, must_exist=True)[0].preferences.preflight_debounce_ms == 100


def test_set_server_trust(config_file: Path) -> None:
    assert edit.set_server_trust(config_file, "files", Trust.TRUSTED)
    only_change(config_file, "trust = 'untrusted'", 'trust = "trusted"')
    assert edit.set_server_trust(config_file, "remote", "trusted")
    servers = load_config(config_file, must_exist=True)[0].servers
    assert [(s.name, s.trust) for s in servers] == [("files", Trust.TRUSTED), ("remote", Trust.TRUSTED)]


def test_trust_of_a_server_not_in_the_file_is_refused(config_file: Path) -> None:
    with pytest.raises(ConfigWriteError, match="no server named 'demo'"):
        edit.set_server_trust(config_file, "demo", Trust.TRUSTED)
    assert config_file.read_bytes() == USER_FILE.encode()


def test_set_rule_replaces_in_place(config_file: Path) -> None:
    assert edit.set_rule(config_file, ToolRule("files", "read_file", "always", "medium"))
    only_change(config_file, 'ceiling = "low"', 'ceiling = "medium"')


def test_set_rule_adds_and_remove_rule_removes(config_file: Path) -> None:
    assert edit.set_rule(config_file, ToolRule("files", "delete_file", "never"))
    rules = load_config(config_file, must_exist=True)[0].rules
    assert [(r.tool, r.action) for r in rules] == [("read_file", "always"), ("delete_file", "never")]
    assert "# reads are fine" in config_file.read_text()

    assert edit.remove_rule(config_file, "files", "delete_file")
    assert config_file.read_text(encoding="utf-8").rstrip("\n") == USER_FILE.rstrip("\n")
    assert edit.remove_rule(config_file, "files", "nothing-here") is False


def test_removing_the_last_rule(config_file: Path) -> None:
    assert edit.remove_rule(config_file, "files", "read_file")
    config, problems = load_config(config_file, must_exist=True)
    assert problems == []
    assert config.rules == []
    assert "# trust it? not yet" in config_file.read_text()


def test_only_on_change(config_file: Path) -> None:
    before = config_file.stat().st_mtime_ns
    assert edit.set_preference(config_file, "auto_approve_safe", False) is False
    assert edit.set_preference(config_file, "redact_arguments_in_audit", False) is False  # absent = default
    assert edit.set_timeout(config_file, "call", 60) is False
    assert edit.set_server_trust(config_file, "files", "untrusted") is False
    assert edit.set_server_trust(config_file, "remote", Trust.UNTRUSTED) is False
    assert edit.set_rule(config_file, ToolRule("files", "read_file", "always", "low")) is False
    assert config_file.stat().st_mtime_ns == before
    assert config_file.read_bytes() == USER_FILE.encode()


def test_creates_a_missing_file_with_a_header(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "config.toml"
    assert edit.editable_problem(path) is None
    assert edit.set_preference(path, "auto_approve_safe", True)
    assert edit.set_rule(path, ToolRule("s", "t", "always", "safe"))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# mcp-tui configuration")
    config, problems = load_config(path, must_exist=True)
    assert problems == []
    assert config.preferences.auto_approve_safe
    assert config.rules == [ToolRule("s", "t", "always", "safe")]


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("config.toml", '[preferences]\nauto_approve_safe = "unclosed\n', "TOML syntax error"),
        ("config.toml", "[servers.a]\ncommand = 'a'\n[servers.a]\n", "TOML syntax error"),
        ("claude_desktop_config.json", '{"mcpServers": {}}', "JSON file from another MCP client"),
        ("config.toml", '{"mcpServers": {}}', "JSON file from another MCP client"),
    ],
)
def test_refuses_and_leaves_the_file_byte_identical(
    tmp_path: Path, name: str, content: str, reason: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content.encode())
    before = path.stat().st_mtime_ns
    assert reason in (edit.editable_problem(path) or "")
    changes = [
        lambda: edit.set_preference(path, "auto_approve_safe", True),
        lambda: edit.set_timeout(path, "call", 5),
        lambda: edit.set_server_trust(path, "a", Trust.TRUSTED),
        lambda: edit.set_rule(path, ToolRule("a", "t", "never")),
        lambda: edit.remove_rule(path, "a", "t"),
    ]
    for change in changes:
        with pytest.raises(ConfigWriteError, match=reason) as raised:
            change()
        assert str(path) in str(raised.value)
        assert "not saved" in str(raised.value)
    assert path.read_bytes() == content.encode()
    assert path.stat().st_mtime_ns == before
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_a_non_table_section_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("preferences = 3\n")
    with pytest.raises(ConfigWriteError, match=r"\[preferences\] .* is not a table"):
        edit.set_preference(path, "auto_approve_safe", True)
    assert path.read_text() == "preferences = 3\n"


def test_programming_errors_are_value_errors(config_file: Path) -> None:
    with pytest.raises(ValueError, match="unknown preference"):
        edit.set_preference(config_file, "nope", True)
    with pytest.raises(ValueError, match="cannot be"):
        edit.set_preference(config_file, "auto_approve_safe", 1)
    with pytest.raises(ValueError, match="greater than 0"):
        edit.set_timeout(config_file, "call", 0)
    with pytest.raises(ValueError, match="invalid rule"):
        edit.set_rule(config_file, ToolRule("a", "b", "always", "extreme"))
    assert config_file.read_bytes() == USER_FILE.encode()


def test_failed_write_leaves_no_temp_file(config_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", boom)
    with pytest.raises(OSError, match="disk full"):
        edit.set_preference(config_file, "auto_approve_safe", True)
    assert config_file.read_bytes() == USER_FILE.encode()
    assert sorted(p.name for p in config_file.parent.iterdir()) == [".config.toml.lock", "config.toml"]


def test_inline_server_table_and_dotted_keys(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    original = (
        'preferences.auto_approve_safe = false # dotted\n\n[servers]\nfoo = { command = "x" }  # inline\n'
    )
    path.write_text(original)
    assert edit.set_preference(path, "auto_approve_safe", True)
    assert path.read_text() == original.replace("= false #", "= true #")
    assert edit.set_server_trust(path, "foo", Trust.TRUSTED)
    text = path.read_text()
    assert "# inline" in text
    assert "# dotted" in text
    config, problems = load_config(path, must_exist=True)
    assert problems == []
    assert config.servers[0].trust is Trust.TRUSTED


def test_windows_line_endings_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    original = "# c\r\n[preferences]\r\nauto_approve_safe = false\r\n"
    path.write_bytes(original.encode())
    assert edit.set_preference(path, "auto_approve_low", True)
    assert path.read_bytes() == (original + "auto_approve_low = true\r\n").encode()


BOM = b"\xef\xbb\xbf"  # what Windows Notepad puts before the text when it saves "UTF-8"


@pytest.mark.parametrize(
    ("change", "old", "new"),
    [
        (
            lambda p: edit.set_server_trust(p, "files", Trust.TRUSTED),
            "trust = 'untrusted'",
            'trust = "trusted"',
        ),
        (
            lambda p: edit.set_preference(p, "auto_approve_safe", True),
            "auto_approve_safe = false",
            "auto_approve_safe = true",
        ),
        (lambda p: edit.set_timeout(p, "call", 90), "call = 60.0", "call = 90"),
        (
            lambda p: edit.set_rule(p, ToolRule("files", "read_file", "always", "medium")),
            'ceiling = "low"',
            'ceiling = "medium"',
        ),
        (
            lambda p: edit.set_server_setting(p, "files", "log_level", "debug"),
            "trust = 'untrusted'\n",
            "trust = 'untrusted'\nlog_level = \"debug\"\n",
        ),
    ],
    ids=["trust", "preference", "timeout", "rule", "server-setting"],
)
def test_a_file_starting_with_a_byte_order_mark_is_edited_and_keeps_it(
    config_file: Path, change: Any, old: str, new: str
) -> None:
    config_file.write_bytes(BOM + USER_FILE.replace("\n", "\r\n").encode())
    assert edit.editable_problem(config_file) is None
    assert change(config_file) is True
    assert config_file.read_bytes() == BOM + USER_FILE.replace(old, new, 1).replace("\n", "\r\n").encode()
    assert load_config(config_file, must_exist=True)[1] == []


def test_edits_through_tomlkit_keep_the_byte_order_mark_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    original = '# mine\n[servers]\nfiles = { command = "x" }  # inline\n'
    path.write_bytes(BOM + original.encode())
    assert edit.set_server_setting(path, "files", "roots", ["/tmp"])  # a list: only tomlkit does it
    text = path.read_bytes().decode("utf-8")
    assert text.startswith("\ufeff# mine\n[servers]\n")
    assert "# inline" in text
    config, problems = load_config(path, must_exist=True)
    assert problems == []
    assert config.servers[0].roots == ("/tmp",)


def test_a_json_file_with_a_byte_order_mark_is_still_refused_as_json(tmp_path: Path) -> None:
    path = tmp_path / "mcp-servers.conf"
    path.write_bytes(BOM + b'{"mcpServers": {}}')
    assert "JSON file from another MCP client" in (edit.editable_problem(path) or "")


def test_the_per_tool_controls_leave_a_rule_with_conditions_alone(tmp_path: Path) -> None:
    """A rule with ``when`` is a rule for its own case: changing or removing the plain rule for that
    tool (the preferences' per-tool controls) never touches it."""
    from tui.config.edit import remove_rule, set_rule
    from tui.config.model import ToolRule

    path = tmp_path / "config.toml"
    conditional = (
        '[[rules]]\nserver = "demo"\ntool = "sql"\naction = "ask"\nwhen.query = { prefix = "DROP" }\n'
    )
    path.write_text(conditional, encoding="utf-8")
    set_rule(path, ToolRule("demo", "sql", "always", "safe"))
    text = path.read_text(encoding="utf-8")
    assert text.startswith(conditional)
    assert 'action = "always"' in text
    remove_rule(path, "demo", "sql")
    assert path.read_text(encoding="utf-8").rstrip("\n") == conditional.rstrip("\n")
