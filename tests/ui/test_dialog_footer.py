"""A dialog's footer shows the dialog's own keys, not those of the screen underneath (which do nothing)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_confirm_support import DESTRUCTIVE_CLOSED, make_request
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input

from tui.model.features import SamplingMessage, SamplingRequest
from tui.model.results import TextBlock
from tui.model.servers import ServerState
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.screens.sampling import SamplingScreen
from tui.ui.screens.save_binary import SaveBinaryScreen
from tui.ui.screens.sign_in import SignInScreen
from tui.ui.textual_internals import FooterKey
from tui.ui.widgets.key_footer import KeyFooter


class Underneath(Screen[None]):
    """Stands for the main screen: keys of its own and a footer that shows them."""

    BINDINGS = [Binding("ctrl+e", "reconnect", "Reconnect"), Binding("f2", "history", "History")]

    def compose(self) -> ComposeResult:
        yield KeyFooter()


class Host(App[None]):
    def __init__(self, dialog: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.dialog = dialog

    def get_default_screen(self) -> Screen[None]:
        return Underneath()

    def on_mount(self) -> None:
        self.push_screen(self.dialog())


def footer_keys(app: App[Any]) -> dict[str, str]:
    """The keys the top screen's footer shows, each with its description (the palette's key aside)."""
    return {
        key.key: key.description
        for key in app.screen.query(FooterKey)
        if not key.has_class("-command-palette") and not key.has_class("-disabled")
    }


class NeverSignsIn:
    """A sign-in that waits for the browser until the test ends."""

    async def sign_in(
        self, name: str, show_url: Callable[[str], None], *, open_browser: bool = True
    ) -> ServerState:
        await asyncio.Event().wait()
        raise AssertionError("never returns")

    def cancel_sign_in(self, name: str) -> None:
        pass


LONG_FORM: dict[str, Any] = {
    "type": "object",
    "properties": {f"field{n}": {"type": "string", "description": f"Field number {n}"} for n in range(12)},
}
SAMPLING = SamplingRequest(
    messages=(SamplingMessage("user", (TextBlock("Say hi " * 200),)),),
    system_prompt="Be brief.",
    max_tokens=50,
)

DIALOGS: dict[str, tuple[Callable[[], Screen[Any]], dict[str, str]]] = {
    "confirm": (
        lambda: ConfirmCallScreen(make_request("erase_notes", DESTRUCTIVE_CLOSED)),
        {"escape": "Cancel", "o": "Allow once", "s": "Allow for this session", "a": "Always allow"},
    ),
    "elicitation": (
        lambda: ElicitationScreen("demo", "Who are you?", LONG_FORM),
        {"escape": "Cancel", "ctrl+s": "Accept", "ctrl+n": "Decline"},
    ),
    "sampling": (lambda: SamplingScreen("demo", SAMPLING), {"escape": "Decline", "ctrl+s": "Send reply"}),
    "save": (
        lambda: SaveBinaryScreen(b"png", Path("never-written.png")),
        {"escape": "Cancel", "ctrl+s": "Save"},
    ),
    "sign-in": (lambda: SignInScreen("demo", NeverSignsIn()), {"escape": "Cancel sign-in"}),
}


@pytest.mark.parametrize("name", list(DIALOGS))
async def test_the_footer_shows_the_dialogs_keys_and_none_of_the_screen_beneath(name: str) -> None:
    make, keys = DIALOGS[name]
    app = Host(make)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = footer_keys(app)
        assert "ctrl+e" not in shown
        assert "f2" not in shown
        assert {key: shown.get(key) for key in keys} == keys


async def test_the_critical_dialogs_allow_keys_show_once_the_name_is_typed() -> None:
    app = Host(lambda: ConfirmCallScreen(make_request("wipe_all", None)))  # unannotated: critical
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert footer_keys(app) == {"escape": "Cancel"}
        app.screen.query_one("#confirm-typed-name", Input).value = "wipe_all"
        await pilot.pause()
        # The name box has focus, where o and s are letters of a name: Enter moves on to Allow.
        assert footer_keys(app) == {"escape": "Cancel"}
        await pilot.press("enter")
        await pilot.pause()
        assert footer_keys(app) == {"escape": "Cancel", "o": "Allow once", "s": "Allow for this session"}


@pytest.mark.parametrize(
    ("name", "button"), [("elicitation", "#elicit-accept"), ("sampling", "#sampling-send")]
)
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_long_dialogs_buttons_stay_on_screen(name: str, button: str, size: tuple[int, int]) -> None:
    make, _ = DIALOGS[name]
    app = Host(make)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        target = app.screen.query_one(button, Button)
        x, y = target.region.center
        assert 0 <= y < size[1] - 1  # above the footer's line
        widget, _ = app.screen.get_widget_at(x, y)
        assert widget is target
