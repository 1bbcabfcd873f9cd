"""Sign in to one server: the authorization address shown (copyable) while the browser does its part.

The core opens the browser and listens for its return; this screen shows the address in case the browser
opened elsewhere or not at all, and lets the person cancel. It dismisses with the state the server ended
in (connected, or still needing sign-in with the reason).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static, TextArea

from tui.model.servers import ConnectionStatus, ServerState, StoredSignIn
from tui.safety.sign_in_address import address_host
from tui.safety.visible_text import visible_line
from tui.session.sign_in import dpop_note
from tui.ui.safe_text import clean, literal
from tui.ui.widgets.key_footer import KeyFooter

WAITING = "Connecting; if the server asks for sign-in, your browser opens…"


def shown_text(host: str) -> str:
    """What the screen says once the address is known; ``host`` is where the sign-in page really is."""
    return (
        f"Sign in at {host} in your browser. If it did not open, copy this address into a browser on "
        "this machine (the sign-in returns to 127.0.0.1):"
    )


class SignInRunner(Protocol):
    """What the screen needs from the session."""

    def sign_in(
        self, name: str, show_url: Callable[[str], None], *, open_browser: bool = True
    ) -> Awaitable[ServerState]: ...

    def cancel_sign_in(self, name: str) -> None: ...


class SignInScreen(ModalScreen[ServerState | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel sign-in", id="sign-in.cancel")]

    DEFAULT_CSS = """
    SignInScreen { align: center middle; }
    SignInScreen > Vertical {
        width: 90%; max-width: 110; height: auto; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    SignInScreen #sign-in-message { height: auto; margin: 1 0; }
    SignInScreen #sign-in-url { height: 6; display: none; }
    SignInScreen #sign-in-url.-shown { display: block; }
    SignInScreen Horizontal { height: auto; margin-top: 1; align-horizontal: right; }
    SignInScreen Button { margin-left: 1; }
    """

    def __init__(self, server: str, runner: SignInRunner, *, open_browser: bool = True) -> None:
        super().__init__()
        self.server = server
        self.runner = runner
        self.open_browser = open_browser
        self.url: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(literal(f"Sign in to {self.server}", "bold"), id="sign-in-title")
            yield Static(WAITING, id="sign-in-message")
            yield TextArea("", read_only=True, soft_wrap=True, id="sign-in-url")
            with Horizontal():
                yield Button("Copy address", id="sign-in-copy", disabled=True)
                yield Button("Cancel", id="sign-in-cancel", variant="error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.run_sign_in()

    @work(group="sign-in")
    async def run_sign_in(self) -> None:
        state = await self.runner.sign_in(self.server, self.show_url, open_browser=self.open_browser)
        self.dismiss(state)

    def show_url(self, url: str) -> None:
        """Called by the core once the authorization address is known (the server's text: shown literally)."""
        self.url = url
        message = self.query_one("#sign-in-message", Static)
        message.update(literal(shown_text(address_host(url))))
        area = self.query_one("#sign-in-url", TextArea)
        area.text = visible_line(url)  # shown as data; the copy button copies ``self.url`` exactly
        area.add_class("-shown")
        self.query_one("#sign-in-copy", Button).disabled = False

    @on(Button.Pressed, "#sign-in-copy")
    def copy_url(self) -> None:
        if self.url:
            self.app.copy_to_clipboard(self.url)
            self.notify("The sign-in address is on the clipboard.", markup=False)

    @on(Button.Pressed, "#sign-in-cancel")
    def action_cancel(self) -> None:
        # The core ends the sign-in; the worker then dismisses with "needs sign-in: sign-in cancelled".
        self.runner.cancel_sign_in(self.server)


def outcome_text(state: ServerState | None, stored: StoredSignIn | None = None) -> str:
    """What the app says once the screen closes; ``stored``: what the sign-in left (a DPoP-bound token
    says so, and where its key is)."""
    if state is None:
        return "Sign-in ended."
    if state.status is ConnectionStatus.CONNECTED:
        note = dpop_note(stored)
        return clean(f"Signed in to {state.name}" + (f" ({note})." if note else "."))
    return clean(f"{state.name}: {state.error or state.status.value}")
