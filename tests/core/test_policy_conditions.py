"""``when`` on a rule: each operator on the exact arguments, the assessment conditions, and ``never``
failing closed on a condition it cannot evaluate. Rules are read from TOML text as a user writes them."""

from __future__ import annotations

import os

import pytest

from tests.core.policy_support import APPEND, DELETE, READ, TRUSTED, decide_with, user_rules
from tui.safety.decision import RuleId


def _rule(action: str, when: str, ceiling: str = "critical") -> list:
    rules, problems = user_rules(
        f"""
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "{action}"
        ceiling = "{ceiling}"
        {when}
        """
    )
    assert problems == []
    return rules


def _allowed(when: str, args: dict, resolved: dict | None = APPEND) -> bool:
    decision = decide_with(rules=_rule("always", when), args=args, resolved=resolved)
    return decision.rule == RuleId.ALWAYS_RULE


def test_glob_on_a_path_is_lexical_and_does_not_cross_segments_with_one_star() -> None:
    scratch = 'when.path = { glob = "~/scratch/**" }'
    home = os.path.expanduser("~")
    assert _allowed(scratch, {"path": "~/scratch/notes/a.txt"})
    assert _allowed(scratch, {"path": f"{home}/scratch/a.txt"})  # ~ is expanded on both sides
    assert not _allowed(scratch, {"path": "~/scratch/../.ssh/id_rsa"})  # normalised before matching
    assert not _allowed(scratch, {"path": "~/scratchpad/a.txt"})
    middle = 'when.path = { glob = "/srv/**/out/*.log" }'
    for path in ("/srv/out/a.log", "/srv/x/out/a.log", "/srv/x/y/out/a.log"):
        assert _allowed(middle, {"path": path}), path
    for path in ("/srv/xout/a.log", "/srv/x/out/y/a.log", "/srv//../etc/out/a.log"):
        assert not _allowed(middle, {"path": path}), path
    one = 'when.path = { glob = "/tmp/*.txt" }'
    assert _allowed(one, {"path": "/tmp/a.txt"})
    assert not _allowed(one, {"path": "/tmp/deeper/a.txt"})


def test_equals_and_one_of_compare_as_json_with_types() -> None:
    forced = 'when."/options/force" = { equals = true }'
    assert _allowed(forced, {"options": {"force": True}})
    assert not _allowed(forced, {"options": {"force": 1}})  # true is not 1
    assert not _allowed(forced, {"options": {"force": "true"}})
    actions = 'when.action = { one_of = ["read", "append"] }'
    assert _allowed(actions, {"action": "append"})
    assert not _allowed(actions, {"action": "delete"})
    number = "when.count = { equals = 1 }"
    assert _allowed(number, {"count": 1.0})  # one number, however written
    assert not _allowed(number, {"count": True})


def test_prefix_regex_min_max_and_present() -> None:
    assert _allowed('when.path = { prefix = "notes/" }', {"path": "notes/a"})
    assert not _allowed('when.path = { prefix = "notes/" }', {"path": "x/notes/a"})
    select = 'when.sql = { regex = "^\\\\s*select\\\\b" }'
    assert _allowed(select, {"sql": "  select 1"})
    assert not _allowed(select, {"sql": "delete from t"})
    tags = 'when.tags = { regex = "^ok$" }'
    assert _allowed(tags, {"tags": ["no", "ok"]})  # on a list: any element
    ranged = "when.count = { min = 1, max = 10 }"
    assert _allowed(ranged, {"count": 10})
    assert not _allowed(ranged, {"count": 11})
    assert not _allowed(ranged, {"count": 0})
    assert not _allowed(ranged, {"count": True})  # a boolean is not a number
    assert _allowed("when.dry_run = { present = true }", {"dry_run": False})
    assert not _allowed("when.dry_run = { present = true }", {})
    assert _allowed("when.force = { present = false }", {"action": "read"})


def test_a_missing_argument_matches_only_present_false_even_for_never() -> None:
    never = _rule("never", 'when.path = { glob = "/etc/**" }')
    assert decide_with(rules=never, args={"action": "read"}, resolved=READ).action == "ask"


