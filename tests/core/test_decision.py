"""decide(): each rule of product.md's order, with the reason that names it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.decision import Decision, RuleId, decide
from tui.safety.effective import effective_hints
from tui.safety.grade import Grade
from tui.safety.lint import LintWarning, lint_tool
from tui.safety.tool_hash import DefinitionSnapshot

DEMO = ServerConfig("demo", "stdio", command="python", args=("-m", "tui.demo"))
TRUSTED = replace(DEMO, trust=Trust.TRUSTED)
STATIC = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}
FILES = DefinitionSnapshot.of(
    "manage_files",
    "Read, append, replace or delete a file in the sandbox",
    {"type": "object", "properties": {"action": {"type": "string"}, "path": {"type": "string"}}},
    STATIC,
)
READ = {"readOnlyHint": True, "openWorldHint": False}  # what resolve says for action=read
DELETE = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False}
APPEND = {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}
LOOKUP = {"readOnlyHint": True, "openWorldHint": True}


def _decide(
    resolved: dict[str, Any],
    *,
    server: ServerConfig = DEMO,
    book: ApprovalBook | None = None,
    prefs: Preferences | None = None,
    rules: tuple[ToolRule, ...] = (),
    definition: DefinitionSnapshot = FILES,
    args: dict[str, Any] | None = None,
    lint: tuple[LintWarning, ...] = (),
) -> Decision:
    return decide(
        server=server,
        definition=definition,
        hints=effective_hints(definition.annotations, resolved),
        arguments=args or {"action": "read", "path": "a.txt"},
        book=book or ApprovalBook(),
        preferences=prefs or Preferences(),
        rules=rules,
        lint=lint,
    )


def next_session(book: ApprovalBook) -> ApprovalBook:
    """The book the next session starts with: the "always" approvals, as the approvals file gives them."""
    return ApprovalBook(book.persistent())


def test_with_nothing_configured_every_grade_asks() -> None:
    for resolved in (READ, LOOKUP, APPEND, DELETE):
        for server in (DEMO, TRUSTED):
            decision = _decide(resolved, server=server)
            assert decision.action == "ask"
    assert _decide(APPEND).reason == (
        "Asking: this call is medium (writes, not destructive); "
        "no rule or approval covers manage_files on demo yet"
    )
    assert _decide(APPEND).rule == RuleId.NO_RULE


def test_never_rule_denies_before_anything_else() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "always")
    prefs = Preferences(auto_approve_safe=True)
    rules = (ToolRule("demo", "manage_files", "always"), ToolRule("demo", "manage_files", "never"))
    decision = _decide(READ, server=TRUSTED, book=book, prefs=prefs, rules=rules)
    assert decision == Decision("deny", "Denied: your rule says never run manage_files on demo", "never-rule")
    # A rule for another tool or server does not apply.
    other = (ToolRule("demo", "other_tool", "never"), ToolRule("elsewhere", "manage_files", "never"))
    assert _decide(READ, rules=other).action == "ask"


def test_changed_definition_suspends_the_approval_and_says_what_changed() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "always")
    assert _decide(READ, book=book).action == "allow"
    changed = DefinitionSnapshot.of(
        "manage_files",
        "Read, append, replace or delete a file anywhere",
        {
            **FILES.input_schema,
            "properties": {**FILES.input_schema["properties"], "force": {"type": "boolean"}},
        },
        {**STATIC, "openWorldHint": True},
    )
    decision = _decide(READ, book=book, definition=changed)
    assert decision.action == "ask"
    assert decision.rule == RuleId.DEFINITION_CHANGED
    assert decision.reason.startswith(
        "Asking: manage_files changed on demo since you always allow manage_files on demo up to critical"
    )
    assert decision.changes == [
        "description changed",
        "inputSchema: property 'force' added",
        "annotations: openWorldHint false -> true",
    ]
    # Approving the new definition replaces the suspended one; the old definition is then the stranger.
    book.grant(DEMO.identity, "demo", changed, Grade.HIGH, "always")
    assert _decide(READ, book=book, definition=changed).rule == RuleId.APPROVAL_ALWAYS
    assert len(book.persistent()) == 1


def test_a_session_grant_for_the_new_definition_is_enough_while_the_old_one_stays_suspended() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.HIGH, "always")
    changed = replace(FILES, description="now different")
    book.grant(DEMO.identity, "demo", changed, Grade.SAFE, "session")
    assert _decide(READ, book=book, definition=changed).rule == RuleId.APPROVAL_SESSION
    book = next_session(book)
    assert _decide(READ, book=book, definition=changed).rule == RuleId.DEFINITION_CHANGED


def test_ask_rule_forces_the_dialog_even_with_an_approval() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "always")
    decision = _decide(READ, book=book, rules=(ToolRule("demo", "manage_files", "ask"),))
    assert decision.action == "ask"
    assert decision.rule == RuleId.ASK_RULE
    assert decision.reason == "Asking: your rule says always ask before running manage_files on demo"


def test_ceiling_lets_a_read_through_and_asks_before_a_delete_of_the_same_tool() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.SAFE, "always")
    read = _decide(READ, book=book)
    assert read.action == "allow"
    assert read.rule == RuleId.APPROVAL_ALWAYS
    assert read.reason == "Allowed: you always allow manage_files on demo up to safe; this call is safe"
    delete = _decide(DELETE, book=book, args={"action": "delete", "path": "a.txt"})
    assert delete.action == "ask"
    assert delete.rule == RuleId.CONFIRM_DESTRUCTIVE
    assert "(you always allow manage_files on demo up to safe)" in delete.reason
    append = _decide(APPEND, book=book)
    assert append.rule == RuleId.ABOVE_CEILING
    assert append.reason == (
        "Asking: this call is medium, above the ceiling you set: "
        "you always allow manage_files on demo up to safe"
    )


def test_an_approval_is_bound_to_the_server_identity() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "always")
    moved = replace(DEMO, args=("-m", "something.else"))
    assert _decide(READ, book=book, server=moved).rule == RuleId.NO_RULE


def test_session_grants_allow_until_the_session_ends() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.MEDIUM, "session")
    decision = _decide(APPEND, book=book)
    assert decision.action == "allow"
    assert decision.rule == RuleId.APPROVAL_SESSION
    assert decision.reason == (
        "Allowed: you allowed manage_files on demo for this session up to medium; this call is medium"
    )
    book = next_session(book)
    assert _decide(APPEND, book=book).action == "ask"


def test_always_rule_allows_up_to_its_ceiling_even_for_destructive_calls() -> None:
    rules = (ToolRule("demo", "manage_files", "always", ceiling="high"),)
    decision = _decide(DELETE, rules=rules)
    assert decision.action == "allow"
    assert decision.rule == RuleId.ALWAYS_RULE
    assert decision.reason == (
        "Allowed: your rule always allows manage_files on demo up to high; this call is high"
    )
    low_rule = (ToolRule("demo", "manage_files", "always", ceiling="medium"),)
    assert _decide(DELETE, rules=low_rule).rule == RuleId.CONFIRM_DESTRUCTIVE
    broken = (ToolRule("demo", "manage_files", "always", ceiling="whatever"),)
    assert _decide(READ, rules=broken).action == "ask"


@pytest.mark.parametrize(
    ("resolved", "prefs", "rule"),
    [
        (READ, Preferences(auto_approve_safe=True), RuleId.AUTO_SAFE),
        (LOOKUP, Preferences(auto_approve_low=True), RuleId.AUTO_LOW),
    ],
)
def test_category_preferences_allow_on_trusted_servers_only(
    resolved: dict[str, Any], prefs: Preferences, rule: RuleId
) -> None:
    trusted = _decide(resolved, server=TRUSTED, prefs=prefs)
    assert trusted.action == "allow"
    assert trusted.rule == rule
    assert trusted.reason.startswith("Allowed: demo is trusted and you auto-approve")
    untrusted = _decide(resolved, server=DEMO, prefs=prefs)
    assert untrusted.action == "ask"
    assert untrusted.rule == RuleId.UNTRUSTED
    assert "demo is untrusted" in untrusted.reason
    assert "does not apply" in untrusted.reason


def test_untrusted_is_never_auto_approved_by_any_category() -> None:
    everything = Preferences(
        auto_approve_safe=True,
        auto_approve_low=True,
        always_confirm_destructive=False,
        auto_approve_idempotent_retry=True,
    )
    book = ApprovalBook()
    for resolved in (READ, LOOKUP, APPEND, DELETE):
        args = {"action": "x", "path": "a"}
        book.note_approved_call(
            DEMO.identity, "manage_files", FILES.hash, args, effective_hints(STATIC, resolved)
        )
        assert _decide(resolved, prefs=everything, book=book, args=args).action == "ask"


def test_auto_approve_safe_does_not_cover_low() -> None:
    decision = _decide(LOOKUP, server=TRUSTED, prefs=Preferences(auto_approve_safe=True))
    assert decision.action == "ask"
    assert decision.rule == RuleId.NO_RULE


def test_idempotent_identical_retry_on_a_trusted_server() -> None:
    book = ApprovalBook()
    args = {"action": "replace", "path": "a.txt", "text": "x"}
    replace_hints = {
        "readOnlyHint": False,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": False,
    }
    assert _decide(replace_hints, server=TRUSTED, book=book, args=args).action == "ask"
    hints = effective_hints(STATIC, replace_hints)
    assert book.note_approved_call(TRUSTED.identity, "manage_files", FILES.hash, args, hints)
    retry = _decide(replace_hints, server=TRUSTED, book=book, args=dict(reversed(list(args.items()))))
    assert retry.action == "allow"
    assert retry.rule == RuleId.IDEMPOTENT_RETRY
    # Different arguments are not a retry; nor is anything once the preference is off.
    assert _decide(replace_hints, server=TRUSTED, book=book, args={**args, "text": "y"}).action == "ask"
    off = Preferences(auto_approve_idempotent_retry=False)
    assert _decide(replace_hints, server=TRUSTED, book=book, args=args, prefs=off).action == "ask"
    book = next_session(book)
    assert _decide(replace_hints, server=TRUSTED, book=book, args=args).action == "ask"


def test_non_idempotent_calls_are_not_remembered_for_retry() -> None:
    book = ApprovalBook()
    args = {"action": "append", "path": "a.txt", "text": "x"}
    assert not book.note_approved_call(
        TRUSTED.identity, "manage_files", FILES.hash, args, effective_hints(STATIC, APPEND)
    )
    assert _decide(APPEND, server=TRUSTED, book=book, args=args).action == "ask"


def test_always_confirm_destructive_wins_over_an_idempotent_retry_unless_turned_off() -> None:
    book = ApprovalBook()
    args = {"action": "delete", "path": "a.txt"}
    book.note_approved_call(
        TRUSTED.identity, "manage_files", FILES.hash, args, effective_hints(STATIC, DELETE)
    )
    confirm = _decide(DELETE, server=TRUSTED, book=book, args=args)
    assert confirm.rule == RuleId.CONFIRM_DESTRUCTIVE
    assert confirm.reason == "Asking: this call is high and you always confirm destructive calls"
    relaxed = _decide(
        DELETE, server=TRUSTED, book=book, args=args, prefs=Preferences(always_confirm_destructive=False)
    )
    assert relaxed.action == "allow"
    assert relaxed.rule == RuleId.IDEMPOTENT_RETRY


def test_an_unannotated_tool_asks_as_critical() -> None:
    bare = DefinitionSnapshot.of("mystery", "", {"type": "object"}, None)
    decision = _decide({}, definition=bare, server=TRUSTED, prefs=Preferences(auto_approve_safe=True))
    assert decision.rule == RuleId.CONFIRM_DESTRUCTIVE
    assert "critical" in decision.reason


def test_contradictory_hints_never_remove_the_dialog_by_category() -> None:
    """A tool stating read-only and destructive grades as a read (the spec), but its own hints disagree,
    so they cannot be what lets it run unasked; an explicit approval still can."""
    word_count = DefinitionSnapshot.of(
        "word_count", "Count words", {"type": "object"}, {"readOnlyHint": True, "destructiveHint": True}
    )
    prefs = Preferences(auto_approve_safe=True, auto_approve_low=True)
    decision = _decide({}, server=TRUSTED, prefs=prefs, definition=word_count)
    assert decision.action == "ask"
    assert decision.rule == RuleId.CONTRADICTORY
    assert "both read-only and destructive" in decision.reason
    book = ApprovalBook()
    book.grant(TRUSTED.identity, "demo", word_count, Grade.LOW, "always")
    assert _decide({}, server=TRUSTED, prefs=prefs, definition=word_count, book=book).action == "allow"


def test_a_lint_warning_stops_every_category_shortcut_and_says_which() -> None:
    """auto-approve safe, auto-approve low and the idempotent retry all ask when lint flags the tool."""
    lint = tuple(lint_tool("manage_files", STATIC, description="Reads\u200b files"))
    assert [w.code for w in lint] == ["hidden-characters"]
    everything = Preferences(auto_approve_safe=True, auto_approve_low=True)
    for resolved in (READ, LOOKUP):
        assert _decide(resolved, server=TRUSTED, prefs=everything).action == "allow"
        decision = _decide(resolved, server=TRUSTED, prefs=everything, lint=lint)
        assert decision.action == "ask"
        assert decision.rule == RuleId.LINT_WARNING
        assert decision.reason.startswith(
            "Asking: manage_files has an annotation warning (hidden-characters), so your auto-approve "
            "preferences do not apply to it: The tool's description contains invisible"
        )
    book = ApprovalBook()
    args = {"action": "replace", "path": "a.txt", "text": "x"}
    idempotent = {**APPEND, "idempotentHint": True}
    book.note_approved_call(
        TRUSTED.identity, "manage_files", FILES.hash, args, effective_hints(STATIC, idempotent)
    )
    assert _decide(idempotent, server=TRUSTED, book=book, args=args).rule == RuleId.IDEMPOTENT_RETRY
    retry = _decide(idempotent, server=TRUSTED, book=book, args=args, lint=lint)
    assert retry.rule == RuleId.LINT_WARNING


def test_a_lint_warning_leaves_approvals_rules_and_untrusted_servers_as_they_were() -> None:
    lint = (LintWarning("destructive-name", "one"), LintWarning("unannotated", "two"))
    prefs = Preferences(auto_approve_safe=True)
    book = ApprovalBook()
    book.grant(TRUSTED.identity, "demo", FILES, Grade.SAFE, "always")
    assert _decide(READ, server=TRUSTED, prefs=prefs, book=book, lint=lint).rule == RuleId.APPROVAL_ALWAYS
    rule = (ToolRule("demo", "manage_files", "always", "safe"),)
    assert _decide(READ, server=TRUSTED, prefs=prefs, rules=rule, lint=lint).rule == RuleId.ALWAYS_RULE
    assert _decide(READ, prefs=prefs, lint=lint).rule == RuleId.UNTRUSTED
    asked = _decide(READ, server=TRUSTED, prefs=prefs, lint=lint)
    assert "(destructive-name, unannotated)" in asked.reason
    assert asked.reason.endswith("one (and 1 more warning)")


def test_arguments_the_server_rejected_are_denied_whatever_else_would_allow_them() -> None:
    book = ApprovalBook()
    book.grant(TRUSTED.identity, "demo", FILES, Grade.CRITICAL, "always")
    decision = decide(
        server=TRUSTED,
        definition=FILES,
        hints=effective_hints(FILES.annotations, READ),
        arguments={"action": "read", "path": "missing.txt"},
        book=book,
        preferences=Preferences(auto_approve_safe=True),
        rules=(ToolRule("demo", "manage_files", "always"),),
        arguments_rejected="the server rejected these arguments (error -32602)",
    )
    assert decision == Decision(
        "deny", "Denied: the server rejected these arguments (error -32602)", RuleId.INVALID_ARGUMENTS
    )
    assert RuleId.INVALID_ARGUMENTS == "invalid-arguments"


def test_a_broken_resolution_is_the_rule_of_any_ask_so_only_a_person_answers_it() -> None:
    # The headless --approve-up-to answers an ask of a low enough grade unless its rule needs a person;
    # an ask for the grade alone (confirm-destructive, no-rule) would have let it through.
    common = {
        "server": DEMO,
        "definition": FILES,
        "hints": effective_hints(FILES.annotations, DELETE),
        "arguments": {"action": "delete", "path": "a.txt"},
        "book": ApprovalBook(),
        "preferences": Preferences(),
        "rules": (),
    }
    assert decide(**common).rule != RuleId.RESOLUTION_BROKEN  # type: ignore[arg-type]
    broken = decide(**common, resolution_broken="the answer names another tool")  # type: ignore[arg-type]
    assert broken.action == "ask"
    assert broken.rule == RuleId.RESOLUTION_BROKEN
    assert "the answer names another tool" in broken.reason
    never = (ToolRule("demo", "manage_files", "never"),)
    denied = decide(**{**common, "rules": never}, resolution_broken="x")  # type: ignore[arg-type]
    assert denied.action == "deny"  # a deny stands
