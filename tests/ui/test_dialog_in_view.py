"""At 80x24 a dialog keeps who asks and what in sight, and a focused field shows with its label, clear of
the docked buttons."""

from __future__ import annotations

from functools import partial
from typing import Any

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from tui.model.features import SamplingMessage, SamplingRequest
from tui.model.results import TextBlock
from tui.session.argument_check import ArgumentChecker
from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.screens.sampling import SamplingScreen
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.form.base import FormField
from tui.ui.widgets.keep_in_view import keep_in_view

# As the demo's ask_user asks: a name, then a colour from a list.
ASK_USER = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name", "minLength": 1},
        "colour": {"type": "string", "title": "Favourite colour", "enum": ["red", "green", "blue"]},
    },
    "required": ["name"],
}


class Host(App[None]):
    def __init__(self, dialog: Any) -> None:
        super().__init__()
        self.dialog = dialog

    def compose(self) -> ComposeResult:
        yield Static("behind")

    def on_mount(self) -> None:
        self.push_screen(self.dialog)


def seen(widget: Widget) -> bool:
    """on screen, and not under anything docked over it (the widget itself is what the screen draws
    at its first and last rows)"""
    region = widget.region
    screen = widget.screen
    if not region or not screen.region.contains_region(region):
        return False
    top = screen.get_widget_at(region.x + 1, region.y)[0]
    bottom = screen.get_widget_at(region.x + 1, region.bottom - 1)[0]
    return widget in top.ancestors_with_self and widget in bottom.ancestors_with_self


def still(app: App[Any]) -> bool:
    """no scroll moving on the screen (mid-scroll a box passes through every offset)"""
    return not any(
        app.animator.is_being_animated(widget, attribute)
        for widget in app.screen.walk_children(with_self=True)
        for attribute in ("scroll_x", "scroll_y")
    )


def dialog_on_screen(app: App[Any]) -> bool:
    """the dialog laid out with its first field focused, no scroll moving: what a person sees"""
    focused = app.focused
    laid_out = focused is not None and focused.region.area > 0
    return isinstance(app.screen, ElicitationScreen) and laid_out and still(app)


def field_of(widget: Widget) -> FormField:
    return next(w for w in widget.ancestors if isinstance(w, FormField))


def label_of(widget: Widget) -> Widget:
    return field_of(widget).query_one(".field-title")


def colour_shown(app: App[Any]) -> bool:
    """the focused dropdown and its label in sight, no scroll moving"""
    select = app.screen.query_one(Select)
    focused = app.focused is not None and select in app.focused.ancestors_with_self
    return focused and still(app) and seen(label_of(select)) and seen(select)


async def test_tab_to_the_colour_shows_it_with_its_label_and_who_asks() -> None:
    app = Host(ElicitationScreen("demo", "What is your name?", ASK_USER))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, partial(dialog_on_screen, app))
        await pilot.press("tab")
        # The focus scrolls the dialog (Textual's scroll, then the label's correction): a field left out of
        # sight stays so, and the wait times out.
        await wait_for(pilot, partial(colour_shown, app))
        select = app.screen.query_one(Select)
        assert seen(label_of(select)), "the label of the focused field is out of sight"
        assert seen(select), "the focused dropdown is under the buttons"
        assert seen(app.screen.query_one("#elicit-from"))
        assert seen(app.screen.query_one("#elicit-message"))
        assert seen(app.screen.query_one("#elicit-accept"))


async def test_a_late_look_for_the_field_that_had_the_focus_leaves_the_new_one_in_view() -> None:
    """Tab pressed right after the dialog opened: the name field's second look (after a refresh) came
    after the colour's own and scrolled back to the name's label, leaving the dropdown under the buttons.
    Here that late look is made at a chosen moment, once the colour is in view."""
    app = Host(ElicitationScreen("demo", "What is your name?", ASK_USER))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, partial(dialog_on_screen, app))
        name = app.focused
        assert isinstance(name, Input)
        await pilot.press("tab")
        await wait_for(pilot, partial(colour_shown, app))
        box = app.screen.query_one("#elicit-box", VerticalScroll)
        scrolled = box.scroll_y
        assert not seen(label_of(name))  # what the late look would bring back into view
        keep_in_view(field_of(name), name)  # as the form asks after a refresh
        assert box.scroll_y == scrolled
        await pilot.pause()
        assert colour_shown(app)


async def test_sampling_opens_with_who_asks_and_the_system_prompt_in_sight() -> None:
    request = SamplingRequest(
        messages=(SamplingMessage("user", (TextBlock("Resource sampling-request context: hello"),)),),
        system_prompt="You are a helpful test server.",
        max_tokens=100,
        temperature=0.7,
    )
    app = Host(SamplingScreen("mcp-server-everything", request))
    async with app.run_test(size=(80, 24)) as pilot:

        def in_sight() -> bool:
            """who asks, the system prompt, the focused reply box and Send in sight, no scroll moving"""
            screen = app.screen
            if (
                not isinstance(screen, SamplingScreen)
                or not screen.query("#sampling-reply")
                or not still(app)
            ):
                return False
            reply = screen.query_one("#sampling-reply")
            shown = ("#sampling-from", "#sampling-system", "#sampling-reply", "#sampling-send")
            return app.focused is reply and all(seen(screen.query_one(selector)) for selector in shown)

        # The reply box is focused as the dialog opens and then scrolled clear of the buttons: a box left
        # under them stays there, and the wait times out.
        await wait_for(pilot, in_sight)
        assert seen(app.screen.query_one("#sampling-from"))
        assert seen(app.screen.query_one("#sampling-system"))
        reply = app.screen.query_one("#sampling-reply")
        assert app.focused is reply
        assert seen(reply), "the reply box is under the buttons"
        assert seen(app.screen.query_one("#sampling-send"))


TWO_FIELDS = {
    "type": "object",
    "properties": {
        "prompt": {"type": "string", "description": "The prompt to send to the LLM"},
        "maxTokens": {"type": "number", "description": "Maximum number of tokens to generate"},
    },
    "required": ["prompt"],
}


class FormHost(App[None]):
    CSS = "#box { height: 8; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box"):
            yield ArgumentForm(TWO_FIELDS, check=ArgumentChecker(TWO_FIELDS).check)


async def test_a_field_focused_while_its_form_still_scrolls_ends_up_shown_with_its_label() -> None:
    # As a call form opened at 80x24: Textual centres the first field focused before the layout
    # settled, smoothly, and the label went out of view after the field had been put in view.
    app = FormHost()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.query_one("#box", VerticalScroll)
        box.scroll_to(y=4, animate=True, duration=0.3)
        app.query_one(ArgumentForm).focus_first_field()

        def settled_above_the_label() -> bool:
            # Not while a scroll moves (Textual's, then the correction): a fixed pause was too short
            # for a loaded machine, and mid-scroll the box passes through every offset.
            return box.scroll_y < 4 and not app.animator.is_being_animated(box, "scroll_y")

        await wait_for(pilot, lambda: app.animator.is_being_animated(box, "scroll_y") or box.scroll_y > 0)
        await wait_for(pilot, settled_above_the_label)
        assert seen(app.query_one(ArgumentForm).query(".field-title").first())
