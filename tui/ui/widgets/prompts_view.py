"""Prompts: the list, a form for the chosen prompt's arguments (with the server's completions), and the
messages prompts/get returns, rendered literally."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tui.model.features import FeatureError, PromptInfo
from tui.session.argument_check import ArgumentChecker
from tui.ui.safe_text import literal
from tui.ui.widgets.completion import attach_completions
from tui.ui.widgets.content_text import message_text
from tui.ui.widgets.feature_pane import FeaturePane, highlight_first
from tui.ui.widgets.form import ArgumentForm


def prompt_schema(prompt: PromptInfo) -> dict[str, Any]:
    """Prompt arguments are strings; the required ones must be filled in."""
    properties = {
        arg.name: {
            "type": "string",
            "title": arg.name,
            **({"description": arg.description} if arg.description else {}),
        }
        for arg in prompt.arguments
    }
    return {
        "type": "object",
        "properties": properties,
        "required": [a.name for a in prompt.arguments if a.required],
    }


class PromptsView(FeaturePane):
    KIND = "Prompts"
    DEFAULT_CSS = """
    PromptsView #prompt-list { height: 10; }
    PromptsView #prompt-form-holder { height: auto; }
    PromptsView .pane-buttons { height: auto; }
    PromptsView .pane-buttons Button { margin-right: 1; }
    PromptsView #prompt-messages { height: 1fr; }
    """
    LIST_ID = "prompt-list"

    def __init__(self, session: Any, *, id: str | None = None) -> None:
        super().__init__(session, id=id)
        self.prompts: tuple[PromptInfo, ...] | None = None
        self.prompt: PromptInfo | None = None

    def compose(self) -> ComposeResult:
        yield self.status
        yield OptionList(id="prompt-list")
        yield Vertical(id="prompt-form-holder")
        with Horizontal(classes="pane-buttons"):
            yield Button("Get prompt", id="prompt-get", compact=True)
            yield Button("Refresh", id="prompt-refresh", compact=True)
        with VerticalScroll(id="prompt-messages"):
            yield Static("", id="prompt-text")

    @property
    def loaded(self) -> bool:
        return self.prompts is not None

    def reload(self) -> None:
        self.prompts = None
        self.query_one(OptionList).clear_options()
        if self.server is not None and self.session.manager is not None:
            self.load(self.server)

    @work(group="prompts", exclusive=True, exit_on_error=False)
    async def load(self, server: str) -> None:
        self.say(f"Listing the prompts of {server}…")
        try:
            prompts = await self.session.features.prompts(server)
        except FeatureError as error:
            self.say(str(error), error=True)
            return
        self.prompts = prompts
        options = [
            Option(literal(f"{p.title or p.name}  {p.description or ''}".rstrip()), id=f"p{i}")
            for i, p in enumerate(prompts)
        ]
        highlight_first(self.query_one(OptionList).add_options(options))
        count = len(prompts)
        self.say(
            f"{count} prompt{'s' if count != 1 else ''}. Pick one, fill in its arguments, press Get prompt."
        )

    @on(OptionList.OptionSelected, "#prompt-list")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.prompts is None or self.server is None or event.option.id is None:
            return
        self.prompt = prompt = self.prompts[int(event.option.id[1:])]
        holder = self.query_one("#prompt-form-holder")
        await holder.remove_children()
        schema = prompt_schema(prompt)
        form = ArgumentForm(
            schema,
            empty_text="This prompt takes no arguments.",
            check=ArgumentChecker(schema).check,  # the session validates
            id="prompt-form",
        )
        await holder.mount(form)
        if self.session.features.offers_completions(self.server):
            attach_completions(form, self.session, self.server, ("prompt", prompt.name))
        if prompt.arguments:
            form.focus_first_field()
        else:
            self.get(self.server, prompt.name, {})

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "prompt-refresh":
            self.reload()
        elif event.button.id == "prompt-get" and self.server is not None and self.prompt is not None:
            values, errors = self.query_one("#prompt-form", ArgumentForm).current()
            if values is None or errors:
                self.query_one("#prompt-form", ArgumentForm).reveal_errors()
                self.say("Fill in the required arguments first.", error=True)
                return
            self.get(self.server, self.prompt.name, {k: str(v) for k, v in values.items()})

    @work(group="prompt-get", exclusive=True, exit_on_error=False)
    async def get(self, server: str, name: str, arguments: dict[str, str]) -> None:
        self.say(f"Getting {name}…")
        try:
            result = await self.session.features.get_prompt(server, name, arguments)
        except FeatureError as error:
            self.say(str(error), error=True)
            return
        parts = [result.description] if result.description else []
        parts += [message_text(m.role, m.content) for m in result.messages]
        self.query_one("#prompt-text", Static).update(literal("\n\n".join(parts) or "(no messages)"))
        count = len(result.messages)
        self.say(f"{name}: {count} message{'s' if count != 1 else ''}.")
