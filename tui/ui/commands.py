"""Command palette entries (ctrl+p): the things that also have keys, and "Open tool NAME" for each tool.

The app's commands are listed before anything is typed (``discover``); the tools, which can be many, are
found by typing. Commands that act on the main screen are offered only when the palette opens over it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from textual.command import Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher

from tui.model.servers import ToolInfo
from tui.ui.safe_text import one_line
from tui.ui.screens.main_screen import MainScreen
from tui.ui.widgets.tool_list import ToolList

SORT_ACTION = "screen.toggle_sort"
OPEN_TOOL_HELP = "Open it in the Call tab"
LISTED_FIRST = 1.0


class AppCommands(Provider):
    COMMANDS: tuple[tuple[str, str, str], ...] = (
        (
            "Preferences",
            "app.open_preferences",
            "Auto-approve, server trust, per-tool rules, overrides, approvals (F4)",
        ),
        ("Audit log", "app.open_audit", "Recent call decisions with their reasons (F5)"),
        ("Call history", "screen.show_tab('history')", "Calls made in this session (F2)"),
        ("Server logs", "screen.show_tab('logs')", "stderr and log messages of the selected server (F3)"),
        ("Reconnect server", "screen.reconnect", "Reconnect the server highlighted in the list (ctrl+e)"),
        ("Sort tools by risk", SORT_ACTION, "Highest risk first, or back to server and name (ctrl+t)"),
        ("Retry resolve", "screen.retry_preflight", "Ask the server again for this call's hints (ctrl+y)"),
        (
            "Resources",
            "screen.show_tab('resources')",
            "List, read and subscribe to the server's resources (F7)",
        ),
        ("Prompts", "screen.show_tab('prompts')", "Get the server's prompts with arguments (F8)"),
        ("Traffic", "screen.show_tab('traffic')", "Every JSON-RPC message in and out, redacted (F9)"),
        (
            "Server info",
            "screen.show_tab('server-info')",
            "Version, protocol, capabilities, log level, roots, tools changed since last time (F10)",
        ),
        ("Collections", "screen.show_tab('collections')", "Saved calls: open one to call it again (F11)"),
        ("Save call", "screen.save_call", "Save the open call into a collection (ctrl+s)"),
        ("Record calls", "screen.start_recording", "Record every call into a collection, or stop (F12)"),
    )

    @property
    def _main(self) -> MainScreen | None:
        """The main screen, when the palette opened over it (its commands do nothing elsewhere)."""
        return self.screen if isinstance(self.screen, MainScreen) else None

    def _tools(self) -> list[ToolInfo]:
        main = self._main
        lists = main.query(ToolList) if main is not None else None
        return lists.first().tools if lists else []

    def _commands(self) -> Iterator[tuple[str, str, str]]:
        main = self._main
        for name, action, help_text in self.COMMANDS:
            if action.startswith("screen.") and main is None:
                continue
            if action == SORT_ACTION and main is not None:
                # Named after what it does next, like ctrl+t in the footer.
                by_risk = any(tools.sort_by_risk for tools in main.query(ToolList))
                name = "Sort tools by server" if by_risk else "Sort tools by risk"
            yield name, action, help_text

    async def discover(self) -> Hits:
        # Scored hits rather than DiscoveryHits (all scored 0): the palette sorts by score, so these list
        # above Textual's own (Keys, Quit, ...), whose provider answers in no fixed order beside ours.
        for name, action, help_text in self._commands():
            yield Hit(LISTED_FIRST, name, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), partial(self._run, action), help=help_text)
        for tool in self._tools():
            # A tool's name is the server's text: matched and shown as plain text, never as markup.
            text = f"Open tool {one_line(tool.name)} on {one_line(tool.server)}"  # one line: no forged rows
            score = matcher.match(text)
            if score > 0:
                display = _highlight(matcher, text)
                yield Hit(score, display, partial(self._open, tool), text=text, help=OPEN_TOOL_HELP)

    async def _run(self, action: str) -> None:
        await self.app.run_action(action, self.screen)

    async def _open(self, tool: ToolInfo) -> None:
        if (main := self._main) is not None:
            await main.open_tool(tool)


def _highlight(matcher: Matcher, text: str) -> Content:
    """``text`` as plain Content with the letters the query matched styled (Matcher.highlight would
    read ``text`` as markup)."""
    content = Content(text)
    score, offsets = matcher.fuzzy_search.match(matcher.query, text)
    if not score:
        return content
    for offset in offsets:
        if not text[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content
