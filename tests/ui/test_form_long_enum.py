"""An enum of 100,000 choices: no 100,000-option dropdown, but a box checked against the choices."""

from __future__ import annotations

import time
from typing import Any

from test_form_support import FormApp, error_text, rendered_text
from textual.app import App, ComposeResult
from textual.widgets import Input, Label, Select, Static

from tui.ui.screens.elicitation import ElicitationScreen, ElicitResult
from tui.ui.widgets.form.enum_field import EnumField
from tui.ui.widgets.form.long_enum_field import DROPDOWN_LIMIT, LongEnumField
from tui.ui.widgets.form.schema import root_spec

CITIES = [f"city-{n}" for n in range(100_000)]
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "enum": CITIES},
        "code": {"enum": [*range(1000), True, None]},
        "size": {"type": "string", "enum": ["s", "m", "l"]},
    },
    "required": ["city"],
}


async def test_past_the_limit_the_value_is_typed_and_checked_against_the_choices() -> None:
    started = time.perf_counter()
    app = FormApp(SCHEMA)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert time.perf_counter() - started < 5, "building the form took too long"
        city = app.field("city")
        assert isinstance(city, LongEnumField)
        assert not city.query(Select)
        assert isinstance(app.field("size"), EnumField), "a short enum keeps its dropdown"
        assert "one of 100,000 choices" in rendered_text(city.query_one(".field-kind", Label))
        box = city.query_one(Input)
        box.focus()
        await pilot.press(*"city-")
        await pilot.pause()
        assert error_text(city) == "not one of the 100,000 choices"
        assert app.changes[-1].arguments is None, "what is typed is not sent"
        await pilot.press(*"99999")
        await pilot.pause()
        assert error_text(city) == ""
        assert app.form.value()["city"] == "city-99999"


async def test_other_json_values_are_typed_as_json_and_keep_their_type() -> None:
    app = FormApp(SCHEMA)
    async with app.run_test(size=(100, 40)) as pilot:
        code = app.field("code")
        assert isinstance(code, LongEnumField)
        for typed, value in (("7", 7), ("true", True), ("null", None)):
            code.query_one(Input).value = typed
            await pilot.pause()
            chosen = app.form.value()["code"]
            assert chosen == value
            assert type(chosen) is type(value)
        code.query_one(Input).value = "1000"  # not a choice, and true is not 1
        await pilot.pause()
        assert error_text(code) == "not one of the 1,002 choices"
        app.form.set_value({"city": "city-5", "code": True})
        await pilot.pause()
        assert app.field("city").query_one(Input).value == "city-5"
        assert code.query_one(Input).value == "true"


def test_the_limit_is_a_dropdown_still() -> None:
    assert DROPDOWN_LIMIT == 200
    assert not LongEnumField.matches(root_spec({"enum": list(range(200))}))
    assert LongEnumField.matches(root_spec({"enum": list(range(201))}))


class ElicitHost(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[ElicitResult | None] = []

    def compose(self) -> ComposeResult:
        yield Static("main")

    def on_mount(self) -> None:
        legacy = {"type": "string", "enum": CITIES, "enumNames": [c.upper() for c in CITIES]}
        schema = {"type": "object", "properties": {"city": legacy}, "required": ["city"]}
        self.push_screen(ElicitationScreen("demo", "Where to?", schema), self.answers.append)


async def test_the_elicitation_dialog_types_a_long_enum_too() -> None:
    app = ElicitHost()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert not app.screen.query(Select)
        assert isinstance(app.focused, Input)
        await pilot.press(*"city-42", "ctrl+s")
        await pilot.pause()
    assert app.answers == [("accept", {"city": "city-42"})]
