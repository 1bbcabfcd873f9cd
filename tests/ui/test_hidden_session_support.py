"""A session whose server answers everything with hostile text, and a host app for one widget or screen,
for the hidden-text tests of the feature tabs and dialogs (it holds no tests)."""

from __future__ import annotations

from typing import Any

from test_hidden_support import HOSTILE, NAME, SHOWN_SNEAKY, SNEAKY
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tui.model.features import (
    PromptArgument,
    PromptInfo,
    PromptMessage,
    PromptResult,
    ResourceContent,
    ResourceInfo,
    ResourceListing,
    TemplateInfo,
    TrafficRecord,
)
from tui.model.results import BinaryBlock, TextBlock
from tui.model.servers import ConnectionStatus, ServerState
from tui.safety.tool_diff import ToolChange

# A resource template's variable: the name the server gives it becomes a form field's title.
VARIABLE = f"[b]v[/b]\x1b[2J{SNEAKY}"
SHOWN_VARIABLE = f"[b]v[/b]\\x1b[2J{SHOWN_SNEAKY}"


def traffic_record(**changes: Any) -> TrafficRecord:
    fields: dict[str, Any] = {
        "time": 0.0,
        "direction": "in",
        "kind": "request",
        "method": HOSTILE,
        "id": HOSTILE,
        "unredacted": {"method": HOSTILE, "params": {HOSTILE: HOSTILE}},
    }
    fields.update(changes)
    return TrafficRecord(**fields)


class HostileFeatures:
    """The session's features as the panes use them, every answer written by a hostile server."""

    def offers_completions(self, server: str) -> bool:
        return False

    def subscribed(self, server: str) -> set[str]:
        return set()

    async def resources(self, server: str) -> ResourceListing:
        resource = ResourceInfo(f"mem://{HOSTILE}", HOSTILE, HOSTILE, HOSTILE, HOSTILE)
        return ResourceListing((resource,), (TemplateInfo(f"mem://{{{VARIABLE}}}", NAME),))

    async def read_resource(self, server: str, uri: str) -> tuple[ResourceContent, ...]:
        return (ResourceContent(uri, HOSTILE, text=HOSTILE), ResourceContent(uri, HOSTILE, blob=b"1"))

    async def prompts(self, server: str) -> tuple[PromptInfo, ...]:
        return (PromptInfo(NAME, HOSTILE, HOSTILE, (PromptArgument(HOSTILE, HOSTILE),)),)

    async def get_prompt(self, server: str, name: str, arguments: dict[str, str]) -> PromptResult:
        messages = (
            PromptMessage("assistant", TextBlock(HOSTILE)),
            PromptMessage("user", BinaryBlock("image", HOSTILE, b"x")),
        )
        return PromptResult(HOSTILE, messages)

    def traffic(self, server: str, method_filter: str = "") -> list[TrafficRecord]:
        return [traffic_record()]

    def log_level(self, server: str) -> str | None:
        return None

    def roots(self, server: str) -> tuple[str, ...]:
        return ()


class HostileSession:
    """What the feature panes ask the session, answered by the hostile server."""

    manager = object()
    features = HostileFeatures()

    def state(self, server: str) -> ServerState:
        return ServerState(
            server,
            ConnectionStatus.FAILED,
            error=HOSTILE,
            server_name=HOSTILE,
            server_version=HOSTILE,
            protocol_version=HOSTILE,
            instructions=HOSTILE,
        )

    def capabilities(self, server: str) -> dict[str, Any]:
        return {"experimental": {HOSTILE: {}}}

    def changes_since_last_session(self, server: str) -> list[ToolChange]:
        """A tool the server renamed to hostile text since the last session (the Server tab lists it)."""
        return [ToolChange(HOSTILE, "added", f"new tool: {HOSTILE}", risk=True)]


class Host(App[None]):
    """Shows ``widget``, or pushes ``screen``; records a quit instead of quitting."""

    def __init__(self, widget: Widget | None = None, *, screen: Screen[Any] | None = None) -> None:
        super().__init__()
        self.widget = widget or Static("main")
        self.first_screen = screen
        self.quit_requested = False

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_mount(self) -> None:
        if self.first_screen is not None:
            self.push_screen(self.first_screen)

    async def action_quit(self) -> None:
        self.quit_requested = True
