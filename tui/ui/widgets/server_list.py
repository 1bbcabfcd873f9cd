"""Each configured server and its connection state; errors are shown in full, wrapped, never styled."""

from __future__ import annotations

from collections.abc import Mapping

from textual import on
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.model.servers import ConnectionStatus, ServerState, dialect_label
from tui.ui.safe_text import literal, one_line

SIGN_IN_KEY = "ctrl+g"
"""The main screen's sign-in binding, named in the row of a server that needs sign-in."""

# icon, word, style of the status; text first so it reads without colour.
STATUS_LOOK: Mapping[ConnectionStatus, tuple[str, str, str]] = {
    ConnectionStatus.CONNECTING: ("…", "connecting…", "#fdd835"),
    ConnectionStatus.CONNECTED: ("●", "connected", "#4caf50"),
    ConnectionStatus.FAILED: ("✖", "failed", "bold #ef5350"),
    ConnectionStatus.DISCONNECTED: ("○", "disconnected", "#808080"),
    ConnectionStatus.NEEDS_SIGN_IN: ("⚷", f"needs sign-in: press {SIGN_IN_KEY} to sign in", "bold #ffb74d"),
}

ERROR_LIMIT = 2000
"""Characters of an error shown in the list (the full text belongs in the log view)."""


def _details(state: ServerState) -> list[Content]:
    parts: list[Content] = []
    if state.server_name or state.server_version:
        who = " ".join(one_line(part, 60) for part in (state.server_name, state.server_version) if part)
        parts.append(literal(who))
    if state.protocol_version:
        parts.append(literal(f"protocol {one_line(state.protocol_version, 40)}", "dim"))
    count = state.tool_count
    parts.append(Content(f"{count} tool{'s' if count != 1 else ''}"))
    if state.resolve_capability:
        # The short name: the extension's full id took three lines of an 80-column list.
        label = dialect_label(state.resolve_capability)
        draft = "" if label.startswith("draft") else " (draft)"
        parts.append(Content.styled(f"⟳ {label}{draft}", "#42a5f5"))
    return parts


def server_row(state: ServerState, warning: str | None = None) -> Content:
    """Status icon and word, the configured name, then what the server told us (or why it failed);
    ``warning`` (e.g. a non-deterministic resolve) gets a line of its own."""
    icon, word, style = STATUS_LOOK[state.status]
    head = Content.assemble(
        (f"{icon} ", style), literal(one_line(state.name, 80), "bold"), " ", (word, style)
    )
    if state.status is ConnectionStatus.CONNECTED:
        lines = [head, Content("  ") + Content(" · ").join(_details(state))]
        if warning:
            lines.append(Content.styled(f"  ⚠ {warning}", "bold $warning"))
        if state.tool_problems:
            lines.append(literal(f"  ⚠ {_tool_problems(state)}", "bold $warning"))
        return Content("\n").join(lines)
    if state.error:
        error = state.error.strip()
        if len(error) > ERROR_LIMIT:
            error = error[: ERROR_LIMIT - 1] + "…"
        return Content("\n").join([head, _indented(error)])
    return head


def _tool_problems(state: ServerState) -> str:
    """The first thing wrong with the tool listing (whole, all of them are in the Logs tab)."""
    first, more = state.tool_problems[0].text, len(state.tool_problems) - 1
    return one_line(first, ERROR_LIMIT) + (f" (and {more} more: see Logs)" if more else "")


def _indented(error: str) -> Content:
    lines = [literal(f"  {line}", "#ef9a9a") for line in error.splitlines() or [""]]
    return Content("\n").join(lines)


class ServerList(OptionList):
    """One row per server. The app binds a key to reconnect :attr:`highlighted_server`."""

    DEFAULT_CSS = """
    ServerList { height: auto; max-height: 50%; }
    """

    class Selected(Message):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    class Highlighted(Message):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._states: dict[str, ServerState] = {}
        self._order: list[str] = []
        self._warnings: dict[str, str] = {}

    @property
    def states(self) -> dict[str, ServerState]:
        return dict(self._states)

    @property
    def highlighted_server(self) -> str | None:
        index = self.highlighted
        return self._order[index] if index is not None and index < len(self._order) else None

    def set_state(self, state: ServerState) -> None:
        """Show ``state`` (call on ServerStateChanged); a new server is added at the end."""
        self._states[state.name] = state
        row = server_row(state, self._warnings.get(state.name))
        if state.name in self._order:
            self.replace_option_prompt_at_index(self._order.index(state.name), row)
            return
        self._order.append(state.name)
        self.add_option(Option(row))
        if self.highlighted is None:
            self.highlighted = 0

    def highlight_server(self, name: str) -> None:
        """Move the highlight to ``name`` (a tool of it was opened): the Logs, Resources, Prompts, Traffic
        and Server tabs follow the open tool, not a row highlighted before."""
        if name in self._order:
            self.highlighted = self._order.index(name)

    def set_warning(self, name: str, warning: str | None) -> None:
        """Flag a server (or clear the flag) below its details, e.g. "non-deterministic resolve"."""
        if self._warnings.get(name) == warning:
            return
        if warning is None:
            self._warnings.pop(name, None)
        else:
            self._warnings[name] = warning
        if name in self._states:
            self.set_state(self._states[name])

    def remove_server(self, name: str) -> None:
        if name not in self._order:
            return
        index = self._order.index(name)
        self._order.pop(index)
        self._states.pop(name, None)
        self.remove_option_at_index(index)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self and event.option_index < len(self._order):
            event.stop()
            self.post_message(self.Highlighted(self._order[event.option_index]))

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list is self and event.option_index < len(self._order):
            event.stop()
            self.post_message(self.Selected(self._order[event.option_index]))
