"""Remembered approvals (always, and this session's), each with a way to revoke it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Label

from tui.safety.approvals import Approval
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection


def approval_text(approval: Approval) -> str:
    since = approval.created_at.astimezone().strftime("%Y-%m-%d %H:%M")
    scope = "always" if approval.scope == "always" else "this session only"
    return f"{approval.server} / {approval.tool}: up to {approval.ceiling.label}, {scope}, since {since}"


class RememberedApprovals(PrefsSection):
    DEFAULT_CSS = """
    RememberedApprovals Label.approval-text { padding: 0 1; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Remembered approvals"), classes="prefs-heading")
        self.shown = sorted(self.settings.approvals(), key=lambda a: (a.server, a.tool, a.scope))
        if not self.shown:
            yield Label(
                Content("None: every call is decided by your rules and preferences."), classes="prefs-note"
            )
        for index, approval in enumerate(self.shown):
            with Horizontal(classes="approval-row"):
                yield Label(literal(approval_text(approval)), classes="approval-text")
                yield Button(Content("Revoke"), id=f"approval-revoke-{index}", compact=True)

    @on(Button.Pressed)
    def _revoke(self, event: Button.Pressed) -> None:
        event.stop()
        approval = self.shown[int((event.button.id or "").rsplit("-", 1)[-1])]
        if self.report(self.settings.revoke(approval)):
            self.refresh(recompose=True)
