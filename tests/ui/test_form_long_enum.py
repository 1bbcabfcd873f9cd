"""An enum of 100,000 choices: no 100,000-option dropdown, but a box checked against the choices."""

from __future__ import annotations

from typing import Any

from test_form_support import FormApp, error_text, rendered_text
from textual.app import App, ComposeResult
from textual.widgets import Input, Label, Select, Static

from tui.client import arguments
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
    # How long building it takes is bench/long_enum_form.py's to print; here, that nothing is built
    # per choice: no dropdown, and a handful of widgets for the field.
    app = FormApp(SCHEMA)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        city = app.field("city")
        assert isinstance(city, LongEnumField)
        assert not city.query(Select)
        assert len(city.query("*")) < 20
        assert isinstance(app.field("size"), EnumField), "a short enum keeps its dropdown"
        assert rendered_text(city.query_one(".field-kind", Label)) == "one of 100,000 choices"
        assert city.query_one(Input).placeholder == "type one of the 100,000 choices"
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


async def test_a_long_oneof_of_titled_consts_is_typed_too_and_checked_without_jsonschema() -> None:
    branches = [{"const": f"c{n}", "title": f"Code {n}"} for n in range(100_000)]
    schema = {"type": "object", "properties": {"code": {"oneOf": branches}}}
    app = FormApp(schema)
    async with app.run_test(size=(100, 40)) as pilot:
        code = app.field("code")
        assert isinstance(code, LongEnumField)
        assert "one of 100,000 choices" in rendered_text(code.query_one(".field-kind", Label))
        code.query_one(Input).value = "c77"
        await pilot.pause()
        assert app.changes[-1].arguments == {"code": "c77"}
        assert app.changes[-1].errors == []
        built = arguments._validator(arguments._schema_key(app.form.schema))
        assert not isinstance(built, str)
        assert "enum" in built.schema["properties"]["code"], "each edit would check 100,000 branches"


MIXED: dict[str, Any] = {
    "type": "object",
    "properties": {"answer": {"enum": ["42", 42, *[f"v{n}" for n in range(300)]]}},
}


async def test_typing_42_when_the_text_and_the_number_are_both_choices_sends_the_text_and_says_so() -> None:
    app = FormApp(MIXED)
    async with app.run_test(size=(100, 40)) as pilot:
        answer = app.field("answer")
        note = answer.query_one(".field-choice-note", Static)
        answer.query_one(Input).value = "42"
        await pilot.pause()
        assert app.form.value() == {"answer": "42"}
        assert note.display
        assert rendered_text(note).startswith(
            'Both the text "42" and the number 42 are choices: the text is sent.'
        )
        answer.query_one(Input).value = "v1"
        await pilot.pause()
        assert not note.display


async def test_the_number_42_beside_the_text_42_opens_in_the_json_editor() -> None:
    """Shown in the box, the number would be read back as the text: the form keeps it exact as JSON."""
    app = FormApp(MIXED, initial={"answer": 42})
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.form.raw_mode
        assert app.form.value() == {"answer": 42}
        assert type(app.form.value()["answer"]) is int
