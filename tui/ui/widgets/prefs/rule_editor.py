"""Write a rule with conditions (``when``, all must hold), choose the file it goes to (your config.toml or
the project's ``.mcp-tui/policy.toml``), try it on the open tool's arguments, and add it; or choose one of
that file's rules with conditions, change it and save it in place, or remove it.

The session does the work: it reads the draft as the file would (a bad regex or pointer gets the file's
own message, and nothing is written), tries it on the call panel's current arguments (``try_rule``: each
condition, and the rule that would decide), and appends it to the file, or replaces the loaded rule where
it is, whose comments stay as they are (and refuses when the file changed since the rule was loaded).
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Select, Static

from tui.safety.decision_words import decision_line
from tui.session.rule_drafts import RuleDraft
from tui.session.rule_editing import EditableRule
from tui.session.rule_trial import RuleTrial
from tui.session.saved import Saved
from tui.session.settings import SettingsService
from tui.session.settings_types import GRADES, RULE_ACTIONS
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection
from tui.ui.widgets.prefs.rule_choices import RuleChoices
from tui.ui.widgets.prefs.rule_conditions import RuleConditions
from tui.ui.widgets.prefs.rules import ACTION_WORDS

Tester = Callable[[RuleDraft, int | None], RuleTrial]
"""Tries a draft on the open tool's arguments; the line of the loaded rule it would replace, if any."""

TIERS = [("your config.toml", "user"), ("the project's .mcp-tui/policy.toml", "project")]
MARKS = {True: "✓ holds", False: "✗ does not hold", None: "? cannot be evaluated"}


