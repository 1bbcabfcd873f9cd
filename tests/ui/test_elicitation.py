"""The elicitation dialog: the message stays literal; accept sends valid content; decline and cancel."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from tui.ui.screens.elicitation import ElicitationScreen, ElicitResult

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name"},
        "confirm": {"type": "boolean", "default": False},
    },
    "required": ["name"],
}


class Host(App[None]):
    def __init__(self, message: str = "Who are you?") -> None:
        super().__init__()
        self.message = message
        self.answers: list[ElicitResult | None] = []

    def compose(self) -> ComposeResult:
        yield Static("main")

    def on_mount(self) -> None:
        self.push_screen(ElicitationScreen("demo[b]", self.message, SCHEMA), self.answers.append)


async def test_accept_returns_the_form_content() -> None:
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, Input)  # the first field is ready for typing
        await pilot.press(*"Ada")
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.answers == [("accept", {"name": "Ada", "confirm": False})]


async def test_accept_with_a_missing_required_field_stays_open() -> None:
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#elicit-accept")
        await pilot.pause()
        assert isinstance(app.screen, ElicitationScreen)
        assert "Fix 1 problem above" in str(app.screen.query_one("#elicit-problem", Static).render())
        assert app.answers == []
        await pilot.click("#elicit-decline")
        await pilot.pause()
    assert app.answers == [("decline", None)]


async def test_escape_cancels_and_markup_in_the_message_stays_literal() -> None:
    hostile = "[@click=app.quit]Click me[/] [bold]now[/bold] \x1b[2J"
    app = Host(hostile)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ElicitationScreen)
        shown = str(screen.query_one("#elicit-message", Static).render())
        assert shown == "[@click=app.quit]Click me[/] [bold]now[/bold] \\x1b[2J"
        assert str(screen.query_one("#elicit-from", Static).render()) == "demo[b] asks you:"
        await pilot.click("#elicit-message")
        await pilot.pause()
        assert app.is_running
        await pilot.press("escape")
        await pilot.pause()
    assert app.answers == [("cancel", None)]


async def test_ctrl_n_declines_even_from_inside_a_field() -> None:
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.focused, Input)
        await pilot.press("ctrl+n")
        await pilot.pause()
    assert app.answers == [("decline", None)]


async def test_typing_any_letter_into_a_field_answers_nothing() -> None:
    """No plain letter is a key of this dialog: "n" (and every other letter) is part of the answer, and
    does nothing where a field takes no text."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        field = app.focused
        assert isinstance(field, Input)
        await pilot.press(*letters, *letters.upper())
        await pilot.pause()
        assert isinstance(app.screen, ElicitationScreen)
        assert app.answers == []
        assert field.value == letters + letters.upper()
        # Nor on a field that takes no text (the yes/no one): letters there do nothing at all.
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not field
        assert app.focused is not None
        await pilot.press(*letters)
        await pilot.pause()
        assert isinstance(app.screen, ElicitationScreen)
        assert app.answers == []
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.answers == [("accept", {"name": letters + letters.upper(), "confirm": False})]
