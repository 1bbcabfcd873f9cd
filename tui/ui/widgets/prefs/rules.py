"""Per-tool rules: always (up to a ceiling), ask, or never; add, change and remove, saved to config.toml."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Select

from tui.session.settings_types import GRADES, RULE_ACTIONS, ToolRule
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection

ACTION_WORDS = {"always": "always run (up to the ceiling)", "ask": "always ask", "never": "never run"}


def action_select(value: str, id: str) -> Select[str]:
    options = [(ACTION_WORDS[a], a) for a in RULE_ACTIONS]
    return Select(options, value=value, allow_blank=False, id=id, classes="rule-action")


def ceiling_select(value: str, id: str, *, enabled: bool) -> Select[str]:
    options = [(f"up to {g}", g) for g in GRADES]
    select = Select(options, value=value, allow_blank=False, id=id, classes="rule-ceiling")
    use_ceiling(select, enabled)
    return select


def use_ceiling(select: Select[str], enabled: bool) -> None:
    """Only "always run" has a ceiling: for ask and never it is hidden (its place kept, so the rows stay
    aligned). Shown greyed out, "never run ... up to critical" read as a contradiction."""
    select.disabled = not enabled
    select.set_class(not enabled, "-unused")


class ToolRules(PrefsSection):
    NARROW_BELOW = 24 + 30 + 38 + 22 + 8
    """Server, a tool name of 30 characters, action, ceiling and Add on one line (wider than 120)."""

    DEFAULT_CSS = """
    ToolRules Label.rule-name { padding: 1 1 0 1; width: 1fr; }
    ToolRules.-narrow Label.rule-name { padding: 0 1; }
    ToolRules Select.rule-action { width: 38; }
    ToolRules Select.rule-ceiling { width: 22; }
    ToolRules Select.rule-ceiling.-unused { visibility: hidden; }
    ToolRules #rule-new-server { width: 24; }
    ToolRules #rule-new-tool { width: 1fr; }
    ToolRules Label.rule-overridden { width: 100%; color: $text-warning; padding-left: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Per-tool rules"), classes="prefs-heading")
        # Yours without conditions: the rest (conditions, the team's, the project's) are in LockedRules.
        rows = [row for row in self.settings.rule_rows() if not row.locked and not row.rule.when]
        self._rules = [row.rule for row in rows]
        if not rows:
            yield Label(Content("No rules yet."), classes="prefs-note")
        for index, row in enumerate(rows):
            rule = row.rule
            with Horizontal(classes="rule-row prefs-row"):
                yield Label(literal(f"{rule.server} / {rule.tool}"), classes="rule-name prefs-lead")
                with Horizontal(classes="prefs-controls"):
                    yield action_select(rule.action, f"rule-action-{index}")
                    enabled = rule.action == "always"
                    yield ceiling_select(rule.ceiling, f"rule-ceiling-{index}", enabled=enabled)
                    yield Button(Content("Remove"), id=f"rule-remove-{index}", compact=True)
            if row.overridden:
                why = literal(f"↑ {row.overridden}")
                yield Label(why, id=f"rule-overridden-{index}", classes="rule-overridden")
        yield Label(Content("Add a rule:"), classes="prefs-note")
        with Horizontal(classes="prefs-row", id="rule-new"):
            with Horizontal(classes="prefs-lead"):
                names = self.settings.server_names()
                yield Select(
                    [(literal(name), name) for name in names],
                    prompt="server",
                    id="rule-new-server",
                    value=names[0] if names else Select.NULL,
                )
                yield Input(placeholder="tool name", id="rule-new-tool")
            with Horizontal(classes="prefs-controls"):
                yield action_select("ask", "rule-new-action")
                yield ceiling_select("safe", "rule-new-ceiling", enabled=False)
                yield Button(Content("Add"), id="rule-add", compact=True)

    def _index(self, widget_id: str | None) -> int:
        return int((widget_id or "").rsplit("-", 1)[-1])

    @on(Select.Changed, ".rule-action, .rule-ceiling")
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        widget_id = event.select.id or ""
        if widget_id.startswith("rule-new-"):
            action = self.query_one("#rule-new-action", Select).value
            use_ceiling(self.query_one("#rule-new-ceiling", Select), action == "always")
            return
        index = self._index(widget_id)
        action = self.query_one(f"#rule-action-{index}", Select).value
        ceiling = self.query_one(f"#rule-ceiling-{index}", Select).value
        old = self._rules[index]
        rule = ToolRule(old.server, old.tool, action, str(ceiling))  # type: ignore[arg-type]
        if rule == old:
            return
        if self.report(self.settings.set_rule(rule)):
            use_ceiling(self.query_one(f"#rule-ceiling-{index}", Select), action == "always")
        else:
            self.refresh(recompose=True)  # show the rule as it still is

    @on(Button.Pressed, "#rule-add")
    def _add(self, event: Button.Pressed) -> None:
        event.stop()
        server = self.query_one("#rule-new-server", Select).value
        tool = self.query_one("#rule-new-tool", Input).value.strip()
        if server is Select.NULL or not tool:
            self.say("Not added: choose a server and type the tool's name.", error=True)
            return
        action = self.query_one("#rule-new-action", Select).value
        ceiling = self.query_one("#rule-new-ceiling", Select).value
        rule = ToolRule(str(server), tool, action, str(ceiling) if action == "always" else "critical")  # type: ignore[arg-type]
        if self.report(self.settings.set_rule(rule)):
            self.refresh(recompose=True)

    @on(Button.Pressed, ".rule-row Button")
    def _remove(self, event: Button.Pressed) -> None:
        event.stop()
        rule = self._rules[self._index(event.button.id)]
        if self.report(self.settings.remove_rule(rule.server, rule.tool)):
            self.refresh(recompose=True)
