"""A form with nothing to fill in names what it is for: a tool, a prompt, a template, a server's question."""

from __future__ import annotations

from test_form_support import FormApp, rendered_text
from test_hidden_session_support import Host, HostileFeatures, HostileSession
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tui.model.features import PromptInfo, PromptMessage, PromptResult
from tui.model.results import TextBlock
from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.widgets.prompts_view import PromptsView


class NoArgumentFeatures(HostileFeatures):
    async def prompts(self, server: str) -> tuple[PromptInfo, ...]:
        return (PromptInfo("greet", "Greet", "Says hello", ()),)

    async def get_prompt(self, server: str, name: str, arguments: dict[str, str]) -> PromptResult:
        return PromptResult("hello", (PromptMessage("user", TextBlock("Hello.")),))


class NoArgumentSession(HostileSession):
    features = NoArgumentFeatures()


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_a_prompt_without_arguments_says_prompt() -> None:
    pane = PromptsView(NoArgumentSession())  # type: ignore[arg-type]
    app = Host(pane)
    async with app.run_test(size=(120, 40)) as pilot:
        pane.show_server("s")
        await settle(pilot)
        status = pane.query_one(".pane-status", Static)
        assert rendered_text(status) == "1 prompt. Pick one, fill in its arguments, press Get prompt."
        listing = pane.query_one("#prompt-list", OptionList)
        listing.focus()
        listing.highlighted = 0
        await pilot.press("enter")
        await settle(pilot)
        note = pane.query_one("#prompt-form").query_one(".no-arguments", Static)
        assert rendered_text(note) == "This prompt takes no arguments."
        assert rendered_text(status) == "greet: 1 message."


async def test_a_tools_form_still_says_tool() -> None:
    app = FormApp({"type": "object"})
    async with app.run_test():
        assert rendered_text(app.form.query_one(".no-arguments", Static)) == "This tool takes no arguments."


async def test_a_question_without_fields_says_what_to_do() -> None:
    screen = ElicitationScreen("s", "Go ahead?", {"type": "object", "properties": {}})
    app = Host(screen=screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        note = app.screen.query_one("#elicit-form").query_one(".no-arguments", Static)
        assert rendered_text(note) == "Nothing to fill in: accept or decline."
