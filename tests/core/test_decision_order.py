"""The one decision order: every step beats the next, and the README's table is the engine's ``ORDER``."""

from __future__ import annotations

import re
from pathlib import Path

from tests.core.policy_support import FILES, READ, TRUSTED, decide_with, tier_file, user_rules
from tui.config.model import Preferences
from tui.safety.approvals import ApprovalBook
from tui.safety.decision import explain
from tui.safety.decision_steps import ORDER
from tui.safety.effective import effective_hints
from tui.safety.grade import Grade

README = Path(__file__).resolve().parents[2] / "README.md"


def _readme_table() -> list[tuple[int, str, str]]:
    text = README.read_text(encoding="utf-8")
    table = text.split("| step | when | decision |\n|---|---|---|\n", 1)[1].split("\n\n", 1)[0]
    rows = [re.fullmatch(r"\| (\d+) \| (.+) \| (.+) \|", line) for line in table.splitlines()]
    assert all(rows), table
    return [(int(m.group(1)), m.group(2), m.group(3)) for m in rows if m]


def test_the_readme_table_is_the_engines_order() -> None:
    assert _readme_table() == [(n, step.summary, step.outcome) for n, step in enumerate(ORDER)]


MANAGED = tier_file(
    """
    [[rules]]
    server = "demo"
    tool = "manage_files"
    action = "never"
    when.stage = { max = 1 }

    [[rules]]
    server = "demo"
    tool = "manage_files"
    action = "ask"
    when.stage = { max = 4 }
    """
)
USER, _ = user_rules(
    """
    [[rules]]
    server = "demo"
    tool = "manage_files"
    action = "never"
    when.stage = { max = 2 }

    [[rules]]
    server = "demo"
    tool = "manage_files"
    action = "ask"
    when.stage = { max = 5 }

    [[rules]]
    server = "demo"
    tool = "manage_files"
    action = "always"
    ceiling = "safe"
    when.stage = { max = 7 }
    """
)


def test_each_step_decides_before_every_later_one() -> None:
    """With every step able to match, taking away what made one match hands the call to the next."""
    from dataclasses import replace

    older = replace(FILES, description="the definition an old approval was for")
    stale = ApprovalBook()
    stale.grant(TRUSTED.identity, "demo", older, Grade.CRITICAL, "always")
    current = ApprovalBook()
    current.grant(TRUSTED.identity, "demo", FILES, Grade.CRITICAL, "always")
    prefs = Preferences(auto_approve_safe=True)
    decided = []
    for stage in range(9):
        decision = decide_with(
            rules=USER,
            tiers=(MANAGED,),
            server=TRUSTED,
            prefs=prefs,
            resolved=READ,
            args={"stage": stage},
            book=stale if stage <= 3 else (current if stage <= 6 else ApprovalBook()),
            arguments_rejected="the server refused these arguments" if stage == 0 else None,
        )
        decided.append((decision.step, decision.action))
    # And with the category preference gone too, nothing is left but to ask.
    last = decide_with(rules=USER, tiers=(MANAGED,), server=TRUSTED, resolved=READ, args={"stage": 9})
    decided.append((last.step, last.action))
    assert decided == [
        (0, "deny"),
        (1, "deny"),
        (2, "deny"),
        (3, "ask"),
        (4, "ask"),
        (5, "ask"),
        (6, "allow"),
        (7, "allow"),
        (8, "allow"),
        (9, "ask"),
    ]


def test_explain_shows_every_step_and_marks_only_the_deciding_one() -> None:
    decision, steps = explain(
        server=TRUSTED,
        definition=FILES,
        hints=effective_hints(FILES.annotations, READ),
        arguments={"stage": 5},
        book=ApprovalBook(),
        preferences=Preferences(auto_approve_safe=True),
        rules=USER,
    )
    assert decision.step == 5
    assert [step.matched for step in steps] == [n == 5 for n in range(10)]
    assert (
        steps[8].note == "Allowed: demo is trusted and you auto-approve safe calls (read-only, closed world)"
    )
    assert steps[2].note == "no project or user never rule matches"
