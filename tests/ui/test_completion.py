"""Completions in the prompt and template forms: asked once typing pauses, kept for the open form, and a
late answer for an old value never replaces the newer one."""

from __future__ import annotations

import asyncio

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Input

from tui.ui.widgets.completion import DEBOUNCE_S, FormCompletions, ServerSuggester

NAMES = ["alan", "albert", "alice", "bob"]


class Server:
    """Answers completion requests, each one held back until the test releases it (when gated)."""

    def __init__(self, gated: bool = False) -> None:
        self.asked: list[str] = []
        self.answered: list[str] = []
        self.gated = gated
        self.gates: dict[str, asyncio.Event] = {}
        self.arrived: dict[str, asyncio.Event] = {}

    async def reached(self, value: str) -> None:
        """Until a request for ``value`` has come in."""
        await self.arrived.setdefault(value, asyncio.Event()).wait()

    async def complete(self, argument: str, value: str, context: dict[str, str]) -> list[str]:
        self.asked.append(value)
        self.arrived.setdefault(value, asyncio.Event()).set()
        if self.gated:
            await self.gates.setdefault(value, asyncio.Event()).wait()
        self.answered.append(value)
        return [name for name in NAMES if name.startswith(value)]


class HeldCompletions(FormCompletions):
    """FormCompletions whose typing pause ends when the test says so, not after ``DEBOUNCE_S``: keys are
    then typed "faster than the debounce" however slowly a loaded machine handles them."""

    def __init__(self, server: Server) -> None:
        super().__init__(server.complete)
        self.released = asyncio.Event()
        self.waiting = 0
        """Keystrokes whose pause has begun."""
        self.ended = 0
        """Keystrokes whose pause has ended; each has then decided at once whether to ask."""

    async def typing_pause(self) -> None:
        self.waiting += 1
        await self.released.wait()
        self.ended += 1


class Form(App[None]):
    def __init__(self, server: Server) -> None:
        super().__init__()
        self.completions = HeldCompletions(server)

    def compose(self) -> ComposeResult:
        entry = Input(id="name")
        entry.suggester = ServerSuggester(self.completions, "name", lambda: entry.value, dict)
        yield entry

    @property
    def entry(self) -> Input:
        return self.query_one("#name", Input)


async def type_then_pause(pilot: Pilot[None], app: Form, *keys: str) -> None:
    """Type ``keys`` with every keystroke's pause held, then let typing pause (all of them end)."""
    completions = app.completions
    completions.released.clear()
    expected = completions.waiting + len(keys)
    await pilot.press(*keys)
    await wait_for(pilot, lambda: completions.waiting == expected)
    completions.released.set()
    await wait_for(pilot, lambda: completions.ended == expected)


async def test_typing_asks_once_it_pauses_not_on_every_keystroke() -> None:
    server = Server()
    app = Form(server)
    async with app.run_test() as pilot:
        await type_then_pause(pilot, app, *"ali")
        await wait_for(pilot, lambda: app.entry._suggestion == "alice")
        assert server.asked == ["ali"]  # "a" and "al" were typed over before typing paused
    assert DEBOUNCE_S == 0.15


async def test_an_answer_is_kept_for_the_open_form() -> None:
    server = Server()
    app = Form(server)
    async with app.run_test() as pilot:
        await type_then_pause(pilot, app, *"alb")
        await wait_for(pilot, lambda: app.entry._suggestion == "albert")
        await type_then_pause(pilot, app, "backspace")
        await wait_for(pilot, lambda: app.entry._suggestion == "alan")
        await type_then_pause(pilot, app, "b")
        # Shown once "alb" was looked up again, after asking the server if it was not kept.
        await wait_for(pilot, lambda: app.entry._suggestion == "albert")
        assert server.asked == ["alb", "al"]  # "alb" again came from what the form kept


async def test_a_late_answer_for_an_old_value_does_not_replace_the_newer_one() -> None:
    server = Server(gated=True)
    app = Form(server)
    async with app.run_test() as pilot:
        await type_then_pause(pilot, app, "a")
        await wait_for(pilot, lambda: server.asked == ["a"])  # asked, and the answer is held back
        await type_then_pause(pilot, app, "l", "i")
        await wait_for(pilot, lambda: server.asked == ["a", "ali"])
        server.gates["ali"].set()
        await wait_for(pilot, lambda: app.entry._suggestion == "alice")
        server.gates["a"].set()  # the answer for "a" ("alan") arrives last
        await wait_for(pilot, lambda: server.answered == ["ali", "a"])
        await pilot.pause()  # whatever that answer led to has been handled
        assert app.entry.value == "ali"
        assert app.entry._suggestion == "alice"


async def test_a_late_answer_is_dropped_before_it_reaches_the_field() -> None:
    server = Server(gated=True)
    value = "a"
    completions = FormCompletions(server.complete, debounce=0)
    suggester = ServerSuggester(completions, "name", lambda: value, dict)
    old = asyncio.ensure_future(suggester.get_suggestion("a"))
    await server.reached("a")
    value = "ali"
    new = asyncio.ensure_future(suggester.get_suggestion("ali"))
    await server.reached("ali")
    server.gates["ali"].set()
    assert await new == "alice"
    server.gates["a"].set()
    assert await old is None


async def test_a_suggestion_with_hidden_characters_is_never_offered() -> None:
    """Accepting a suggestion types it: a zero-width space or a terminal control must not get in."""

    async def complete(argument: str, value: str, context: dict[str, str]) -> list[str]:
        return ["al\u200bice", "al\x1b[2Jbert", "alan"]

    suggester = ServerSuggester(FormCompletions(complete, debounce=0), "name", lambda: "al", dict)
    assert await suggester.get_suggestion("al") == "alan"
