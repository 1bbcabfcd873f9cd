"""Your rules with conditions in the file the rule editor writes to, each with its file:line: choosing
one loads it into the editor (to save it in place, or remove it)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Label

from tui.session.rule_drafts import DraftTier
from tui.session.rule_editing import EditableRule
from tui.session.settings import SettingsService
from tui.ui.safe_text import literal


class RuleChoices(Vertical):
    """``#rule-edit-1``, ``#rule-edit-2``…: one button per rule, in the file's order."""

    DEFAULT_CSS = """
    RuleChoices { height: auto; }
    RuleChoices Button { width: 100%; text-align: left; content-align: left middle; }
    RuleChoices Button.-loaded { text-style: bold reverse; }
    """

    class Chosen(Message):
        def __init__(self, rule: EditableRule) -> None:
            super().__init__()
            self.rule = rule

    def __init__(self, settings: SettingsService, tier: DraftTier, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.settings = settings
        self.tier: DraftTier = tier
        self.rules: list[EditableRule] = []
        self.loaded_line: int | None = None

    def compose(self) -> ComposeResult:
        self.rules = self.settings.editable_rules(self.tier)
        if not self.rules:
            return  # nothing to choose: no line taken (the editor is tall enough at 80x24)
        yield Label(Content("Choose one of its rules to edit it:"), classes="prefs-note")
        for number, rule in enumerate(self.rules, start=1):
            button = Button(literal(f"{rule.location}  {rule.words}"), id=f"rule-edit-{number}", compact=True)
            button.set_class(rule.line == self.loaded_line, "-loaded")
            yield button

    async def show(self, tier: DraftTier, loaded_line: int | None = None) -> None:
        """Read the file again (after a save, or another tier chosen) and list its rules."""
        self.tier, self.loaded_line = tier, loaded_line
        await self.recompose()

    def at_line(self, line: int) -> EditableRule | None:
        return next((rule for rule in self.rules if rule.line == line), None)

    @on(Button.Pressed)
    def _chosen(self, event: Button.Pressed) -> None:
        event.stop()
        number = int((event.button.id or "0").rsplit("-", 1)[1])
        self.post_message(self.Chosen(self.rules[number - 1]))
