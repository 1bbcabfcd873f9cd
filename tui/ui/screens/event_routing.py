"""Where each session event goes on the main screen: the server and tool lists, the open call, the tabs.

Every event comes after the session (and the modules imported here) loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.model.events import ServerStateChanged, ToolsChanged
from tui.model.servers import ConnectionStatus
from tui.session.events import ArgumentsEvaluated, SessionEvent, SettingsChanged
from tui.ui.screens import tool_opening
from tui.ui.widgets.server_list import ServerList
from tui.ui.widgets.tool_list import ToolList

if TYPE_CHECKING:
    from tui.ui.screens.main_view import MainView

_ENDED = (ConnectionStatus.FAILED, ConnectionStatus.DISCONNECTED, ConnectionStatus.NEEDS_SIGN_IN)


def route(screen: MainView, event: SessionEvent) -> None:
    if isinstance(event, SettingsChanged):
        # A saved preference, rule, trust or override: the badges follow at once (the open call's come
        # with the session's evaluation of it, published anew).
        screen.query_one(ToolList).refresh_hints()
    elif isinstance(event, ArgumentsEvaluated):
        screen.flag_nondeterministic()  # rule 4: an answer is where a changing one shows up
    elif isinstance(event, ServerStateChanged):
        screen.query_one(ServerList).set_state(event.state)
        if event.state.status in _ENDED:
            screen.query_one(ToolList).remove_server(event.state.name)
            screen.call_after_refresh(screen.mount_workspace)  # its logs say why
    elif isinstance(event, ToolsChanged):
        changed = screen.session.catalogue.changed(event.server)
        screen.query_one(ToolList).set_tools(event.server, event.tools, dict.fromkeys(changed, "changed"))
        # Built once the first tools are on screen: until then it would only compete with the SDK import
        # and the connections for the one core Python gives us.
        screen.call_after_refresh(screen.mount_call_panel)
        tool_opening.follow_relisted(screen, event.server, event.tools)
    screen.slot.show_event(event)
