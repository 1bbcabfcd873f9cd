"""The tiers: managed files a user cannot loosen (rules by name or by command/URL glob, limits, trust pins,
the server allow-list, failing closed), a project file that can only tighten, and the user's own rules."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.core.policy_support import (
    APPEND,
    DELETE,
    DEMO,
    FILES,
    READ,
    TRUSTED,
    decide_with,
    tier_file,
    user_rules,
)
from tui.config.model import Preferences
from tui.config.policy_files import MANAGED_ENV, SYSTEM_PATH_ENV, read_managed, system_managed_path
from tui.safety.approvals import Approval, ApprovalBook
from tui.safety.decision import RuleId
from tui.safety.enforced import Enforced
from tui.safety.grade import Grade

ALWAYS_ALL, _ = user_rules(
    """
    [[rules]]
    server = "demo"
    tool = "manage_files"
    action = "always"
    ceiling = "critical"
    """
)
SAFE = Preferences(auto_approve_safe=True, auto_approve_low=True)


def test_a_managed_never_beats_the_users_always_and_names_its_file_and_line() -> None:
    managed = tier_file(
        """
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "never"
        when.action = { equals = "delete" }
        """
    )
    assert managed.problems == ()
    denied = decide_with(rules=ALWAYS_ALL, tiers=(managed,), args={"action": "delete"}, resolved=DELETE)
    assert denied.rule == RuleId.MANAGED_NEVER
    assert (denied.source, denied.file, denied.line) == ("managed", "managed.toml", 2)
    allowed = decide_with(rules=ALWAYS_ALL, tiers=(managed,), args={"action": "read"}, resolved=READ)
    assert allowed.rule == RuleId.ALWAYS_RULE


def test_a_managed_rule_matches_a_server_by_its_command_whatever_the_user_named_it() -> None:
    managed = tier_file(
        """
        [[rules]]
        command = "python -m tui.demo*"
        tool = "*"
        action = "never"
        """
    )
    renamed = replace(DEMO, name="my-innocent-name")
    assert decide_with(tiers=(managed,), server=renamed).rule == RuleId.MANAGED_NEVER
    elsewhere = replace(DEMO, command="node")
    assert decide_with(tiers=(managed,), server=elsewhere).rule != RuleId.MANAGED_NEVER


def test_a_managed_ask_stops_approvals_and_always_rules_and_only_a_person_may_answer_it() -> None:
    managed = tier_file('[[rules]]\nserver = "demo"\ntool = "manage_files"\naction = "ask"\n')
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "always")
    decision = decide_with(rules=ALWAYS_ALL, tiers=(managed,), book=book, resolved=READ)
    assert decision.rule == RuleId.MANAGED_ASK
    assert decision.person_only() == "a managed rule says ask (step 4)"
    plain = decide_with(resolved=APPEND)
    assert plain.person_only() is None  # a plain ask: --approve-up-to may answer it


def test_a_project_file_can_only_tighten_and_says_so() -> None:
    project = tier_file(
        """
        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "always"

        [[rules]]
        server = "demo"
        tool = "manage_files"
        action = "never"
        when.path = { prefix = "secrets/" }
        """,
        tier="project",
        name="policy.toml",
    )
    assert [str(p) for p in project.problems] == [
        'policy.toml, line 5: rules #1: a project policy can only tighten ("never", "ask", or limits); '
        '"always" belongs in your own config.toml; rule ignored'
    ]
    assert not project.fails_closed  # a project file is the user's own kind of file
    assert decide_with(tiers=(project,), args={"path": "secrets/a"}).source == "project"
    assert decide_with(tiers=(project,), args={"path": "notes/a"}, resolved=READ).action == "ask"


def test_limits_cap_category_preferences_approvals_and_always_rules() -> None:
    safe_only = tier_file('[preferences]\nmax_auto_approve = "safe"\n')
    low = {"readOnlyHint": True, "openWorldHint": True}
    assert decide_with(server=TRUSTED, prefs=SAFE, resolved=low).rule == RuleId.AUTO_LOW
    capped = decide_with(server=TRUSTED, prefs=SAFE, resolved=low, tiers=(safe_only,))
    assert capped.action == "ask"
    assert decide_with(server=TRUSTED, prefs=SAFE, resolved=READ, tiers=(safe_only,)).rule == RuleId.AUTO_SAFE

    medium = tier_file('[preferences]\nmax_always_grade = "medium"\n')
    prefs = Preferences(always_confirm_destructive=False)
    limited = decide_with(rules=ALWAYS_ALL, tiers=(medium,), resolved=DELETE, prefs=prefs)
    assert limited.rule == RuleId.MANAGED_LIMIT
    assert limited.person_only() is not None
    assert decide_with(rules=ALWAYS_ALL, tiers=(medium,), resolved=APPEND).rule == RuleId.ALWAYS_RULE


def test_remembered_always_approvals_can_be_switched_off_and_aged_out() -> None:
    book = ApprovalBook()
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "always")
    no_always = tier_file("[preferences]\nallow_always_approvals = false\n")
    assert decide_with(book=book, resolved=READ).rule == RuleId.APPROVAL_ALWAYS
    assert decide_with(book=book, resolved=READ, tiers=(no_always,)).action == "ask"
    book.grant(DEMO.identity, "demo", FILES, Grade.CRITICAL, "session")
    assert decide_with(book=book, resolved=READ, tiers=(no_always,)).rule == RuleId.APPROVAL_SESSION

    eight_hours = tier_file('[preferences]\napproval_max_age = "8h"\n')
    old = ApprovalBook([Approval(DEMO.identity, "demo", "manage_files", Grade.CRITICAL, "always", FILES,
                                 datetime.now(UTC) - timedelta(hours=9))])  # fmt: skip
    assert decide_with(book=old, resolved=READ).rule == RuleId.APPROVAL_ALWAYS
    assert decide_with(book=old, resolved=READ, tiers=(eight_hours,)).action == "ask"


def test_a_managed_trust_pin_and_the_allow_list() -> None:
    pinned = tier_file('[servers.demo]\ntrust = "untrusted"\n')
    assert decide_with(server=TRUSTED, prefs=SAFE, resolved=READ).rule == RuleId.AUTO_SAFE
    decision = decide_with(server=TRUSTED, prefs=SAFE, resolved=READ, tiers=(pinned,))
    assert decision.rule == RuleId.UNTRUSTED
    assert "the managed policy pins it untrusted" in decision.reason

    allowed = tier_file('allowed_servers = ["npx *", "https://mcp.example.com/*"]\n')
    assert decide_with(tiers=(allowed,)).rule == RuleId.SERVER_NOT_ALLOWED
    npx = replace(DEMO, command="npx", args=("-y", "server"))
    assert decide_with(tiers=(allowed,), server=npx).rule != RuleId.SERVER_NOT_ALLOWED


def test_a_managed_file_that_is_not_understood_fails_closed() -> None:
    broken = tier_file('[[rules]\nserver = "demo"\n')
    assert broken.fails_closed
    decision = decide_with(server=TRUSTED, prefs=SAFE, resolved=READ, tiers=(broken,))
    assert decision.rule == RuleId.MANAGED_FAILED
    assert decision.person_only() is not None
    assert "fails closed" in decision.reason


def test_a_managed_telemetry_table_is_kept_without_a_problem() -> None:
    managed = tier_file('[telemetry]\nexporter = "otlp"\nendpoint = "http://collector:4318"\n')
    assert managed.problems == ()
    assert managed.document["telemetry"] == {"exporter": "otlp", "endpoint": "http://collector:4318"}


def test_the_system_path_per_os_and_the_additive_environment_file(tmp_path: Path) -> None:
    assert system_managed_path({}, "linux") == Path("/etc/mcp-tui/managed.toml")
    assert system_managed_path({}, "darwin") == Path("/Library/Application Support/mcp-tui/managed.toml")
    assert (
        system_managed_path({"ProgramData": "D:\\PD"}, "win32") == Path("D:\\PD") / "mcp-tui" / "managed.toml"
    )
    system = tmp_path / "system.toml"
    system.write_text('[preferences]\nmax_auto_approve = "low"\nallow_always_approvals = false\n')
    extra = tmp_path / "extra.toml"
    extra.write_text('[preferences]\nmax_auto_approve = "medium"\nallow_always_approvals = true\n')
    files = read_managed({SYSTEM_PATH_ENV: str(system), MANAGED_ENV: str(extra)})
    limits = Enforced.of(files).limits
    # The added file cannot loosen the system file's limits.
    assert (limits.max_auto_approve, limits.allow_always_approvals) == ("low", False)
    missing = read_managed(
        {SYSTEM_PATH_ENV: str(tmp_path / "none.toml"), MANAGED_ENV: str(tmp_path / "gone")}
    )
    assert Enforced.of(missing).failed is not None  # a named managed file that is missing fails closed
    assert read_managed({SYSTEM_PATH_ENV: str(tmp_path / "none.toml")}) == []


def test_server_preferences_override_the_global_categories_for_that_server_only() -> None:
    from tui.config.loader import load_toml_config

    text = (
        '[servers.demo]\ncommand = "python"\nargs = ["-m", "tui.demo"]\ntrust = "trusted"\n'
        "[servers.demo.preferences]\nauto_approve_safe = true\nauto_approve_low = 3\n"
        '[servers.other]\ncommand = "python"\ntrust = "trusted"\n'
    )
    config, problems = load_toml_config(Path("config.toml"), text, {})
    assert [str(p) for p in problems] == [
        "config.toml, line 7: servers.demo.preferences: auto_approve_low must be true or false, not 3; "
        "the global one holds"
    ]
    demo, other = config.servers
    assert demo.preferences == {"auto_approve_safe": True}
    assert decide_with(server=demo, resolved=READ).rule == RuleId.AUTO_SAFE
    assert decide_with(server=replace(other, name="demo"), resolved=READ).action == "ask"
