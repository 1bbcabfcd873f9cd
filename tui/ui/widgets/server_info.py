"""Server info: name, version, protocol, capabilities, instructions; the log level and the roots."""

from __future__ import annotations

import json

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Label, Select, Static, TextArea

from tui.model.features import FeatureError
from tui.session.settings_types import LOG_LEVELS
from tui.ui.safe_text import literal
from tui.ui.widgets.feature_pane import FeaturePane
from tui.ui.widgets.tool_changes_text import changes_lines

MODERN = "2026-07-28"
INSTRUCTIONS_SHOWN = 4000
"""Characters of a server's instructions shown here: a megabyte of them pushed the log level and roots
controls below tens of thousands of lines. The Traffic tab has the whole initialize answer."""


def instructions_text(instructions: str | None) -> str:
    if not instructions:
        return "none"
    if len(instructions) <= INSTRUCTIONS_SHOWN:
        return instructions
    rest = len(instructions) - INSTRUCTIONS_SHOWN
    return (
        f"{instructions[:INSTRUCTIONS_SHOWN]}\n… and {rest:,} more characters "
        "(the whole text is in the initialize answer, in the Traffic tab)"
    )


class ServerInfoView(FeaturePane):
    KIND = "Server"
    DEFAULT_CSS = """
    ServerInfoView #info-text { height: auto; }
    ServerInfoView .info-row { height: auto; margin-top: 1; }
    ServerInfoView #info-log-level { width: 30; }
    ServerInfoView #info-roots { height: 5; }
    /* As wide as the tab, so it wraps there: at its own width it was cut at 120 columns. */
    ServerInfoView #info-roots-label { width: 100%; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield self.status
            yield Static("", id="info-text")
            with Horizontal(classes="info-row"):
                yield Label("Log level ", id="info-log-label")
                options = [(level, level) for level in LOG_LEVELS]
                yield Select(options, id="info-log-level", prompt="server default", allow_blank=True)
            yield Label(
                "Roots offered to the server (one directory per line; none: no roots capability)",
                id="info-roots-label",
            )
            yield TextArea("", id="info-roots", tab_behavior="focus")
            yield Button("Save roots", id="info-save-roots", compact=True)

    @property
    def loaded(self) -> bool:
        return self.server is not None

    def reload(self) -> None:
        if self.server is None:
            return
        state = self.session.state(self.server)
        lines = [
            f"Server: {self.server} ({state.status.value})",
            f"Reports itself as: {state.server_name or '?'} {state.server_version or ''}".rstrip(),
            f"Protocol version: {state.protocol_version or 'not connected'}",
        ]
        if state.protocol_version and state.protocol_version >= MODERN:
            lines.append(
                "This protocol era has no logging/setLevel or server requests for sampling and roots: the "
                "level applies per request from the next connection. Resource updates come through "
                "subscriptions/listen."
            )
        if state.error:
            lines.append(f"Problem: {state.error}")
        lines.extend(f"Tool listing: {problem.text}" for problem in state.tool_problems)
        lines.extend(changes_lines(self.session.changes_since_last_session(self.server)))
        capabilities = self.session.capabilities(self.server)
        lines.append("Capabilities: " + (json.dumps(capabilities, indent=2) if capabilities else "none yet"))
        lines.append("Instructions: " + instructions_text(state.instructions))
        self.query_one("#info-text", Static).update(literal("\n".join(lines)))
        if self.session.manager is None:
            return
        level = self.session.features.log_level(self.server)
        select: Select[str] = self.query_one("#info-log-level", Select)
        # A connected server of the initialize era that declares no logging sends no log messages: a
        # level to choose would promise what it cannot give.
        legacy = state.protocol_version is not None and state.protocol_version < MODERN
        silent = legacy and "logging" not in capabilities
        select.disabled = silent
        label = "Log level (the server offers no logging) " if silent else "Log level "
        self.query_one("#info-log-label", Label).update(label)
        with self.prevent(Select.Changed):
            if level is None:
                select.clear()
            else:
                select.value = level
        self.query_one("#info-roots", TextArea).text = "\n".join(self.session.features.roots(self.server))

    @on(Select.Changed, "#info-log-level")
    def _level_chosen(self, event: Select.Changed) -> None:
        if self.server is not None and isinstance(event.value, str):
            self.set_level(self.server, event.value)

    @work(group="log-level", exclusive=True, exit_on_error=False)
    async def set_level(self, server: str, level: str) -> None:
        try:
            self.say(await self.session.features.set_log_level(server, level))
        except FeatureError as error:
            self.say(str(error), error=True)

    @on(Button.Pressed, "#info-save-roots")
    def _save_roots(self, event: Button.Pressed) -> None:
        event.stop()
        if self.server is None:
            return
        text = self.query_one("#info-roots", TextArea).text
        self.save_roots(self.server, tuple(line.strip() for line in text.splitlines() if line.strip()))

    @work(group="roots", exclusive=True, exit_on_error=False)
    async def save_roots(self, server: str, roots: tuple[str, ...]) -> None:
        saved = await self.session.features.set_roots(server, roots)
        self.say(saved.message or "The roots were already so.", error=not saved.ok)
