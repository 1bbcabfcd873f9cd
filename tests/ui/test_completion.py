"""Completions in the prompt and template forms: asked once typing pauses, kept for the open form, and a
late answer for an old value never replaces the newer one."""

from __future__ import annotations

import asyncio

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.widgets import Input

from tui.ui.widgets.completion import DEBOUNCE_S, FormCompletions, ServerSuggester

NAMES = ["alan", "albert", "alice", "bob"]


class Server:
    """Answers completion requests, each one held back until the test releases it (when gated)."""

    def __init__(self, gated: bool = False) -> None:
        self.asked: list[str] = []
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
        return [name for name in NAMES if name.startswith(value)]


class Form(App[None]):
    def __init__(self, server: Server, debounce: float = DEBOUNCE_S) -> None:
        super().__init__()
        self.completions = FormCompletions(server.complete, debounce)

    def compose(self) -> ComposeResult:
        entry = Input(id="name")
        entry.suggester = ServerSuggester(self.completions, "name", lambda: entry.value, dict)
        yield entry

    @property
    def entry(self) -> Input:
        return self.query_one("#name", Input)


async def test_typing_asks_once_it_pauses_not_on_every_keystroke() -> None:
    server = Server()
    app = Form(server, debounce=0.5)  # the pilot types slower than a person on a busy machine
    async with app.run_test() as pilot:
        await pilot.press(*"ali")
        await wait_for(pilot, lambda: app.entry._suggestion == "alice")
        await pilot.pause(0.3)
        assert server.asked == ["ali"]
    assert DEBOUNCE_S == 0.15


async def test_an_answer_is_kept_for_the_open_form() -> None:
    server = Server()
    app = Form(server)
    async with app.run_test() as pilot:
        await pilot.press(*"alb")
        await wait_for(pilot, lambda: app.entry._suggestion == "albert")
        await pilot.press("backspace")
        await wait_for(pilot, lambda: server.asked[-1:] == ["al"])
        await pilot.press("b")
        await wait_for(pilot, lambda: app.entry._suggestion == "albert")
        await pilot.pause(0.3)
        assert server.asked.count("alb") == 1  # "alb" again came from what the form kept


async def test_a_late_answer_for_an_old_value_does_not_replace_the_newer_one() -> None:
    server = Server(gated=True)
    app = Form(server)
    async with app.run_test() as pilot:
        await pilot.press("a")
        await wait_for(pilot, lambda: server.asked == ["a"])  # asked, and the answer is held back
        await pilot.press("l", "i")
        await wait_for(pilot, lambda: server.asked == ["a", "ali"])
        server.gates["ali"].set()
        await wait_for(pilot, lambda: app.entry._suggestion == "alice")
        server.gates["a"].set()  # the answer for "a" ("alan") arrives last
        await pilot.pause(0.3)
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
