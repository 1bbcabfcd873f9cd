"""A small host app for the audit log screen, shared by the audit tests (it holds no tests)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.store.audit_reader import AuditReader
from tui.ui.screens.audit_view import AuditViewScreen


class AuditHost(App[None]):
    def __init__(self, log: AuditReader) -> None:
        super().__init__()
        self.audit_log = log

    def compose(self) -> ComposeResult:
        yield Static("main")

    def on_mount(self) -> None:
        self.push_screen(AuditViewScreen(self.audit_log))
