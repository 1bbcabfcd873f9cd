"""Collection files: every problem named by file and line; what is written reads back as the same call;
no secret from the arguments ever reaches the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.config.collection_file import CollectionProblems, call_text, read_collection
from tui.model.collections import Expectations, SavedCall
from tui.model.servers import ToolInfo
from tui.safety.secret_arguments import MissingVariables, expand_placeholders
from tui.session.collections import append_call, saved_call, select

LOGIN_SCHEMA = {
    "type": "object",
    "properties": {
        "user": {"type": "string"},
        "pin": {"type": "string", "format": "password"},
        "session": {"type": "string", "writeOnly": True},
        "apiKey": {"type": "string"},
        "options": {"type": "object", "properties": {"bearer_token": {"type": "string"}, "depth": {}}},
        "headers": {"type": "array", "items": {"type": "object", "properties": {"cookie": {}}}},
    },
}
SECRETS = ("7391-pin", "sess-0a1b2c", "ak_live_998877", "tok-secret-55", "cookie=chocolate-42")


def login_tool() -> ToolInfo:
    return ToolInfo("auth", "log in", None, "Log in.", LOGIN_SCHEMA, None, {"readOnlyHint": False})


def login_arguments() -> dict[str, object]:
    return {
        "user": "ada",
        "pin": SECRETS[0],
        "session": SECRETS[1],
        "apiKey": SECRETS[2],
        "options": {"bearer_token": SECRETS[3], "depth": 2},
        "headers": [{"cookie": SECRETS[4]}],
    }


def test_no_secret_from_the_arguments_reaches_the_collection_file(tmp_path: Path) -> None:
    path = tmp_path / ".mcp-tui" / "collections" / "smoke.toml"
    call, names = saved_call("log in as ada", login_tool(), login_arguments(), Expectations(is_error=False))
    append_call(path, call)
    text = path.read_text(encoding="utf-8")
    for secret in SECRETS:
        assert secret not in text
    assert names == [
        "MCP_TUI_LOG_IN_PIN",
        "MCP_TUI_LOG_IN_SESSION",
        "MCP_TUI_LOG_IN_APIKEY",
        "MCP_TUI_LOG_IN_OPTIONS_BEARER_TOKEN",
        "MCP_TUI_LOG_IN_HEADERS_COOKIE",
    ]
    [back] = read_collection(path).calls
    assert back.args["user"] == "ada"
    assert back.args["options"]["depth"] == 2
    assert back.args["pin"] == "${MCP_TUI_LOG_IN_PIN}"
    assert back.definition is not None
    assert back.definition.startswith("sha256:")
    environ = dict(zip(names, SECRETS, strict=True))
    assert expand_placeholders(back.args, environ) == login_arguments()


def test_a_missing_variable_is_named() -> None:
    with pytest.raises(MissingVariables, match="MCP_TUI_X_TOKEN"):
        expand_placeholders({"token": "${MCP_TUI_X_TOKEN}", "text": "not ${A} placeholder"}, {})


def test_what_is_written_reads_back_as_the_same_calls(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    first = SavedCall(
        "first",
        "demo",
        "sql",
        {"query": 'SELECT "x"\n', "weird key": [1, 2.5, True, {"a": {}}]},
        "sha256:" + "0" * 64,
        Expectations(
            is_error=False,
            text_contains="x",
            text_regex=r"\d+",
            structured={"rows": [1]},
            output_schema_valid=True,
            grade="safe",
            hints={"readOnlyHint": True},
            max_ms=500.0,
        ),
    )
    second = SavedCall("second", "demo", "list_sandbox")
    append_call(path, first)
    append_call(path, second)
    calls = read_collection(path).calls
    assert [(c.name, c.server, c.tool, c.args, c.definition, c.expect) for c in calls] == [
        (c.name, c.server, c.tool, c.args, c.definition, c.expect) for c in (first, second)
    ]
    assert [c.line for c in calls] == [1, text_line(path, "second")]
    with pytest.raises(ValueError, match="already has a call named 'first'"):
        append_call(path, first)
    with pytest.raises(ValueError, match="null, which TOML cannot hold"):
        call_text(SavedCall("n", "demo", "sql", {"query": None}))


def text_line(path: Path, name: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if line == f'name = "{name}"') - 1


BROKEN = [
    ("calls = 3\n", None, "no calls: a collection is a list of [[calls]] tables"),
    ("[[calls]\n", 1, "not valid TOML"),
    ('title = "x"\n[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\n', 1, "unknown key(s) title"),
    ('[[calls]]\nname = "a"\nserver = "s"\n', 1, 'calls[0]: "tool" must be a non-empty string'),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\nargs = 3\n', 1, '"args" must be a table'),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\ndefinition = "abc"\n', 1, '"definition" must be'),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\nexpect.max_ms = true\n', 1, "expect.max_ms must be"),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\nexpect.max_ms = -1\n', 1, "more than 0"),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\nexpect.is_error = "no"\n', 1, "expect.is_error must"),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\nexpect.text_regex = "("\n', 1, "not a valid regular"),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\nexpect.hints = { readOnly = true }\n', 1, "readOnly"),
    ('[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\n\n[[calls]]\nname = "a"\nserver = "s"\ntool = "t"\n',
     6, "a second call named 'a'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "line", "message"), BROKEN)
def test_each_problem_names_the_file_the_line_and_what_is_wrong(
    tmp_path: Path, text: str, line: int | None, message: str
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CollectionProblems) as raised:
        read_collection(path)
    [problem] = raised.value.problems
    assert problem.file == path
    assert problem.line == line
    assert message in problem.message


def test_every_problem_is_reported_not_only_the_first(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    path.write_text('[[calls]]\nname = "a"\n\n[[calls]]\nserver = "s"\ntool = "t"\n', encoding="utf-8")
    with pytest.raises(CollectionProblems) as raised:
        read_collection(path)
    assert [(p.line, p.message.split(":")[0]) for p in raised.value.problems] == [
        (1, "calls[0]"), (1, "calls[0]"), (4, "calls[1]"),
    ]  # fmt: skip


def test_only_picks_calls_in_file_order_and_names_unknown_ones(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    for name in ("a", "b", "c"):
        append_call(path, SavedCall(name, "s", "t"))
    collection = read_collection(path)
    assert [call.name for call in select(collection, ["c", "a"])] == ["a", "c"]
    assert [call.name for call in select(collection, [])] == ["a", "b", "c"]
    with pytest.raises(KeyError, match="'x'"):
        select(collection, ["x"])


def test_a_toml_mistake_does_not_hide_the_problems_of_the_tables_that_parse(tmp_path: Path) -> None:
    path = tmp_path / "mixed.toml"
    path.write_text('[[calls]]\nname = "a"\ntool = "sql"\n[[calls]\nname = "b"\n', encoding="utf-8")
    with pytest.raises(CollectionProblems) as raised:
        read_collection(path)
    assert [(p.line, p.message[:22]) for p in raised.value.problems] == [
        (4, "not valid TOML: TOML s"), (1, 'calls[0]: "server" mus'),
    ]  # fmt: skip
