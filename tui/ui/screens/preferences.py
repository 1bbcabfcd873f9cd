"""Preferences: category toggles, timeouts, the live preflight's pause, server trust, per-tool rules, your
annotation overrides, and remembered approvals. Every change is saved at once (see
``tui.ui.widgets.prefs.context``); the status line says where it went, or why it was not saved.

The app opens it with ``PreferencesScreen(session.settings)``; the session announces each saved change to
every front end, so the main screen redraws its badges without being told by this screen.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Static

from tui.session.settings import SettingsService
from tui.ui.safe_text import literal
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.prefs.approvals import RememberedApprovals
from tui.ui.widgets.prefs.categories import CategoryToggles
from tui.ui.widgets.prefs.context import SectionStatus
from tui.ui.widgets.prefs.locked_rules import LockedRules
from tui.ui.widgets.prefs.overrides import AnnotationOverrides
from tui.ui.widgets.prefs.preflight_pause import PreflightPause
from tui.ui.widgets.prefs.rule_editor import RuleEditor, Tester
from tui.ui.widgets.prefs.rules import ToolRules
from tui.ui.widgets.prefs.timeouts import TimeoutFields
from tui.ui.widgets.prefs.trust import ServerTrust

__all__ = ["PreferencesScreen"]


class PreferencesScreen(Screen[None]):
    TITLE = "Preferences"
    BINDINGS = [Binding("escape", "close", "Back", id="preferences.close")]

    DEFAULT_CSS = """
    PreferencesScreen #prefs-source { padding: 0 1; color: $text-muted; }
    PreferencesScreen #prefs-source.-error { color: $text-error; }
    PreferencesScreen #prefs-status { padding: 0 1; height: auto; min-height: 1; }
    PreferencesScreen #prefs-status.-error { color: $text-error; }
    PreferencesScreen #prefs-body { height: 1fr; }
    """

    def __init__(
        self,
        settings: SettingsService,
        tester: Tester | None = None,
        open_tool: tuple[str, str] | None = None,
    ) -> None:
        """``tester``: tries a rule being written on the open tool's arguments (the rules editor);
        ``open_tool``: (server, tool) open in the Call tab, which a new rule starts from."""
        super().__init__()
        self.settings = settings
        self.tester = tester
        self.open_tool = open_tool

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="prefs-source")
        yield Static("", id="prefs-status")
        with VerticalScroll(id="prefs-body"):
            yield CategoryToggles(self.settings, id="prefs-categories")
            yield TimeoutFields(self.settings, id="prefs-timeouts")
            yield PreflightPause(self.settings, id="prefs-preflight")
            yield ServerTrust(self.settings, id="prefs-trust")
            yield ToolRules(self.settings, id="prefs-rules")
            yield LockedRules(self.settings, id="prefs-locked-rules")
            yield RuleEditor(self.settings, self.tester, self.open_tool, id="prefs-rule-editor")
            yield AnnotationOverrides(self.settings, id="prefs-overrides")
            yield RememberedApprovals(self.settings, id="prefs-approvals")
        yield KeyFooter()

    def on_mount(self) -> None:
        source = self.query_one("#prefs-source", Static)
        problems = self.settings.problems()
        if problems:
            source.update(literal("\n".join(problems)))
            source.add_class("-error")
        else:
            source.update(literal(f"Changes are saved at once to {self.settings.config_file}"))
        self.query_one(CategoryToggles).query("Switch").first().focus()

    @on(SectionStatus)
    def _status(self, message: SectionStatus) -> None:
        message.stop()
        status = self.query_one("#prefs-status", Static)
        status.update(literal(message.text) if message.text else Content(""))
        status.set_class(message.error, "-error")

    def action_close(self) -> None:
        # A value typed but not yet entered is saved as leaving its field would; one that cannot be is
        # said after the screen closes (the setting keeps its value).
        problem = self.query_one(TimeoutFields).save_pending()
        if problem is not None:
            self.app.notify(problem, title="Timeout not saved", severity="warning", markup=False)
        problem = self.query_one(PreflightPause).save_pending()
        if problem is not None:
            self.app.notify(problem, title="Preflight pause not saved", severity="warning", markup=False)
        self.dismiss(None)
