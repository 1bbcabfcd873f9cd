"""config.toml: every documented key loads; ${VAR} expansion; missing files; the loader never writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tui.config.loader
from tui.config.loader import load_config
from tui.config.model import AppConfig, Preferences, TelemetryTable, Timeouts, ToolRule, Trust


def documented_example() -> str:
    """The example in the loader's docstring is the documentation; it must load without a problem."""
    doc = tui.config.loader.__doc__ or ""
    block = doc.split("config.toml, every key optional::", 1)[1].split("A problem never stops loading", 1)[0]
    return "\n".join(line[4:] for line in block.splitlines())


def test_documented_example_loads_exactly(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(documented_example(), encoding="utf-8")
    config, problems = load_config(path, must_exist=True, environ={"MY_API_KEY": "k1", "TOKEN": "t2"})
    assert problems == []
    assert config.source == str(path)
    assert config.timeouts == Timeouts(connect=15, request=30, call=120, preflight=3)
    assert config.preferences == Preferences()
    files, remote = config.servers
    assert (files.name, files.transport, files.command) == ("files", "stdio", "npx")
    assert files.args == ("-y", "@modelcontextprotocol/server-filesystem", "/tmp")
    assert files.env == {"API_KEY": "k1"}
    assert files.cwd == str(Path("~/projects").expanduser())
    assert (files.trust, files.protocol) == (Trust.UNTRUSTED, "legacy")
    assert (remote.transport, remote.url) == ("sse", "https://example.com/mcp")
    assert remote.headers == {"Authorization": "Bearer t2"}
    assert config.rules == [ToolRule("files", "read_file", "always", "low")]
    assert config.telemetry == TelemetryTable(
        "otlp",
        "http://127.0.0.1:4318",
        None,
        {"Authorization": "Bearer t2"},
        {"deployment.environment": "ci"},
        False,
    )


def test_every_setting_is_documented_in_the_example() -> None:
    keys = set(re.findall(r"^(\w+) =", documented_example(), re.M))
    fields = set(Timeouts.__dataclass_fields__) | set(Preferences.__dataclass_fields__)
    assert fields <= keys


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_values_of_every_kind(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[timeouts]
connect = 2.5
[preferences]
auto_approve_safe = true
redact_arguments_in_audit = true
preflight_debounce_ms = 0
[servers.a]
url = "http://127.0.0.1:9/mcp"
trust = "trusted"
protocol = "auto"
[servers.b]
url = "http://127.0.0.1:9/sse"
transport = "sse"
protocol = "2026-07-28"
[servers.c]
command = "srv"
transport = "stdio"
""",
    )
    config, problems = load_config(path, must_exist=True, environ={})
    assert problems == []
    assert config.timeouts.connect == 2.5
    assert config.preferences.auto_approve_safe
    assert config.preferences.redact_arguments_in_audit
    assert config.preferences.preflight_debounce_ms == 0
    a, b, c = config.servers
    assert (a.transport, a.trust, a.protocol) == ("http", Trust.TRUSTED, "auto")
    assert (b.transport, b.protocol) == ("sse", "2026-07-28")
    assert (c.transport, c.args, c.env, c.cwd) == ("stdio", (), {}, None)


def test_env_and_headers_expand_and_undefined_variables_are_named(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """[servers.s]
command = "srv"
args = ["${NOT_EXPANDED_IN_ARGS}"]
env = { A = "${SET_ONE}", B = "x-${UNSET_ONE}-y", C = "${UNSET_TWO:-fallback}", D = "$SET_ONE" }

[servers.h]
url = "https://example.com/mcp"
headers = { Authorization = "Bearer ${API_TOKEN}" }
""",
    )
    config, problems = load_config(path, must_exist=True, environ={"SET_ONE": "one"})
    s, h = config.servers
    assert s.env == {"A": "one", "B": "x--y", "C": "fallback", "D": "$SET_ONE"}
    assert s.args == ("${NOT_EXPANDED_IN_ARGS}",)
    assert h.headers == {"Authorization": "Bearer "}
    assert [(p.line, p.message) for p in problems] == [
        (4, 'servers.s.env: "B": ${UNSET_ONE} is not set in the environment; left empty'),
        (8, 'servers.h.headers: "Authorization": ${API_TOKEN} is not set in the environment; left empty'),
    ]


def test_expansion_reads_os_environ_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCP_TUI_TEST_SECRET", "s3cret")
    path = write(tmp_path, '[servers.s]\ncommand = "x"\nenv = { K = "${MCP_TUI_TEST_SECRET}" }\n')
    config, problems = load_config(path, must_exist=True)
    assert problems == []
    assert config.servers[0].env == {"K": "s3cret"}


def test_stdio_and_http_keys_on_the_wrong_kind_are_ignored_with_a_problem(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[servers.h]\nurl = "http://x.test/"\nargs = ["a"]\n[servers.s]\ncommand = "c"\nheaders = {}\n',
    )
    config, problems = load_config(path, must_exist=True, environ={})
    assert [s.name for s in config.servers] == ["h", "s"]
    assert [(p.line, p.message.split(";")[0]) for p in problems] == [
        (3, 'servers.h: "args" applies only to stdio servers (with a command)'),
        (6, 'servers.s: "headers" applies only to HTTP and SSE servers'),
    ]


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    assert load_config(path, must_exist=False) == (AppConfig(source=str(path)), [])
    config, problems = load_config(path, must_exist=True)
    assert config.servers == []
    assert [str(p) for p in problems] == ["nope.toml: file not found"]
    assert not path.exists()
    assert load_config(None, must_exist=True) == (AppConfig(), [])


def test_a_directory_is_not_a_config(tmp_path: Path) -> None:
    _, problems = load_config(tmp_path, must_exist=True)
    assert [p.message for p in problems] == ["is a directory, not a file"]


def test_two_syntax_errors_lose_only_their_tables(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[servers.a]\ncommand = "a"\n[servers.b]\ncommand = \n[servers.c]\ncommand = "c"\n'
        '[servers.d]\ncommand = "d" "e"\n[servers.e]\ncommand = "e"\n',
    )
    config, problems = load_config(path, must_exist=True, environ={})
    assert [s.name for s in config.servers] == ["a", "c", "e"]
    assert [p.line for p in problems] == [4, 8]


def test_loading_never_writes(tmp_path: Path) -> None:
    path = write(tmp_path, "[prefernces]\nx = 1\n")
    before = path.stat().st_mtime_ns
    load_config(path, must_exist=True)
    assert path.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]