def test_never_fails_closed_on_a_condition_it_cannot_evaluate_and_always_does_not() -> None:
    for when in (
        'when.path = { glob = "/etc/**" }',
        'when.path = { prefix = "/etc" }',
        "when.path = { max = 3 }",
    ):
        for odd in (["/etc/passwd"], {"p": "/etc"}, "text" if "max" in when else 5):
            denied = decide_with(rules=_rule("never", when), args={"path": odd}, resolved=READ)
            assert denied.rule == RuleId.NEVER_RULE, (when, odd)
            assert not _allowed(when, {"path": odd}, READ)
    regex = 'when.sql = { regex = "(?i)drop" }'
    denied = decide_with(rules=_rule("never", regex), args={"sql": ["select", 3]}, resolved=READ)
    assert denied.rule == RuleId.NEVER_RULE
    passes = decide_with(rules=_rule("never", regex), args={"sql": "select 1"}, resolved=READ)
    assert passes.action == "ask"


def test_grade_conditions_bound_the_call_grade() -> None:
    up_to_low = 'when.grade = { max = "low" }'
    assert _allowed(up_to_low, {}, READ)
    assert not _allowed(up_to_low, {}, APPEND)
    at_least_high = _rule("never", 'when.grade = { min = "high" }')
    assert decide_with(rules=at_least_high, resolved=DELETE).rule == RuleId.NEVER_RULE
    assert decide_with(rules=at_least_high, resolved=APPEND).action == "ask"


def test_resolved_and_provenance_allow_only_what_the_server_resolved_read_only_for_these_arguments() -> None:
    when = 'when.resolved = { readOnlyHint = true }\n        when.provenance = "resolved"'
    rules = _rule("always", when, ceiling="safe")
    # Resolved read-only for this call: allowed.
    assert decide_with(rules=rules, resolved=READ, server=TRUSTED).rule == RuleId.ALWAYS_RULE
    # The same tool resolved to a delete: the rule does not hold.
    assert decide_with(rules=rules, resolved=DELETE).action == "ask"
    # Read-only by the static definition, not by resolution: provenance does not hold.
    from tests.core.policy_support import FILES

    static_read = FILES.__class__.of("manage_files", FILES.description, FILES.input_schema, READ)
    decision = decide_with(rules=rules, resolved=None, definition=static_read)
    assert decision.action == "ask"


def test_the_decision_names_the_rule_tier_file_and_line() -> None:
    rules = _rule("never", 'when.path = { glob = "/etc/**" }')
    decision = decide_with(rules=rules, args={"path": "/etc/shadow"})
    assert (decision.source, decision.file, decision.line) == ("user", "config.toml", 2)
    assert decision.reason == (
        'Denied: your rule says never run manage_files on demo when path glob "/etc/**" (config.toml, line 2)'
    )


@pytest.mark.parametrize(
    ("when", "problem"),
    [
        (
            'when.sql = { regex = "(" }',
            'config.toml, line 7: rules #1.when: "sql": the regex does not compile',
        ),
        ('when.path = { globb = "x" }', 'config.toml, line 7: rules #1.when: "path": unknown test "globb"'),
        ('when.grade = { max = "huge" }', 'config.toml, line 7: rules #1.when: "grade": max must be one of'),
        ("when.resolved = { readOnly = true }", 'config.toml, line 7: rules #1.when: "resolved": "readOnly"'),
        ('when.provenance = "static"', 'config.toml, line 7: rules #1.when: "provenance": must be one of'),
        ('when.path = { glob = "[abc" }', 'config.toml, line 7: rules #1.when: "path": the glob'),
        ("when.count = { min = true }", 'config.toml, line 7: rules #1.when: "count": min must be a number'),
    ],
)
def test_a_bad_condition_names_file_and_line_and_skips_the_rule(when: str, problem: str) -> None:
    rules, problems = user_rules(
        f"""
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "always"
        ceiling = "critical"
        {when}
        """
    )
    assert rules == []
    assert len(problems) == 1
    assert problems[0].startswith(problem), problems
    assert problems[0].endswith("rule skipped")


def test_conditional_rules_for_one_tool_are_all_kept() -> None:
    rules, problems = user_rules(
        """
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "always"
        when.path = { glob = "~/scratch/**" }

        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "never"
        when.path = { glob = "~/.ssh/**" }
        """
    )
    assert problems == []
    assert len(rules) == 2
    assert decide_with(rules=rules, args={"path": "~/.ssh/id"}).rule == RuleId.NEVER_RULE
    assert decide_with(rules=rules, args={"path": "~/scratch/a"}, resolved=DELETE).rule == RuleId.ALWAYS_RULE
