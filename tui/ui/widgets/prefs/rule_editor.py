"""Write a rule with a condition (``when``), choose the file it goes to (your config.toml or the project's
``.mcp-tui/policy.toml``), try it on the open tool's arguments, and add it.

The session does the work: it reads the draft as the file would (a bad regex or pointer gets the file's
own message, and nothing is written), tries it on the call panel's current arguments (``try_rule``: each
condition, and the rule that would decide), and appends it to the file, whose comments stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Input, Label, Select, Static

from tui.safety.decision_words import decision_line
from tui.session.rule_drafts import ConditionDraft, RuleDraft
from tui.session.rule_trial import RuleTrial
from tui.session.settings import SettingsService
from tui.session.settings_types import GRADES, RULE_ACTIONS
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection
from tui.ui.widgets.prefs.rules import ACTION_WORDS

Tester = Callable[[RuleDraft], RuleTrial]

TIERS = [("your config.toml", "user"), ("the project's .mcp-tui/policy.toml", "project")]
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
MARKS = {True: "✓ holds", False: "✗ does not hold", None: "? cannot be evaluated"}


class RuleEditor(PrefsSection):
    NARROW_BELOW = 100

    DEFAULT_CSS = """
    RuleEditor Select { width: 1fr; }
    RuleEditor Input { width: 1fr; }
    RuleEditor #rule-draft-test { width: 26; }
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

    def compose(self) -> ComposeResult:
        yield Label(Content("Write a rule with a condition"), classes="prefs-heading")
        server, tool = self.open_tool or ("", "")
        names = self.settings.server_names()
        with Horizontal():
            yield Select(TIERS, value="user", allow_blank=False, id="rule-draft-tier")
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
        with Horizontal():
            yield Input(placeholder="argument", id="rule-draft-key")
            yield Select(TESTS, value="glob", allow_blank=False, id="rule-draft-test")
            yield Input(placeholder="value", id="rule-draft-value")
        with Horizontal():
            yield Button(Content("Test with the open tool's arguments"), id="rule-draft-try", compact=True)
            yield Button(Content("Add the rule"), id="rule-draft-add", compact=True)
        yield Static("", id="rule-draft-result", markup=False)

    def draft(self) -> RuleDraft:
        def value(selector: str) -> str:
            widget = self.query_one(selector)
            if isinstance(widget, Select):
                return "" if widget.value is Select.NULL else str(widget.value)
            assert isinstance(widget, Input)
            return widget.value.strip()

        key = value("#rule-draft-key")
        test, typed = value("#rule-draft-test"), value("#rule-draft-value")
        conditions = (ConditionDraft(key, test, typed),) if key else ()
        return RuleDraft(
            tier=value("#rule-draft-tier"),  # type: ignore[arg-type]
            server=value("#rule-draft-server"),
            tool=value("#rule-draft-tool"),
            action=value("#rule-draft-action"),
            ceiling=value("#rule-draft-ceiling"),
            conditions=conditions,
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
        self._show_trial(self.tester(self.draft()))

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

    @on(Button.Pressed, "#rule-draft-add")
    def _add(self, event: Button.Pressed) -> None:
        event.stop()
        saved = self.settings.add_rule(self.draft())
        self.report(saved)
        self._show([saved.message], error=not saved.ok)
        if saved.ok:  # the lists of rules show it
            for section in self.screen.query("ToolRules, LockedRules").results(PrefsSection):
                section.refresh(recompose=True)
