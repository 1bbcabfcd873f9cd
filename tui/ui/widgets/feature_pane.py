"""What every per-server pane beside tools shares: which server it shows, and a line for problems."""

from __future__ import annotations

from textual.containers import Vertical
from textual.widgets import OptionList, Static

from tui.session.session import Session
from tui.ui.safe_text import literal, one_line


class FeaturePane(Vertical):
    """A pane showing one server's resources, prompts, traffic or info; ``show_server`` picks it."""

    DEFAULT_CSS = """
    /* The top border carries the pane's title: what it shows, of which server. */
    FeaturePane { height: 1fr; border-top: solid $panel-lighten-2; border-title-color: $text; }
    FeaturePane .pane-status { height: auto; color: $text-muted; }
    FeaturePane .pane-status.-error { color: $error; }
    """

    KIND = "Data"
    """What the pane shows, for its title: "Resources: demo"."""

    LIST_ID: str | None = None
    """The pane's list of entries (resources, prompts), which its tab's key highlights."""

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
        # Named on the pane: with several servers, which one's resources these are is not obvious.
        self.border_title = literal(f"{self.KIND}: {one_line(server, 80)}" if server else self.KIND)
        if changed and server is not None:
            self.say("")  # the placeholder, or the last server's news: reload says what is true now
        if changed or not self.loaded:
            self.reload()

    @property
    def loaded(self) -> bool:
        return False

    def reload(self) -> None:
        """Fetch and show this server's data again; subclasses override."""

    def highlight_first_row(self) -> None:
        """Opened by its key, which puts the focus in the list: its first row is highlighted, so Enter
        opens it."""
        if self.LIST_ID is not None:
            highlight_first(self.query_one(f"#{self.LIST_ID}", OptionList))

    def say(self, text: str, *, error: bool = False) -> None:
        self.status.update(literal(text))
        self.status.set_class(error, "-error")


def highlight_first(listing: OptionList) -> None:
    """The first row, unless one is highlighted already (the person's place is kept)."""
    if listing.highlighted is None and listing.option_count:
        listing.highlighted = 0
