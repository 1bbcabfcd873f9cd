"""Real ConfirmRequests built through the core (effective hints -> grade -> decision), and a host app."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.safety.approvals import ApprovalBook
from tui.safety.confirm import ConfirmChoice, ConfirmRequest, pretty_arguments
from tui.safety.decision import decide
from tui.safety.effective import effective_hints, hint_changes
from tui.safety.grade import grade_hints
from tui.safety.lint import lint_tool
from tui.safety.tool_hash import DefinitionSnapshot
from tui.ui.screens.confirm_call import ConfirmCallScreen

READ_CLOSED = {"readOnlyHint": True, "openWorldHint": False}
READ_OPEN = {"readOnlyHint": True, "openWorldHint": True}
ADDITIVE = {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}
DESTRUCTIVE_CLOSED = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}


def make_request(
    tool: str = "manage_files",
    annotations: dict[str, Any] | None = None,
    *,
    arguments: dict[str, Any] | None = None,
    title: str = "",
    resolved: dict[str, Any] | None = None,
    trust: Trust = Trust.UNTRUSTED,
    rules: tuple[ToolRule, ...] = (),
    book: ApprovalBook | None = None,
    server: str = "demo",
) -> ConfirmRequest:
    config = ServerConfig(server, "stdio", command="demo-server", trust=trust)
    definition = DefinitionSnapshot.of(tool, "a tool", {"type": "object"}, annotations)
    static = effective_hints(annotations)
    hints = effective_hints(annotations, resolved)
    graded = grade_hints(hints)
    args = arguments if arguments is not None else {"path": "notes.txt"}
    lint = tuple(lint_tool(tool, annotations, resolved, title=title))
    decision = decide(
        server=config,
        definition=definition,
        hints=hints,
        arguments=args,
        book=book or ApprovalBook(),
        preferences=Preferences(),
        rules=rules,
        grade=graded,
        lint=lint,
    )
    return ConfirmRequest(
        server=server,
        trust=trust,
        tool_name=tool,
        tool_title=title,
        grade=graded,
        hints=hints,
        arguments_json=pretty_arguments(args),
        decision=decision,
        resolution_changes=tuple(hint_changes(static, hints)),
        resolution_note="resolved for these arguments" if resolved else None,
        lint=lint,
        definition_changes=tuple(decision.changes),
    )


class ConfirmHost(App[None]):
    """Pushes one dialog and keeps what it was dismissed with."""

    def __init__(self, request: ConfirmRequest) -> None:
        super().__init__()
        self.request = request
        self.choices: list[ConfirmChoice | None] = []

    def compose(self) -> ComposeResult:
        yield Static("main")

    def on_mount(self) -> None:
        self.push_screen(ConfirmCallScreen(self.request), self.choices.append)


def plain(widget: Static) -> str:
    return str(widget.render())
