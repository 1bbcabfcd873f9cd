"""Recovering from TOML mistakes is structural: it splits at table headers, never reads tomllib's words."""

from __future__ import annotations

import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

from tui.config import toml_chunks
from tui.config.loader import load_config
from tui.config.toml_chunks import parse_salvaging, split_chunks

FIXTURES = Path(__file__).parent.parent / "fixtures" / "broken_configs"


def test_brackets_inside_values_do_not_start_tables() -> None:
    text = (
        "[servers.a]\n"
        'args = [\n  ["nested"],\n  """\n[servers.fake]\n""",\n]\n'
        "[servers.b] # comment\n"
        "[timeouts\n"
    )
    assert [(c.start, c.header) for c in split_chunks(text)] == [
        (0, "[servers.a]"),
        (7, "[servers.b]"),
        (8, "[timeouts"),
    ]


def test_a_value_left_open_ends_at_the_next_clear_header() -> None:
    text = '[servers.a]\nargs = ["x",\n  [1]\n[servers.b]\ncommand = "b"\n'
    assert [c.header for c in split_chunks(text)] == ["[servers.a]", "[servers.b]"]
    data, problems = parse_salvaging(text)
    assert data == {"servers": {"b": {"command": "b"}}}
    assert [line for line, _ in problems] == [2]


class WordlessErrors(types.SimpleNamespace):
    """tomllib whose errors say nothing useful: no position, no wording to match."""

    TOMLDecodeError = tomllib.TOMLDecodeError

    @staticmethod
    def loads(text: str) -> dict[str, Any]:
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            raise tomllib.TOMLDecodeError("unreadable") from None


@pytest.mark.parametrize(
    ("name", "line", "lost", "servers"),
    [
        ("missing_bracket_below.toml", 8, "the [timeouts table (line 8)", {"a", "b"}),
        ("syntax_error.toml", 6, "the [servers.broken] table (line 5)", {"ok"}),
        ("duplicate_table.toml", 4, "the [servers.alpha] table (line 4)", {"alpha", "beta"}),
        ("unclosed_array.toml", 3, "the [servers.a] table (line 1)", {"b"}),
    ],
)
def test_recovery_does_not_depend_on_tomllib_messages(
    monkeypatch: pytest.MonkeyPatch, name: str, line: int, lost: str, servers: set[str]
) -> None:
    monkeypatch.setattr(toml_chunks, "tomllib", WordlessErrors())
    config, problems = load_config(FIXTURES / name, must_exist=True, environ={})
    assert {server.name for server in config.servers} == servers
    assert [(p.line, p.message) for p in problems] == [
        (line, f"TOML syntax: unreadable; {lost} was not read")
    ]
