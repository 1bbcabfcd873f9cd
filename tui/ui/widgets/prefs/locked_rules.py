"""The rules with conditions and the tiers above yours, each with its file and line: the team's (managed)
and the project's, locked (a tier above yours, which only tightens), and your rules with conditions (read
here; the rule editor below loads, changes and removes them). Your rules a tier above overrides say why."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.content import Content
from textual.widgets import Label

from tui.session.rule_overview import RuleRow
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection

TIER_WORDS = {"managed": "managed", "project": "project", "user": "yours"}


def row_text(row: RuleRow) -> str:
    lock = "🔒 " if row.locked else ""
    where = f"  ({row.location})" if row.location else ""
    return f"{lock}{TIER_WORDS[row.rule.tier]}: {row.words}{where}"


class LockedRules(PrefsSection):
    DEFAULT_CSS = """
    LockedRules Label.locked-rule { width: 100%; }
    LockedRules Label.rule-overridden { width: 100%; color: $text-warning; padding-left: 4; }
    """

    def compose(self) -> ComposeResult:
        heading = "Rules with conditions, and the team's and the project's"
        yield Label(Content(heading), classes="prefs-heading")
        rows = [row for row in self.settings.rule_rows() if row.locked or row.rule.when]
        if not rows:
            yield Label(Content("None."), classes="prefs-note")
        for index, row in enumerate(rows):
            classes = "locked-rule -locked" if row.locked else "locked-rule"
            yield Label(literal(row_text(row)), id=f"locked-rule-{index}", classes=classes)
            if row.overridden:
                yield Label(literal(f"↑ {row.overridden}"), classes="rule-overridden")
        if any(row.locked for row in rows):
            yield Label(
                Content("🔒 A tier above yours: it only tightens, and is changed in its own file."),
                classes="prefs-note",
            )
