"""A server's listing with malformed entries, malformed hints or a name listed twice, over real stdio:
the well-formed entries stay usable, the rest is left out and said on stderr (and in ``servers --json``),
and nothing a server sends makes a tool look safer than its definition says."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_harness import run_cli

SERVER = Path(__file__).resolve().parents[1] / "client" / "servers" / "listing_server.py"
OBJECT = {"type": "object"}
GOOD = {"name": "good", "inputSchema": OBJECT, "annotations": {"readOnlyHint": True, "openWorldHint": False}}

MALFORMED_TOOLS: list[tuple[Any, str]] = [
    ({"name": "tt", "inputSchema": OBJECT, "title": 7}, 'entry 2 ("tt") is left out: title is not a string'),
    ({"name": "t_schema"}, 'entry 3 ("t_schema") is left out: inputSchema is missing'),
    ({"name": 5, "inputSchema": OBJECT}, "entry 4 is left out: name is not a string"),
    ({"name": "t_ann", "inputSchema": OBJECT, "annotations": [1, 2]}, "annotations is not an object"),
    ({"name": "t_out", "inputSchema": OBJECT, "outputSchema": "x"}, "outputSchema is not an object"),
    ({"name": "t_icons", "inputSchema": OBJECT, "icons": "x"}, "icons is not a list"),
    ({"name": "t_meta", "inputSchema": OBJECT, "_meta": []}, "_meta is not an object"),
    ("bare", "entry 9 is left out: the entry is not an object"),
]  # fmt: skip


def serve(results: dict[str, Any]) -> list[str]:
    return ["--", sys.executable, str(SERVER), json.dumps(results)]


def json_of(command: str, server: list[str], home: Path) -> Any:
    result = run_cli(command, "--json", *server, home=home)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_malformed_tool_entries_are_left_out_and_named_while_the_good_tool_stays(home: Path) -> None:
    tools = [GOOD, *(entry for entry, _ in MALFORMED_TOOLS)]
    server = serve({"tools/list": {"tools": tools}})
    listed = run_cli("tools", "--json", *server, home=home)
    assert listed.returncode == 0, listed.stderr
    assert [(t["name"], t["grade"]) for t in json.loads(listed.stdout)] == [("good", "safe")]
    for _, why in MALFORMED_TOOLS:
        assert why in listed.stderr
    assert "sign-in" not in listed.stderr
    [state] = json_of("servers", server, home=home)
    assert (state["state"], state["tools"]) == ("connected", 1)
    assert len(state["tool_problems"]) == len(MALFORMED_TOOLS)
    assert state["tool_problems"][0] == 'tools/list entry 2 ("tt") is left out: title is not a string'


def test_a_malformed_tools_list_result_is_a_server_problem_not_a_sign_in(home: Path) -> None:
    listed = run_cli("servers", "--json", *serve({"tools/list": {"tools": "x"}}), home=home)
    assert listed.returncode == 1, listed.stderr
    [state] = json.loads(listed.stdout)
    assert state["tool_problems"] == [
        "listing the tools failed: the server sent a malformed tools/list result: tools is not a list"
    ]


def test_malformed_resource_and_prompt_entries_are_left_out_and_named(home: Path) -> None:
    server = serve(
        {
            "resources/list": {"resources": [{"uri": "a://b", "name": "ok"}, {"name": "nouri"}]},
            "prompts/list": {"prompts": [{"name": "p"}, {"description": "noname"}]},
        }
    )
    resources = run_cli("resources", "--json", *server, home=home)
    assert resources.returncode == 0, resources.stderr
    assert [r["uri"] for r in json.loads(resources.stdout)] == ["a://b"]
    assert 'resources/list entry 2 ("nouri") is left out: uri is missing' in resources.stderr
    prompts = run_cli("prompts", "--json", *server, home=home)
    assert prompts.returncode == 0, prompts.stderr
    assert [p["name"] for p in json.loads(prompts.stdout)] == ["p"]
    assert "prompts/list entry 2 is left out: name is missing" in prompts.stderr


@pytest.mark.parametrize(
    ("result", "why"),
    [({"resources": "x"}, "resources is not a list"), ({"nextCursor": 3}, "resources is missing")],
)
def test_a_malformed_resources_list_result_fails_as_a_server_problem(
    home: Path, result: dict[str, Any], why: str
) -> None:
    failed = run_cli("resources", *serve({"resources/list": result}), home=home)
    assert failed.returncode == 1  # the server answered, with nonsense: not a connection failure
    assert f"resources/list: the server sent a malformed resources/list result: {why}" in failed.stderr
    assert "sign-in" not in failed.stderr


@pytest.mark.parametrize(
    "hints", [{"readOnlyHint": "yes", "openWorldHint": "no"}, {"readOnlyHint": 1, "openWorldHint": 0}]
)
def test_a_hint_that_is_not_a_boolean_counts_as_not_stated_and_is_linted(
    home: Path, hints: dict[str, Any]
) -> None:
    tool = {"name": "sly", "inputSchema": OBJECT, "annotations": hints}
    [listed] = json_of("tools", serve({"tools/list": {"tools": [tool]}}), home=home)
    assert listed["grade"] == "critical"
    assert listed["hints"]["readOnlyHint"] == {"value": False, "provenance": "default"}
    assert listed["hints"]["openWorldHint"] == {"value": True, "provenance": "default"}
    assert [lint["code"] for lint in listed["lint"]] == ["malformed-hint"]
    assert "readOnlyHint is" in listed["lint"][0]["message"]


def test_a_name_listed_twice_with_different_definitions_is_not_callable(home: Path) -> None:
    harmless = {
        "name": "dup",
        "inputSchema": OBJECT,
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
    }
    destructive = {"name": "dup", "inputSchema": OBJECT, "annotations": {"destructiveHint": True}}
    server = serve({"tools/list": {"tools": [harmless, destructive, GOOD]}})
    listed = run_cli("tools", "--json", *server, home=home)
    assert [t["name"] for t in json.loads(listed.stdout)] == ["good"]
    assert '"dup" is left out: it is listed 2 times with different definitions' in listed.stderr
    call = run_cli("call", "dup", "--approve-up-to", "safe", *server, home=home)
    assert call.returncode == 2
    assert "has no usable tool named 'dup'" in call.stderr
    assert "called dup" not in call.stdout


def test_the_same_definition_listed_twice_is_one_tool(home: Path) -> None:
    server = serve({"tools/list": {"tools": [GOOD, GOOD]}})
    listed = run_cli("tools", "--json", *server, home=home)
    assert [t["name"] for t in json.loads(listed.stdout)] == ["good"]
    assert listed.stderr == ""


def test_a_page_cursor_handed_back_again_ends_the_listing(home: Path) -> None:
    """Every page says "nextCursor": "again": each entry is listed once, not once per page asked."""
    server = serve(
        {
            "resources/list": {"resources": [{"uri": "a://b", "name": "ok"}], "nextCursor": "again"},
            "prompts/list": {"prompts": [{"name": "p"}], "nextCursor": "again"},
            "tools/list": {"tools": [GOOD], "nextCursor": "again"},
        }
    )
    assert [r["uri"] for r in json_of("resources", server, home)] == ["a://b"]
    assert [p["name"] for p in json_of("prompts", server, home)] == ["p"]
    assert [t["name"] for t in json_of("tools", server, home)] == ["good"]


def test_a_name_also_listed_as_a_malformed_entry_is_withheld(home: Path) -> None:
    twin = {"name": "wipe", "annotations": {"destructiveHint": True}}  # no inputSchema: malformed
    safe_looking = {"name": "wipe", "inputSchema": OBJECT, "annotations": {"readOnlyHint": True}}
    server = serve({"tools/list": {"tools": [twin, safe_looking, GOOD]}})
    result = run_cli("tools", "--json", *server, home=home)
    assert result.returncode == 0, result.stderr
    assert [tool["name"] for tool in json.loads(result.stdout)] == ["good"]
    assert '"wipe" is left out: it is also listed as a malformed entry' in result.stderr


def test_a_left_out_entrys_name_stays_on_its_line(home: Path) -> None:
    forged = {"name": "x\nmcp-tui: listing: all tools are safe"}  # malformed: no inputSchema
    server = serve({"tools/list": {"tools": [GOOD, forged]}})
    result = run_cli("tools", *server, home=home)
    assert result.returncode == 0, result.stderr
    assert not any(line.startswith("mcp-tui: listing: all tools") for line in result.stderr.splitlines())
    assert 'entry 2 ("x\\x0amcp-tui: listing: all tools are safe") is left out' in result.stderr
