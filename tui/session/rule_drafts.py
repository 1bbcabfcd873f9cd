"""A rule being written in the rules editor (``RuleDraft``): checked by the same readers as the files it
goes to, tried on the open tool's arguments, then added to the tier file chosen (config.toml, or the
project's ``.mcp-tui/policy.toml``).

A draft's values are what the person typed. ``when_of`` turns them into the ``when`` table of
docs/configuration.md (a number for ``min``, true or false for ``present``, JSON for ``equals`` and
``one_of`` when it reads as JSON, else the text); the tier's own reader then says whether the rule is
valid, so a bad regex or pointer gets the message a hand-written file would get, and nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tui.config.loader import load_toml_config
from tui.config.model import ToolRule
from tui.config.policy_files import parse_policy_text
from tui.config.rule_append import rule_table
from tui.model.hints import Hints
from tui.safety.conditions import evaluate
from tui.safety.grade import Grade

DraftTier = Literal["user", "project"]
HINT_NAMES = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
ASSESSMENT_TESTS: Mapping[str, tuple[str, ...]] = {
    "grade": ("min", "max"),
    "resolved": HINT_NAMES,
    "provenance": ("is",),
}
"""The tests of the assessment's keys: a grade's bounds, a hint's value, where the hints came from."""


@dataclass(frozen=True)
class ConditionDraft:
    key: str
    """An argument's name, a JSON pointer (``/options/force``), or ``grade``, ``resolved``, ``provenance``."""
    test: str
    """For an argument: equals, one_of, prefix, glob, regex, min, max, present; see ``ASSESSMENT_TESTS``."""
    value: str
    """As typed."""


@dataclass(frozen=True)
class RuleDraft:
    tier: DraftTier
    server: str
    tool: str
    action: str
    ceiling: str = "critical"
    conditions: tuple[ConditionDraft, ...] = ()

    def table(self) -> str:
        ceiling = self.ceiling if self.action == "always" else None
        return rule_table(self.server, self.tool, self.action, ceiling, when_of(self.conditions))


@dataclass(frozen=True)
class CheckedDraft:
    rule: ToolRule | None
    """The rule as the tier's reader reads it; None when it is not valid."""
    problems: tuple[str, ...] = ()


def when_of(conditions: Sequence[ConditionDraft]) -> dict[str, Any]:
    when: dict[str, Any] = {}
    for condition in conditions:
        key, test, text = condition.key.strip(), condition.test, condition.value.strip()
        if key == "provenance":
            when[key] = [name.strip() for name in text.split(",") if name.strip()]
        elif key == "resolved":
            when.setdefault(key, {})[test] = _typed("present", text)
        else:
            when.setdefault(key, {})[test] = _typed(test, text)
    return when


def _typed(test: str, text: str) -> Any:
    """The value a test takes, from what was typed; left as text when it does not read as one (the
    reader then says what it must be)."""
    if test in ("min", "max"):
        try:
            number = float(text)
        except ValueError:
            return text
        return int(number) if number.is_integer() and "." not in text else number
    if test == "present":
        return {"true": True, "false": False}.get(text.lower(), text)
    if test in ("equals", "one_of"):
        try:
            return json.loads(text)
        except ValueError:
            return [text] if test == "one_of" else text
    return text


def check_draft(draft: RuleDraft, file: Path) -> CheckedDraft:
    """Read the draft's table as ``file`` (its tier's file) would read it: the rule, or every problem."""
    if not draft.server or not draft.tool:
        return CheckedDraft(None, ("choose a server and type the tool's name (or a glob such as *)",))
    text = draft.table()
    if draft.tier == "user":
        config, found = load_toml_config(file, text, {})
        rules, problems = config.rules, [problem.message for problem in found]
    else:
        policy = parse_policy_text(file, text, "project")
        rules, problems = list(policy.rules), [problem.message for problem in policy.problems]
    if problems or len(rules) != 1:
        return CheckedDraft(None, tuple(problems) or ("the rule could not be read",))
    return CheckedDraft(rules[0])


@dataclass(frozen=True)
class ConditionResult:
    words: str
    """The condition as ``policy explain`` says it (``path glob "notes/*"``)."""
    holds: bool | None
    """None: it cannot be evaluated on these arguments (a ``never`` rule then counts it as holding)."""


def condition_results(
    rule: ToolRule, arguments: Mapping[str, Any], grade: Grade, hints: Hints
) -> tuple[ConditionResult, ...]:
    return tuple(
        ConditionResult(
            condition.describe(),
            evaluate(condition, arguments=arguments, grade=grade, hints=hints, conditions=rule.when),
        )
        for condition in rule.when
    )
