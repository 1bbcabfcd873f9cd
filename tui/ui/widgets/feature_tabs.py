"""The Resources, Prompts, Traffic and Server tabs of the main screen, and how session events reach them.

Kept out of ``main_screen.py``: the main screen only yields these tabs, forwards events and says which
server is highlighted.
"""

from __future__ import annotations

from collections.abc import Iterator

from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from tui.model.events import ListChanged, ResourceUpdated, ServerStateChanged, ToolsChanged, TrafficRecorded
from tui.model.servers import ConnectionStatus
from tui.session.events import SessionEvent
from tui.session.session import Session
from tui.ui.widgets.collections_view import CollectionsView
from tui.ui.widgets.feature_pane import FeaturePane
from tui.ui.widgets.prompts_view import PromptsView
from tui.ui.widgets.resources_view import ResourcesView
from tui.ui.widgets.server_info import ServerInfoView
from tui.ui.widgets.traffic_view import TrafficView


def feature_tabs(session: Session) -> Iterator[Widget]:
    yield TabPane("Resources", ResourcesView(session, id="resources-view"), id="resources")
    yield TabPane("Prompts", PromptsView(session, id="prompts-view"), id="prompts")
    yield TabPane("Traffic", TrafficView(session, id="traffic-view"), id="traffic")
    yield TabPane("Server", ServerInfoView(session, id="server-info-view"), id="server-info")
    yield TabPane("Collections", CollectionsView(session, id="collections-view"), id="collections")


def show_server_in_panes(screen: DOMNode, server: str | None) -> None:
    """The highlighted server changed: the open pane shows it (the others catch up when opened)."""
    active = screen.query_one(TabbedContent).active
    for pane in screen.query(FeaturePane):
        if pane.parent is not None and pane.parent.id == active:
            pane.show_server(server)


def show_server_in_opened_pane(pane: Widget, server: str | None) -> None:
    """A tab was opened (a key, a click on its tab, the palette): its pane shows the highlighted server.

    Told on the tab's activation, not on Textual's Show event: Show does not come when the last layout
    before the switch was a scroll, as when the tab bar scrolls to the opened tab at 80 columns, and the
    pane then went on asking to highlight a server that was highlighted.
    """
    for view in pane.query(FeaturePane):
        view.show_server(server)


def follow_tail_in_opened_pane(pane: Widget) -> None:
    """A tab was opened: the Logs and Traffic tabs draw what came while hidden and follow their tail.

    On the tab's activation, for the reason ``show_server_in_opened_pane`` gives.
    """
    from tui.ui.widgets.log_view import ServerLogView
    from tui.ui.widgets.traffic_table import TrafficTable

    for view in pane.query(ServerLogView):
        view.opened()
    for table in pane.query(TrafficTable):
        table.opened()


def route_to_panes(screen: DOMNode, event: SessionEvent) -> None:
    if isinstance(event, TrafficRecorded):
        screen.query_one(TrafficView).add(event.server, event.record)
    elif isinstance(event, ResourceUpdated):
        view = screen.query_one(ResourcesView)
        if view.server == event.server:
            view.show_update(event.uri)
    elif isinstance(event, ListChanged):
        changed: FeaturePane = screen.query_one(ResourcesView if event.what == "resources" else PromptsView)
        if changed.server == event.server:
            changed.reload()
    elif isinstance(event, ToolsChanged):
        # The Server tab's "since the last session" compares with the list that just came.
        for info in screen.query(ServerInfoView):
            if info.server == event.server:
                info.reload()
    elif isinstance(event, ServerStateChanged):
        connected = event.state.status is ConnectionStatus.CONNECTED
        for pane in screen.query(FeaturePane):
            if pane.server != event.state.name:
                continue
            # Server info follows every change; the others load once the server is connected.
            if isinstance(pane, ServerInfoView) or (connected and not pane.loaded):
                pane.reload()
