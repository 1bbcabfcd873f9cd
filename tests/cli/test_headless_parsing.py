"""The command line: options on either side of the command, names, ARGS, and usage errors (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_harness import run_cli, write_config

from tui.cli.arguments import collect_arguments
from tui.cli.command_words import find_command
from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import parse_command


def parse(*words: str) -> object:
    options = list(words)
    at = find_command(options)
    assert at is not None
    return parse_command(options, at, [])


def test_options_before_and_after_the_command_mean_the_same(tmp_path: Path) -> None:
    config = str(tmp_path / "c.toml")
    before = parse("--config", config, "--json", "call", "demo", "add_note", "text=hi")
    after = parse("call", "demo", "--config", config, "add_note", "text=hi", "--json")
    assert before == after
    assert before.names == ["demo", "add_note"]  # type: ignore[attr-defined]
    assert before.pairs == ["text=hi"]  # type: ignore[attr-defined]


def test_the_value_of_an_option_is_never_taken_for_the_command() -> None:
    assert find_command(["--config", "tools", "servers"]) == 2
    assert find_command(["--json", "--sse"]) is None  # no command: the TUI


def test_one_name_is_the_tool_and_pairs_start_the_arguments() -> None:
    request = parse("resolve", "manage_files", "action=read", 'path:="a.txt"')
    assert request.names == ["manage_files"]  # type: ignore[attr-defined]
    assert request.pairs == ["action=read", 'path:="a.txt"']  # type: ignore[attr-defined]


def test_args_forms_combine_and_pairs_win(tmp_path: Path) -> None:
    file = tmp_path / "args.json"
    file.write_text('{"count": 1, "tags": ["x"]}', encoding="utf-8")
    assert collect_arguments(f"@{file}", ["count:=3", "name=7", "dry:=true"]) == {
        "count": 3,
        "tags": ["x"],
        "name": "7",
        "dry": True,
    }
    assert collect_arguments('{"a": null}', []) == {"a": None}


@pytest.mark.parametrize(
    ("option", "pairs", "message"),
    [
        ("[1, 2]", [], "must be a JSON object"),
        ("{nope", [], "not valid JSON"),
        ("@/no/such/file.json", [], "cannot read"),
        (None, ["count:=three"], "count:= needs a JSON value"),
        (None, ["a=1", "loose"], "'loose' is not an argument"),
    ],
)
def test_bad_args_are_usage_errors_that_say_why(option: str | None, pairs: list[str], message: str) -> None:
    with pytest.raises(CliError) as caught:
        collect_arguments(option, pairs)
    assert caught.value.code is Exit.USAGE
    assert message in caught.value.message


def test_help_lists_the_commands_and_the_exit_codes(home: Path) -> None:
    top = run_cli("--help", home=home).stdout
    for word in ("servers", "tools", "show", "resolve", "call", "audit", "demo-server", "130"):
        assert word in top
    call_help = run_cli("call", "--help", home=home).stdout
    for word in ("--approve-up-to", "--no-input", "key:=JSON", "--args @file.json", "declined at the prompt"):
        assert word in call_help


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tool",), "unknown command 'tool'; did you mean tools?"),
        (("show", "dmo", "add_note"), "no server named 'dmo'; did you mean demo? List them: mcp-tui servers"),
        (("show", "add_nte"), "no tool named 'add_nte'; did you mean add_note"),
        (("call", "--approve-up-to", "huge", "add_note"), "invalid choice: 'huge'"),
        (("tools", "--bogus"), "unrecognized arguments: --bogus"),
        (("audit", "--last", "many"), "invalid int value"),
        (("call",), "which tool?"),
        (("call", "--url", "ftp://x", "t"), "--url"),
        (
            ("call", "roll_dice", "justaword"),
            "no server named 'roll_dice'. List them: mcp-tui servers. If roll_dice is the tool, its "
            "arguments are KEY=VALUE pairs, and 'justaword' is not one (see mcp-tui call --help).",
        ),
        (
            ("call", "--timeout", "0", "slow_count"),
            "argument --timeout: must be more than 0 seconds, not '0'",
        ),
        (
            ("call", "--timeout", "soon", "slow_count"),
            "argument --timeout: 'soon' is not a number of seconds",
        ),
    ],
)
def test_usage_errors_exit_2_with_a_message_and_no_traceback(
    home: Path, args: tuple[str, ...], message: str
) -> None:
    result = run_cli(*args, home=home)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_with_two_servers_a_lone_tool_name_asks_which_server(home: Path) -> None:
    write_config(home, '[servers.a]\ncommand = "x"\n[servers.b]\ncommand = "y"\n')
    result = run_cli("call", "add_note", home=home)
    assert result.returncode == 2
    assert "there are 2 servers (a, b); name one: mcp-tui call SERVER add_note" in result.stderr


def test_server_text_reaches_the_terminal_with_its_control_characters_shown(home: Path) -> None:
    sandbox = home / "demo-sandbox"
    sandbox.mkdir()
    (sandbox / "evil.txt").write_text("plain \x1b[2J\x1b]0;owned\x07 \x9b31m end", encoding="utf-8")
    args = ("call", "manage_files", "action=read", "path=evil.txt", "--approve-up-to", "safe")
    result = run_cli(*args, home=home)
    assert result.returncode == 0, result.stderr
    assert "plain \\x1b[2J\\x1b]0;owned\\x07 \\x9b31m end" in result.stdout
    assert not any(ch in result.stdout for ch in "\x1b\x07\x9b")
    # In JSON the text is data: escaped by JSON, intact when parsed.
    document = json.loads(run_cli(*args, "--json", home=home).stdout)
    assert "\x1b[2J" in document["result"]["content"][0]["text"]


def test_a_broken_config_still_lists_but_never_calls(home: Path) -> None:
    write_config(home, '[[rules]]\nserver = "demo"\ntool = "add_note"\naction = "nevr"\n')
    listed = run_cli("tools", "--json", home=home)
    assert listed.returncode == 0
    assert "config.toml" in listed.stderr
    called = run_cli("call", "add_note", "text=x", "--approve-up-to", "critical", home=home)
    assert called.returncode == 2
    assert "not calling: fix the configuration problems above first" in called.stderr
    assert not (home / "demo-sandbox" / "notes.md").exists()
