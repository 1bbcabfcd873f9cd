"""servers, tools, show and audit against the demo over real stdio."""

from __future__ import annotations

from pathlib import Path

from cli_harness import run_cli, run_json

from tui.session.questions import UNATTENDED_ELICITATION

DEMO_GRADES = {
    "list_sandbox": "safe",
    "world_clock": "low",
    "add_note": "medium",
    "clear_notes": "high",
    "launch_confetti": "critical",
    "roll_dice": "critical",
}


def test_servers_names_the_demo_with_its_state_protocol_tools_and_trust(home: Path) -> None:
    [server] = run_json("servers", home=home)
    assert server["server"] == "demo"
    assert server["state"] == "connected"
    assert server["protocol_version"]
    assert server["tools"] >= 13
    assert server["trust"] == "untrusted"
    human = run_cli("servers", home=home)
    assert human.returncode == 0
    assert human.stdout.startswith("demo  connected  protocol ")


def test_tools_json_lists_grades_hints_with_provenance_resolvable_and_lint(home: Path) -> None:
    tools = {tool["name"]: tool for tool in run_json("tools", home=home)}
    assert {name: tools[name]["grade"] for name in DEMO_GRADES} == DEMO_GRADES
    fields = {"server", "name", "title", "grade", "hints", "resolvable", "dialect", "lint"}
    assert set(tools["manage_files"]) == fields
    # The demo offers manage_files in all three dialects: the official extension comes first.
    assert tools["manage_files"]["resolvable"] == "io.modelcontextprotocol/tool-resolution"
    assert tools["manage_files"]["dialect"] == "tool-resolution extension"
    assert tools["http_api"]["resolvable"] == "tools/annotations"
    assert tools["list_sandbox"]["dialect"] == "not resolvable"
    assert tools["list_sandbox"]["resolvable"] is None
    assert tools["list_sandbox"]["hints"]["readOnlyHint"] == {"value": True, "provenance": "explicit"}
    assert tools["roll_dice"]["hints"]["destructiveHint"] == {"value": True, "provenance": "default"}
    assert [warning["code"] for warning in tools["roll_dice"]["lint"]] == ["unannotated"]
    assert tools["list_sandbox"]["lint"] == []
    assert tools["add_note"]["title"] == "Add a note"


def test_tools_filter_uses_the_tui_filter_language(home: Path) -> None:
    risky = run_json("tools", "--filter", "grade:high+ -resolvable", home=home)
    assert sorted(tool["name"] for tool in risky) == ["clear_notes", "launch_confetti", "roll_dice"]
    # Options work before the command as well as after it, and SERVER narrows the list.
    confetti = run_json("--filter", "confetti -dice", "tools", "demo", home=home)
    assert [tool["name"] for tool in confetti] == ["launch_confetti"]


def test_a_filter_that_can_match_nothing_is_a_usage_error_that_says_why(home: Path) -> None:
    grade = run_cli("tools", "--filter", "grade:bogus", home=home)
    assert grade.returncode == 2  # usage: nothing was started
    assert grade.stdout == ""
    assert "no grade 'bogus': use safe, low, medium, high, critical" in grade.stderr
    server = run_cli("tools", "--json", "--filter", "ro server:nope", home=home)
    assert server.returncode == 2
    assert "no server name contains 'nope' (servers: demo)" in server.stderr


def test_show_prints_everything_the_tool_says_and_its_resolution_dialect(home: Path) -> None:
    shown = run_json("show", "demo", "manage_files", home=home)
    assert shown["resolvable"] == "io.modelcontextprotocol/tool-resolution"
    assert shown["dialect"] == "tool-resolution extension"
    assert shown["input_schema"]["required"] == ["action", "path"]
    assert "sandbox" in shown["description"]
    assert shown["reasons"][0]["provenance"] == "explicit"
    human = run_cli("show", "sandbox_stats", home=home)  # the one server may be left out
    assert human.returncode == 0
    for part in (
        "title: Sandbox statistics",
        "grade: safe",
        "input schema:",
        "output schema:",
        "resolution: none",
    ):
        assert part in human.stdout
    dialect = run_cli("show", "http_api", home=home)
    assert "resolution: draft tools/annotations (tools/annotations)" in dialect.stdout


def test_audit_with_no_records_is_empty_and_says_where_it_looks(home: Path) -> None:
    assert run_json("audit", home=home) == []
    human = run_cli("audit", "--last", "5", home=home)
    assert (human.returncode, human.stdout) == (0, "")
    assert "no audit records yet" in human.stderr


def test_audit_shows_a_servers_question_beside_the_call_that_led_to_it(home: Path) -> None:
    asked = run_cli("call", "ask_user", "--approve-up-to", "safe", home=home)
    assert asked.returncode == 0, asked.stderr
    document = run_json("audit", home=home)
    assert [(r.get("kind"), r["server"]) for r in document] == [("elicitation", "demo"), (None, "demo")]
    question, call = document
    assert (question["answer"], question["answered_by"], question["fields"]) == ("declined", "mcp-tui", [])
    assert question["requested"] == ["name", "colour"]
    assert call["tool"] == "ask_user"
    human = run_cli("audit", home=home).stdout.splitlines()
    assert human[0].endswith("cli  demo/elicitation  declined by mcp-tui")
    assert human[1] == f"    {UNATTENDED_ELICITATION}"
    assert human[2] == "    asked: The demo server would like to greet you. What is your name?"
    assert "cli  demo/ask_user  safe  ask (no-rule)  ok " in human[3]
    assert [r.get("kind") for r in run_json("audit", "--last", "1", home=home)] == [None]
