"""What every per-server pane beside tools shares: which server it shows, and a line for problems."""

from __future__ import annotations

from textual.containers import Vertical
from textual.widgets import Static

from tui.session.session import Session
from tui.ui.safe_text import literal


class FeaturePane(Vertical):
    """A pane showing one server's resources, prompts, traffic or info; ``show_server`` picks it."""

    DEFAULT_CSS = """
    FeaturePane { height: 1fr; }
    FeaturePane .pane-status { height: auto; color: $text-muted; }
    FeaturePane .pane-status.-error { color: $error; }
    """

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.server: str | None = None
        self.status = Static("Highlight a server on the left.", classes="pane-status")

    def show_server(self, server: str | None) -> None:
        """Called when the highlighted server changes, and when this pane's tab is opened (see
        ``feature_tabs.show_server_in_opened_pane``)."""
        changed = server != self.server
        self.server = server
        if changed and server is not None:
            self.say("")  # the placeholder, or the last server's news: reload says what is true now
        if changed or not self.loaded:
            self.reload()

    @property
    def loaded(self) -> bool:
        return False

    def reload(self) -> None:
        """Fetch and show this server's data again; subclasses override."""

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.update(literal(text))
        self.status.set_class(error, "-error")