class RuleEditor(PrefsSection):
    NARROW_BELOW = 100

    DEFAULT_CSS = """
    RuleEditor Select { width: 1fr; }
    RuleEditor Input { width: 1fr; }
    RuleEditor #rule-draft-loaded { display: none; }
    RuleEditor #rule-draft-result { height: auto; padding: 0 1; }
    RuleEditor #rule-draft-result.-error { color: $text-error; }
    """

    def __init__(
        self,
        settings: SettingsService,
        tester: Tester | None = None,
        open_tool: tuple[str, str] | None = None,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(settings, id=id)
        self.tester = tester
        self.open_tool = open_tool
        """(server, tool) of the tool open in the Call tab: what the new rule starts from."""
        self.loaded: EditableRule | None = None
        """The rule chosen from the file: what "Save in place" replaces and "Remove it" removes."""

    def compose(self) -> ComposeResult:
        yield Label(Content("Write a rule with conditions, or edit one"), classes="prefs-heading")
        server, tool = self.open_tool or ("", "")
        names = self.settings.server_names()
        with Horizontal():
            yield Select(TIERS, value="user", allow_blank=False, id="rule-draft-tier")
        yield RuleChoices(self.settings, "user", id="rule-draft-choices")
        with Horizontal():
            yield Select(
                [(literal(name), name) for name in names],
                prompt="server",
                id="rule-draft-server",
                value=server if server in names else (names[0] if names else Select.NULL),
            )
            yield Input(tool, placeholder="tool name or glob", id="rule-draft-tool")
        with Horizontal():
            actions = [(ACTION_WORDS[a], a) for a in RULE_ACTIONS]
            yield Select(actions, value="ask", allow_blank=False, id="rule-draft-action")
            ceilings = [(f"up to {g}", g) for g in GRADES]
            yield Select(ceilings, value="safe", allow_blank=False, id="rule-draft-ceiling")
        yield Label(
            Content("when (an argument's name or /json/pointer, or grade, resolved, provenance):"),
            classes="prefs-note",
        )
        yield RuleConditions(id="rule-draft-conditions")
        with Horizontal():
            yield Button(Content("Test with the open tool's arguments"), id="rule-draft-try", compact=True)
            yield Button(Content("Add as a new rule"), id="rule-draft-add", compact=True)
            yield Button(Content("+ condition"), id="rule-draft-more", compact=True)
        with Horizontal(id="rule-draft-loaded"):
            yield Button(Content("Save in place"), id="rule-draft-save", compact=True, disabled=True)
            yield Button(Content("Remove it"), id="rule-draft-remove", compact=True, disabled=True)
        yield Static("", id="rule-draft-result", markup=False)

    def draft(self) -> RuleDraft:
        def value(selector: str) -> str:
            widget = self.query_one(selector)
            if isinstance(widget, Select):
                return "" if widget.value is Select.NULL else str(widget.value)
            assert isinstance(widget, Input)
            return widget.value.strip()

        return RuleDraft(
            tier=value("#rule-draft-tier"),  # type: ignore[arg-type]
            server=value("#rule-draft-server"),
            tool=value("#rule-draft-tool"),
            action=value("#rule-draft-action"),
            ceiling=value("#rule-draft-ceiling"),
            conditions=self.query_one(RuleConditions).conditions(),
        )

    def _show(self, lines: list[str], *, error: bool) -> None:
        result = self.query_one("#rule-draft-result", Static)
        result.update(literal("\n".join(lines)))
        result.set_class(error, "-error")

    @on(Button.Pressed, "#rule-draft-try")
    def _try(self, event: Button.Pressed) -> None:
        event.stop()
        if self.tester is None:
            self._show(["Nothing to test on: no tool is open in the Call tab."], error=True)
            return
        loaded = self.loaded
        at_line = loaded.line if loaded is not None and loaded.draft.tier == self.draft().tier else None
        self._show_trial(self.tester(self.draft(), at_line))

    def _show_trial(self, trial: RuleTrial) -> None:
        if trial.problems:
            self._show([f"Cannot test it: {problem}" for problem in trial.problems], error=True)
            return
        lines = [f"{MARKS[c.holds]}: {c.words}" for c in trial.conditions]
        if not trial.about_tool:
            lines.append("The rule is about another server or tool than the open one: it does not apply.")
        else:
            applies = "The rule applies to these arguments."
            lines.append(applies if trial.holds else "The rule does not apply to these arguments.")
        if trial.decision is not None:
            lines.append(f"Would decide: {decision_line(trial.decision)}")
        self._show(lines, error=False)

    @on(Button.Pressed, "#rule-draft-more")
    async def _more(self, event: Button.Pressed) -> None:
        event.stop()
        await self.query_one(RuleConditions).add_row()

    @on(Button.Pressed, "#rule-draft-add")
    async def _add(self, event: Button.Pressed) -> None:
        event.stop()
        await self._saved(self.settings.add_rule(self.draft()), keep_loaded=False)

    @on(Button.Pressed, "#rule-draft-save")
    async def _save(self, event: Button.Pressed) -> None:
        event.stop()
        if self.loaded is not None:
            await self._saved(self.settings.save_rule_at(self.loaded, self.draft()), keep_loaded=True)

    @on(Button.Pressed, "#rule-draft-remove")
    async def _remove(self, event: Button.Pressed) -> None:
        event.stop()
        if self.loaded is not None:
            await self._saved(self.settings.remove_rule_at(self.loaded), keep_loaded=False)

    async def _saved(self, saved: Saved, *, keep_loaded: bool) -> None:
        self.report(saved)
        self._show([saved.message], error=not saved.ok)
        if not saved.ok:
            return
        # The file was read again: the loaded rule (saved in place) is the file's text now.
        line = self.loaded.line if keep_loaded and self.loaded is not None else None
        choices = self.query_one(RuleChoices)
        await choices.show(choices.tier, line)
        self._load(choices.at_line(line) if line is not None else None)
        for section in self.screen.query("ToolRules, LockedRules").results(PrefsSection):
            section.refresh(recompose=True)  # the lists of rules show the change

    def _load(self, rule: EditableRule | None) -> None:
        self.loaded = rule
        self.query_one("#rule-draft-save", Button).disabled = rule is None
        self.query_one("#rule-draft-remove", Button).disabled = rule is None
        self.query_one("#rule-draft-loaded").display = rule is not None  # a line less when unused

    @on(RuleChoices.Chosen)
    async def _chosen(self, event: RuleChoices.Chosen) -> None:
        event.stop()
        draft = event.rule.draft
        server = self.query_one("#rule-draft-server", Select)
        names = self.settings.server_names()
        if draft.server not in names:  # a server no longer configured: still the rule's own
            server.set_options([(literal(name), name) for name in [*names, draft.server]])
        server.value = draft.server
        self.query_one("#rule-draft-tool", Input).value = draft.tool
        self.query_one("#rule-draft-action", Select).value = draft.action
        if draft.ceiling in GRADES:
            self.query_one("#rule-draft-ceiling", Select).value = draft.ceiling
        await self.query_one(RuleConditions).show(draft.conditions)
        self._load(event.rule)
        await self.query_one(RuleChoices).show(draft.tier, event.rule.line)
        loaded = f"Loaded the rule at {event.rule.location}: save it in place, or remove it."
        self._show([loaded], error=False)

    @on(Select.Changed, "#rule-draft-tier")
    async def _tier_changed(self, event: Select.Changed) -> None:
        event.stop()
        choices = self.query_one(RuleChoices)
        if event.value != choices.tier and event.value in ("user", "project"):
            self._load(None)
            await choices.show(event.value)
