"""What the main screen's server keys do: reconnect (ctrl+e) and sign in (ctrl+g) the highlighted server."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.model.servers import ServerState
from tui.ui.safe_text import clean

if TYPE_CHECKING:
    from tui.ui.screens.main_view import MainView


def _server_to_act_on(screen: MainView) -> str | None:
    """The highlighted server, once the session runs (else None, after saying it is starting)."""
    from tui.ui.widgets.server_list import ServerList

    if not screen.session_started:
        screen.notify("mcp-tui is still starting its servers; try again in a moment.")
        return None
    return screen.query_one(ServerList).highlighted_server


def reconnect(screen: MainView) -> None:
    if (name := _server_to_act_on(screen)) is None:
        return
    screen.notify(clean(f"Reconnecting {name}…"), markup=False)
    screen.run_worker(screen.session.reconnect(name), name="reconnect", group="reconnect")


def sign_in(screen: MainView) -> None:
    from tui.ui.screens.sign_in import SignInScreen, outcome_text

    if (name := _server_to_act_on(screen)) is None:
        return
    session = screen.session
    if (reason := session.cannot_sign_in(name)) is not None:
        screen.notify(clean(reason), markup=False)
        return

    def finished(state: ServerState | None) -> None:
        stored = session.sign_in_status(name) if state is not None else None
        screen.notify(outcome_text(state, stored), markup=False)

    screen.app.push_screen(SignInScreen(name, session), finished)
