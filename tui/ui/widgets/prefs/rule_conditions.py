"""The rule editor's conditions: one row per condition (what it is about, its test, the value), all of
which must hold, as the engine reads ``when``. Rows are added and removed here; the values typed stay."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Select

from tui.session.rule_drafts import ConditionDraft

TESTS = [
    ("glob", "glob"),
    ("equals", "equals"),
    ("one of (JSON list)", "one_of"),
    ("starts with", "prefix"),
    ("regex", "regex"),
    ("at least", "min"),
    ("at most", "max"),
    ("present (true/false)", "present"),
    ("readOnlyHint is", "readOnlyHint"),
    ("destructiveHint is", "destructiveHint"),
    ("idempotentHint is", "idempotentHint"),
    ("openWorldHint is", "openWorldHint"),
    ("provenance is", "is"),
]
TEST_VALUES = {value for _, value in TESTS}
EMPTY = ConditionDraft("", "glob", "")


class RuleConditions(Vertical):
    """Rows numbered from 1: ``#rule-draft-key-1``, ``#rule-draft-test-1``, ``#rule-draft-value-1``,
    ``#rule-draft-drop-1`` (removes its row); ``add_row`` adds one."""

    DEFAULT_CSS = """
    RuleConditions { height: auto; }
    RuleConditions Horizontal { height: auto; }
    RuleConditions Input { width: 1fr; }
    RuleConditions Select { width: 26; }
    RuleConditions Horizontal Button { margin-top: 1; width: 3; min-width: 3; }
    """

    def __init__(self, conditions: Sequence[ConditionDraft] = (), *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[ConditionDraft] = list(conditions) or [EMPTY]

    def compose(self) -> ComposeResult:
        for number, condition in enumerate(self.rows, start=1):
            test = condition.test if condition.test in TEST_VALUES else "glob"
            with Horizontal():
                yield Input(condition.key, placeholder="argument", id=f"rule-draft-key-{number}")
                yield Select(TESTS, value=test, allow_blank=False, id=f"rule-draft-test-{number}")
                yield Input(condition.value, placeholder="value", id=f"rule-draft-value-{number}")
                drop = f"rule-draft-drop-{number}"
                yield Button("✕", id=drop, compact=True, tooltip="Remove this condition")

    def typed(self) -> list[ConditionDraft]:
        """Every row as typed, empty ones too (so adding or removing a row keeps the others)."""
        rows = []
        for number in range(1, len(self.rows) + 1):
            test = self.query_one(f"#rule-draft-test-{number}", Select).value
            rows.append(
                ConditionDraft(
                    self.query_one(f"#rule-draft-key-{number}", Input).value.strip(),
                    "glob" if test is Select.NULL else str(test),
                    self.query_one(f"#rule-draft-value-{number}", Input).value.strip(),
                )
            )
        return rows

    def conditions(self) -> tuple[ConditionDraft, ...]:
        """The rows that name what they are about."""
        return tuple(row for row in self.typed() if row.key)

    async def show(self, conditions: Sequence[ConditionDraft]) -> None:
        self.rows = list(conditions) or [EMPTY]
        await self.recompose()

    async def add_row(self) -> None:
        await self.show([*self.typed(), EMPTY])

    @on(Button.Pressed, "RuleConditions Horizontal Button")
    async def _drop(self, event: Button.Pressed) -> None:
        event.stop()
        number = int((event.button.id or "0").rsplit("-", 1)[1])
        rows = self.typed()
        del rows[number - 1]
        await self.show(rows)
