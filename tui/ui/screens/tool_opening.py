"""Opening a tool in the Call tab: from the tool list (Enter), the command palette, or a History entry.

Functions over the main screen, which binds the keys and messages that lead here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.model.servers import ToolInfo
from tui.ui.safe_text import clean
from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList

if TYPE_CHECKING:
    from tui.ui.screens.main_view import MainView
    from tui.ui.widgets.form.argument_form import ArgumentForm
    from tui.ui.widgets.history import HistoryEntry


async def open_tool(screen: MainView, tool: ToolInfo, arguments: dict[str, object] | None) -> None:
    """Open ``tool`` with a fresh form (``arguments``, or the schema defaults).

    The tool already open there, with the same definition and no arguments given, stays as it is: Enter
    on it again brings back what was typed and the last result instead of wiping them.
    """
    screen.query_one(ToolList).highlight_tool(tool)  # opened from the palette or History: the list follows
    # The tabs beside the Call tab show the server highlighted in the server list: the open tool's.
    screen.query_one(ServerList).highlight_server(tool.server)
    panel = screen.mounted_panel
    if arguments is None and panel is not None and panel.tool == tool and panel.form is not None:
        # Equal by definition; the entry of a newer tools/list is the one to preflight and call.
        panel.tool = tool
        screen.slot.show_tool_details(tool, screen.static_hints(tool))
        screen.slot.workspace.active = "call"
        screen.call_after_refresh(_focus_opened_form, screen, panel.form)
        return
    assessment = screen.session.assess(tool)  # the badges before any arguments
    await screen.mount_call_panel()  # and the tabs around it, if a tool is opened before they exist
    if (panel := screen.mounted_panel) is None:
        return  # the app is closing
    await panel.show_tool(tool, assessment.hints, assessment.grade.grade, arguments)
    screen.slot.show_tool_details(tool, assessment.hints)
    screen.slot.workspace.active = "call"
    if panel.form is not None:
        screen.call_after_refresh(_focus_opened_form, screen, panel.form)
    screen.refresh_bindings()  # the last result went with the old tool, and with it s to save it


def _focus_opened_form(screen: MainView, form: ArgumentForm) -> None:
    # Only while the Call tab is still open: a key that opened another tab in between (F3 right after
    # Enter) would be undone, since focusing a widget brings its tab back.
    if form.is_attached and screen.slot.workspace.active == "call":
        form.focus_first_field()


async def reopen_from_history(screen: MainView, entry: HistoryEntry) -> None:
    """The call of ``entry`` again: its tool as the server lists it now, its arguments, its outcome."""
    tool = screen.session.find_tool(entry.server, entry.tool)
    if tool is None:
        screen.notify(
            clean(f"{entry.tool} is no longer offered by {entry.server}."), severity="warning", markup=False
        )
        return
    await open_tool(screen, tool, dict(entry.arguments))
    if entry.outcome is not None:
        await screen.slot.panel.show_outcome(entry.outcome, f"{tool.display_title} (call #{entry.id})")


def follow_relisted(screen: MainView, server: str, tools: tuple[ToolInfo, ...]) -> None:
    """``server`` listed its tools (again): say when the open tool changed, and preflight it again."""
    panel = screen.mounted_panel
    if panel is None or panel.tool is None or panel.tool.server != server:
        return
    for tool in tools:
        if tool.name == panel.tool.name and tool != panel.tool:
            screen.notify(
                clean(f"{tool.name} changed on {server}; reopen it to see the new definition."), markup=False
            )
    if any(tool.name == panel.tool.name for tool in tools):
        # The server is (back) with this tool, e.g. after a reconnect: a preflight that failed while it
        # was away runs again by itself, instead of saying "Resolve failed" until ctrl+y.
        panel.retry_preflight()
