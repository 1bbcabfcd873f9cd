"""Every deliberately broken file yields a message naming the file, the line and the problem,
and whatever else in the file is fine still loads. Loading never touches the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tui.config.loader import load_config
from tui.config.model import AppConfig, Trust

FIXTURES = Path(__file__).parent.parent / "fixtures" / "broken_configs"


def names(config: AppConfig) -> set[str]:
    return {server.name for server in config.servers}


Check = Callable[[AppConfig], bool]

CASES: list[tuple[str, int | None, tuple[str, ...], Check]] = [
    (
        "syntax_error.toml",
        6,
        ("TOML syntax: the line ends inside a value", "the [servers.broken] table (line 5) was not read"),
        lambda c: names(c) == {"ok"} and c.preferences.auto_approve_safe,
    ),
    (
        "duplicate_table.toml",
        4,
        ("TOML syntax: Cannot declare servers.alpha twice", "the [servers.alpha] table (line 4)"),
        lambda c: names(c) == {"alpha", "beta"} and c.servers[0].command == "alpha-server",
    ),
    (
        "unknown_keys.toml",
        1,
        ('unknown key "prefernces" (ignored)', 'did you mean "preferences"?'),
        lambda c: names(c) == {"ok"} and not c.preferences.auto_approve_safe,
    ),
    (
        "wrong_types.toml",
        7,
        ('servers.foo: "command" must be a string, not 42',),
        lambda c: names(c) == {"ok"},
    ),
    (
        "wrong_types.toml",
        11,
        ('servers.bar: "args" must be a list of strings', "server skipped"),
        lambda c: True,
    ),
    ("missing_command.toml", 4, ('servers.nothing: needs "command"', '"url"'), lambda c: names(c) == {"ok"}),
    (
        "command_and_url.toml",
        6,
        ('servers.confused: has both "command" and "url"',),
        lambda c: names(c) == {"ok"},
    ),
    (
        "bad_trust.toml",
        3,
        ('"trust" must be "untrusted" or "trusted", not "yes please"', 'using "untrusted"'),
        lambda c: names(c) == {"ok"} and c.servers[0].trust is Trust.UNTRUSTED,
    ),
    (
        "bad_protocol.toml",
        3,
        ('"protocol" must be one of', '"2099-01-01"', 'using "legacy"'),
        lambda c: c.servers[0].protocol == "legacy" and c.servers[0].transport == "sse",
    ),
    (
        "bad_rules.toml",
        10,
        ('rules #2: "action" must be "always", "ask" or "never", not "allow"', "rule skipped"),
        lambda c: [(r.tool, r.ceiling) for r in c.rules] == [("read_file", "low")],
    ),
    ("bad_rules.toml", 16, ('rules #3: "ceiling" must be one of', '"extreme"'), lambda c: len(c.rules) == 1),
    (
        "bad_settings.toml",
        3,
        (
            'timeouts: "call" must be a number of seconds greater than 0 and at most 86400 (one day), not 0',
            "keeping the default (120)",
        ),
        lambda c: c.timeouts.connect == 5 and c.timeouts.call == 120 and c.preferences.auto_approve_low,
    ),
    (
        "bad_settings.toml",
        8,
        ('"preflight_debounce_ms" must be a whole number of milliseconds from 0 to 2000, not -5',),
        lambda c: c.preferences.preflight_debounce_ms == 150 and not c.preferences.auto_approve_safe,
    ),
    (
        "timeout_too_long.toml",
        3,
        (
            'timeouts: "call" must be a number of seconds greater than 0 and at most 86400 (one day), '
            "not 10000000; keeping the default (120)",
        ),
        lambda c: (
            c.timeouts.call == 120
            and c.timeouts.connect == 5
            and c.preferences.auto_approve_low
            and names(c) == {"ok"}
        ),
    ),
    (
        "timeout_too_long.toml",
        4,
        ('timeouts: "preflight" must be a number of seconds greater than 0 and at most 86400', "not inf"),
        lambda c: c.timeouts.preflight == 3,
    ),
    (
        "debounce_too_long.toml",
        3,
        (
            '"preflight_debounce_ms" must be a whole number of milliseconds from 0 to 2000, not 60000',
            "keeping the default (150)",
        ),
        lambda c: c.preferences.preflight_debounce_ms == 150 and c.preferences.auto_approve_low,
    ),
    (
        "bad_url.toml",
        5,
        ('servers.web: "url": "localhost:8000" is not an http:// or https:// URL',),
        lambda c: names(c) == {"ok"},
    ),
    (
        "bad_syntax.json",
        5,
        ("JSON syntax: Expecting ',' delimiter", "nothing was read"),
        lambda c: c.servers == [],
    ),
    (
        "bad_entries.json",
        6,
        ('mcpServers.strargs: "args" must be a list of strings, not "-y server"',),
        lambda c: names(c) == {"ok"},
    ),
    (
        "bad_entries.json",
        8,
        ('"type" must be', '"websocket"', "server skipped"),
        lambda c: names(c) == {"ok"},
    ),
    ("no_servers.json", None, ('no "mcpServers" or "servers" object found',), lambda c: c.servers == []),
    ("not_utf8.toml", 3, ("is not UTF-8 text",), lambda c: c.servers == []),
    # A typo loses only its own table: never the one above it, never one below it.
    (
        "missing_bracket_below.toml",
        8,
        ("TOML syntax", "the [timeouts table (line 8) was not read"),
        lambda c: names(c) == {"a", "b"} and c.preferences.auto_approve_safe and c.timeouts.connect == 15,
    ),
    (
        "missing_bracket_preferences.toml",
        4,
        ("TOML syntax", "the [preferences table (line 4) was not read"),
        lambda c: names(c) == {"only"} and not c.preferences.auto_approve_safe,
    ),
    (
        "unclosed_array.toml",
        3,
        ("TOML syntax", "the [servers.a] table (line 1) was not read"),
        lambda c: names(c) == {"b"},
    ),
    (
        "bracket_in_value.toml",
        11,
        ("TOML syntax", "the [preferences table (line 11) was not read"),
        lambda c: names(c) == {"a", "b"} and c.servers[0].args[0].startswith("[servers.fake]"),
    ),
    (
        "top_garbage.toml",
        1,
        ("TOML syntax", "the top of the file was not read"),
        lambda c: names(c) == {"ok"},
    ),
    (
        "broken_rule_header.toml",
        6,
        ("TOML syntax", "the [[rules] table (line 6) was not read"),
        lambda c: [r.tool for r in c.rules] == ["a", "c"],
    ),
]


@pytest.mark.parametrize(("name", "line", "fragments", "check"), CASES, ids=[f"{c[0]}:{c[1]}" for c in CASES])
def test_broken_file_is_reported_and_the_rest_loads(
    name: str, line: int | None, fragments: tuple[str, ...], check: Check
) -> None:
    path = FIXTURES / name
    before = (path.read_bytes(), path.stat().st_mtime_ns)

    config, problems = load_config(path, must_exist=True, environ={})

    matching = [p for p in problems if p.line == line and all(f in p.message for f in fragments)]
    assert matching, f"no problem at line {line} with {fragments}; got: {[str(p) for p in problems]}"
    where = name if line is None else f"{name}, line {line}"
    assert str(matching[0]).startswith(f"{where}: ")
    assert matching[0].file == path
    assert str(path) in matching[0].with_path()
    assert check(config), config
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_every_fixture_is_covered() -> None:
    on_disk = {path.name for path in FIXTURES.iterdir()}
    assert on_disk == {case[0] for case in CASES}
    assert len(on_disk) >= 12
