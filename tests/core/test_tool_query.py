"""The filter language says in words when a term can never match, instead of an empty list."""

from __future__ import annotations

from tui.model.servers import ToolInfo
from tui.session.query_help import FILTER_HELP
from tui.session.tool_query import filter_tools, make_entry, parse_query, query_problem

SERVERS = ["demo", "files-local"]
TOOLS = [
    make_entry(
        ToolInfo(
            server=server,
            name=name,
            title=None,
            description="",
            input_schema={"type": "object"},
            output_schema=None,
            annotations=annotations,
        )
    )
    for server, name, annotations in [
        ("demo", "add_note", {"readOnlyHint": False, "destructiveHint": False}),
        ("files-local", "delete", {"destructiveHint": True, "openWorldHint": False}),
    ]
]


def test_an_unknown_grade_is_named_with_the_grades_there_are() -> None:
    for query in ("grade:bogus", "note grade:bogus+", "-grade:bogus"):
        problem = query_problem(query, SERVERS)
        assert problem is not None
        assert "no grade 'bogus'" in problem
        assert "safe, low, medium, high, critical" in problem
    assert "grade: needs a grade" in (query_problem("grade:", SERVERS) or "")
    assert filter_tools(TOOLS, "grade:bogus") == []  # still matches nothing: the message says why


def test_an_unknown_server_is_named_with_the_servers_there_are() -> None:
    problem = query_problem("server:nope", SERVERS)
    assert problem == "no server name contains 'nope' (servers: demo, files-local)"
    assert query_problem("server:nope", []) == "no server name contains 'nope' (servers: none)"
    assert "'nope'" in (query_problem("-server:nope", SERVERS) or "")  # a typo either way


def test_terms_that_can_match_are_no_problem() -> None:
    for query in (
        "",
        "note",
        "grade:high",
        "grade:high+",
        "GRADE:Medium+ server:FILES",
        "server:local -destructive",
        "server:",  # being typed: matches every server
        '"grade:bogus"',  # quoted: searched as text, like any quoted word
    ):
        assert query_problem(query, SERVERS) is None, query
    assert [e.tool.name for e in filter_tools(TOOLS, "server:local grade:high+")] == ["delete"]


def test_every_problem_is_said() -> None:
    problem = query_problem("grade:x server:y", SERVERS) or ""
    assert "no grade 'x'" in problem
    assert "'y'" in problem


def test_every_word_the_help_names_is_a_word_of_the_language() -> None:
    for word in FILTER_HELP.replace("·", " ").replace("…", " ").split():
        if word not in ("words", "-word", "excludes"):
            assert parse_query(word.replace("NAME", "demo"))[0].kind != "text", word
    for part in ("ro", "dest", "unannotated", "lint", "safe", "critical", "grade:high+", "server:", "-word"):
        assert part in FILTER_HELP
