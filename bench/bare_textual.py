"""The yardstick for a first frame: a bare Textual app with a Header, a Static and a Footer."""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class BareApp(App[None]):
    TITLE = "bare-textual"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("bare Textual app")
        yield Footer()


if __name__ == "__main__":
    BareApp().run()
