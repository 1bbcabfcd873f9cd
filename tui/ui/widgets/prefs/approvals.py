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


def revoked_text(approval: Approval) -> str:
    """What revoking ``approval`` changes, in plain words."""
    how = "always allowed" if approval.scope == "always" else "allowed for this session"
    return (
        f"{approval.tool} on {approval.server} is no longer {how} up to {approval.ceiling.label}: "
        "your rules and preferences decide its next call."
    )


class RememberedApprovals(PrefsSection):
    DEFAULT_CSS = """
    RememberedApprovals Label.approval-text { padding: 0 1; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Remembered approvals"), classes="prefs-heading")
        self.shown = sorted(self.context.book.all(), key=lambda a: (a.server, a.tool, a.scope))
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
        book = self.context.book
        book.revoke(approval)
        if approval.scope == "always":
            if not self.write_store("the revoked approval"):
                book.add(approval)  # still on disk, so still in force: say so rather than pretend
                return
            store = self.context.store
            self.say(revoked_text(approval) + (f" Saved to {store.path}." if store is not None else ""))
        else:
            self.say(revoked_text(approval))
        self.announce("approval")
        self.refresh(recompose=True)
