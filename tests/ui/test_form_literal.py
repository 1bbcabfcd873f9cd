"""Server text in the form (titles, descriptions, enum values, error messages) is data, never markup."""

from __future__ import annotations

from typing import Any

from test_form_support import FormApp, error_text, rendered_text
from textual.content import Content
from textual.widgets import Select, Static

CLICK = "[@click=app.quit]boom[/]"

HOSTILE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "target": {"type": "string", "title": "[bold red]x", "description": CLICK},
        "level": {"type": "string", "enum": ["[@click=app.quit]low[/]", "[reverse]high"]},
        "legacy": {"type": "string", "enum": ["a"], "enumNames": [CLICK]},
        "escape": {"type": "string", "description": "bell\x07 and \x1b[31mred"},
    },
    "required": ["target"],
}


def _plain(widget: Static) -> Content:
    visual = widget.render()
    assert isinstance(visual, Content)
    return visual


async def test_title_and_description_render_literally() -> None:
    app = FormApp(HOSTILE)
    async with app.run_test(size=(100, 50)) as pilot:
        title = app.field("target").query_one(".field-title", Static)
        help_text = app.field("target").query_one(".field-help", Static)
        assert rendered_text(title) == "[bold red]x"
        assert rendered_text(help_text) == CLICK
        assert not _plain(help_text).spans  # no link, no style hidden in the text
        await pilot.click(help_text, offset=(2, 0))
        await pilot.click(help_text, offset=(18, 0))
        await pilot.click(title)
        await pilot.pause()
        assert not app.quit_requested
        escaped = rendered_text(app.field("escape").query_one(".field-help", Static))
        assert escaped == "bell\\x07 and \\x1b[31mred"


async def test_enum_values_and_names_render_literally() -> None:
    app = FormApp(HOSTILE)
    async with app.run_test(size=(100, 50)) as pilot:
        select = app.field("level").query_one(Select)
        select.focus()
        await pilot.press("enter")
        await pilot.pause()
        overlay = select.query_one("SelectOverlay")
        prompts = [overlay.get_option_at_index(i).prompt for i in range(1, 3)]  # type: ignore[attr-defined]
        # Content built from plain text: a str prompt would be parsed as markup by the option list.
        assert all(isinstance(prompt, Content) and not prompt.spans for prompt in prompts)
        assert [prompt.plain for prompt in prompts] == ["[@click=app.quit]low[/]", "[reverse]high"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.form.value()["level"] == "[@click=app.quit]low[/]"
        await pilot.click(select)
        await pilot.pause()
        assert not app.quit_requested
        legacy = app.field("legacy").query_one(Select)
        legacy_prompts = [prompt for prompt, _ in legacy._options[1:]]
        assert all(isinstance(prompt, Content) for prompt in legacy_prompts)
        assert [str(prompt) for prompt in legacy_prompts] == [CLICK]


async def test_error_messages_quoting_server_values_stay_literal() -> None:
    app = FormApp(HOSTILE, initial={"target": "x", "level": "[bold]nope"})
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        # The value is not one of the choices, so the form opens the JSON editor with a plain notice.
        assert app.form.raw_mode
        assert "[bold]nope" in rendered_text(app.form.notice)
        assert "[bold]nope" in rendered_text(app.form.raw_error)
        assert not _plain(app.form.raw_error).spans
        app.form.raw.load_text('{"target": "[@click=app.quit]t[/]", "level": "[reverse]high"}')
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert not app.form.raw_mode
        assert error_text(app.field("target")) == ""
