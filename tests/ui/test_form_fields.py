"""Each field type of the argument form, driven by the keyboard and mouse through Textual's pilot."""

from __future__ import annotations

from typing import Any

import pytest
from test_form_support import NESTED_OPTIONS, SQL_QUERY, WRITE_FILE, FormApp, error_text, rendered_text
from textual.widgets import Input, Select, Static, Switch, TextArea

from tui.client.arguments import LONG_PATTERN
from tui.ui.widgets.form.bool_field import BoolField
from tui.ui.widgets.form.enum_field import EnumField
from tui.ui.widgets.form.json_field import JsonField
from tui.ui.widgets.form.list_field import ListField
from tui.ui.widgets.form.number_field import NumberField
from tui.ui.widgets.form.object_field import ObjectField
from tui.ui.widgets.form.text_field import PATTERN_SHOWN, TextField


async def test_string_fields_fill_in_order_with_tab() -> None:
    app = FormApp(WRITE_FILE)
    async with app.run_test() as pilot:
        await pilot.press(*"notes.txt", "tab", *"hello")
        await pilot.pause()
        assert app.form.value() == {"path": "notes.txt", "content": "hello"}
        assert app.changes[-1].arguments == {"path": "notes.txt", "content": "hello"}
        assert app.changes[-1].errors == []


async def test_registry_picks_one_class_per_shape() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test():
        assert type(app.field("target")) is TextField
        assert type(app.field("options")) is ObjectField
        assert type(app.field("options", "depth")) is NumberField
        assert type(app.field("options", "recursive")) is BoolField
        assert type(app.field("options", "format")) is EnumField
        assert type(app.field("options", "filter")) is ObjectField
        # Three levels down a list of strings is edited as JSON: the nesting is too deep for fieldsets.
        assert type(app.field("options", "filter", "exclude")) is JsonField
        assert type(app.field("points")) is JsonField  # a list of objects
        assert type(app.field("either")) is JsonField  # oneOf


async def test_optional_fields_left_empty_are_omitted() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test():
        # Only defaults and nothing else: no "", no null, no empty list for untouched fields.
        assert app.form.value() == {"options": {"recursive": False, "format": "json"}}


async def test_integer_parse_error_next_to_field_and_no_arguments() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test() as pilot:
        app.field("limit").query_one(Input).focus()
        await pilot.press(*"12x")
        await pilot.pause()
        assert error_text(app.field("limit")) == "not a whole number"
        assert app.changes[-1].arguments is None
        # Parse errors come first; the missing required query is still reported (for the preflight).
        assert [(e.path, e.message) for e in app.changes[-1].errors] == [
            (("limit",), "not a whole number"),
            (("query",), "This field is required."),
        ]
        await pilot.press("backspace")
        await pilot.pause()
        assert error_text(app.field("limit")) == ""
        assert app.changes[-1].arguments is not None
        assert app.changes[-1].arguments["limit"] == 12


async def test_number_accepts_decimals_and_checks_range() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test() as pilot:
        app.field("ratio").query_one(Input).focus()
        await pilot.press(*"1.5")
        await pilot.pause()
        assert app.changes[-1].arguments is not None
        assert app.changes[-1].arguments["ratio"] == 1.5
        assert error_text(app.field("ratio")) == "1.5 is greater than or equal to the maximum of 1"
        await pilot.press("backspace", "backspace", "backspace", *"0.25")
        await pilot.pause()
        assert error_text(app.field("ratio")) == ""
        assert app.form.value()["ratio"] == 0.25


async def test_integer_minimum_error_next_to_field() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test() as pilot:
        app.field("limit").query_one(Input).focus()
        await pilot.press("0")
        await pilot.pause()
        assert error_text(app.field("limit")) == "0 is less than the minimum of 1"
        assert error_text(app.field("query")) == ""  # untouched required field: not flagged yet


async def test_boolean_default_toggle_and_leave_out() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test() as pilot:
        assert app.form.value()["readonly"] is True
        app.field("readonly").query_one(Switch).focus()
        await pilot.press("space")
        await pilot.pause()
        assert app.form.value()["readonly"] is False
        await pilot.press("delete")
        await pilot.pause()
        assert "readonly" not in app.form.value()
        assert "not set" in rendered_text(app.field("readonly").query_one(".bool-state", Static))


async def test_enum_select_by_keyboard() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test(size=(80, 50)) as pilot:
        assert app.form.value()["mode"] == "rows"
        app.field("mode").query_one(Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.form.value()["mode"] == "count"
        assert app.changes[-1].arguments is not None
        assert app.changes[-1].arguments["mode"] == "count"


async def test_nested_object_fields() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test(size=(100, 80)) as pilot:
        app.field("options", "depth").query_one(Input).focus()
        await pilot.press("3")
        app.field("options", "filter", "glob").query_one(Input).focus()
        await pilot.press(*"*.py")
        await pilot.pause()
        assert app.form.value()["options"] == {
            "recursive": False,
            "depth": 3,
            "format": "json",
            "filter": {"glob": "*.py"},
        }


async def test_array_add_and_remove_items() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test(size=(100, 60)) as pilot:
        params = app.field("params")
        assert isinstance(params, ListField)
        assert app.form.value()["params"] == []  # the default [] is sent as given
        for text in ("a", "b", "c"):
            await pilot.click(params.query_one(".add-item"))
            await pilot.pause()
            assert isinstance(app.focused, Input)
            await pilot.press(*text)
        await pilot.pause()
        assert app.form.value()["params"] == ["a", "b", "c"]
        await pilot.click(params.rows[1].query_one(".remove-item"))
        await pilot.pause()
        assert app.form.value()["params"] == ["a", "c"]
        assert len(params.query(Input)) == 2
        assert app.changes[-1].arguments is not None
        assert app.changes[-1].arguments["params"] == ["a", "c"]


async def test_json_field_for_one_of() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test() as pilot:
        editor = app.field("either").query_one(TextArea)
        editor.focus()
        await pilot.press(*"[1")
        await pilot.pause()
        assert error_text(app.field("either")).startswith("invalid JSON")
        assert app.changes[-1].arguments is None
        editor.load_text("42")
        await pilot.pause()
        assert app.form.value()["either"] == 42


async def test_defaults_titles_required_markers_and_help() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test():
        query = app.field("query")
        assert rendered_text(query.query_one(".field-title", Static)) == "Query"
        assert query.query(".field-required")
        assert rendered_text(query.query_one(".field-help", Static)) == "One SQL statement"
        assert not app.field("limit").query(".field-required")
        assert rendered_text(app.field("readonly").query_one(".field-title", Static)) == "Read only"
        # No title: the property name is the label.
        assert rendered_text(app.field("mode").query_one(".field-title", Static)) == "mode"


async def test_format_hint_as_placeholder() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test():
        assert app.field("when").query_one(Input).placeholder == "YYYY-MM-DD"
        assert "format: date" in rendered_text(app.field("when").query_one(".field-kind", Static))
        assert app.field("target").query_one(Input).placeholder.startswith("https://")


async def test_no_properties_says_so() -> None:
    for schema in (None, {}, {"type": "object"}, {"type": "object", "properties": {}}):
        app = FormApp(schema)
        async with app.run_test() as pilot:
            note = app.form.query_one(".no-arguments", Static)
            assert rendered_text(note) == "This tool takes no arguments."
            assert app.form.value() == {}
            await pilot.pause()
            assert app.changes[-1].arguments == {}
            assert app.changes[-1].errors == []


# An elicitation requestedSchema (2025-11-25 style): titled single- and multi-select enums.
ELICITATION = {
    "type": "object",
    "properties": {
        "size": {
            "type": "string",
            "title": "Size",
            "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}],
        },
        "extras": {
            "type": "array",
            "title": "Extras",
            "items": {"anyOf": [{"const": "cheese", "title": "Cheese"}, {"const": "ham", "title": "Ham"}]},
        },
    },
    "required": ["size"],
}


async def test_titled_enums_from_elicitation() -> None:
    app = FormApp(ELICITATION)
    async with app.run_test(size=(80, 40)) as pilot:
        size = app.field("size")
        assert isinstance(size, EnumField)
        assert [str(prompt) for prompt, _ in size.select._options[1:]] == ["Small", "Large"]
        extras = app.field("extras")
        assert isinstance(extras, ListField)
        app.form.set_value({"size": "l", "extras": ["ham", "cheese"]})
        await pilot.pause()
        assert app.form.value() == {"size": "l", "extras": ["ham", "cheese"]}
        assert isinstance(app.field("extras", 0), EnumField)
        assert app.changes[-1].errors == []


async def test_a_pattern_is_a_plain_line_under_the_box_not_part_of_the_label() -> None:
    # A regex beside the label pushed the title out of sight; server text, so nothing in it may hide.
    pattern = "^[a-z]+\u202e$\n[0-9]{3}"
    schema = {
        "type": "object",
        "properties": {"code": {"type": "string", "pattern": pattern, "maxLength": 9}},
    }
    app = FormApp(schema)
    async with app.run_test(size=(80, 24)):
        code = app.field("code")
        assert rendered_text(code.query_one(".field-title", Static)) == "code"
        kind = rendered_text(code.query_one(".field-kind", Static))
        assert kind == "at most 9 characters"
        rule = rendered_text(code.query_one(".field-rule", Static))
        assert rule == "must match the pattern: ^[a-z]+<U+202E>$\\x0a[0-9]{3}"


async def test_a_field_without_a_pattern_has_no_rule_line() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test():
        assert not app.field("target").query(".field-rule")


async def test_a_long_pattern_is_cut_under_the_box_and_in_its_error() -> None:
    # A generated regex can run to thousands of characters: under the box and in the error it would bury
    # the form. The Details tab's input schema holds it whole.
    pattern = "^(" + "|".join(f"word{n}" for n in range(100)) + ")$"
    schema = {"type": "object", "properties": {"code": {"type": "string", "pattern": pattern}}}
    app = FormApp(schema)
    async with app.run_test(size=(80, 24)) as pilot:
        code = app.field("code")
        rule = rendered_text(code.query_one(".field-rule", Static))
        whole = f"({len(pattern):,} characters, in full in Details)"
        assert rule == f"must match the pattern: {pattern[: PATTERN_SHOWN - 1]}… {whole}"
        code.query_one(Input).value = "nope"
        await pilot.pause()
        cut = repr(pattern[: LONG_PATTERN - 1])
        assert error_text(code) == f"'nope' does not match the pattern {cut}… ({len(pattern):,} characters)"


@pytest.mark.parametrize(
    ("answer_schema", "labels"),
    [
        ({"enum": ["42", 42, "x"]}, ['"42"', "42", "x"]),
        ({"oneOf": [{"const": "42"}, {"const": 42}, {"const": "x"}]}, ['"42"', "42", "x"]),
        ({"oneOf": [{"const": 1, "title": "one"}, {"const": "1", "title": "one"}]}, ["one = 1", 'one = "1"']),
    ],
)
async def test_a_dropdown_tells_the_text_42_from_the_number_42(
    answer_schema: dict[str, Any], labels: list[str]
) -> None:
    schema = {"type": "object", "properties": {"answer": answer_schema}}
    app = FormApp(schema)
    async with app.run_test(size=(80, 24)):
        answer = app.field("answer")
        assert isinstance(answer, EnumField)
        assert [str(prompt) for prompt, _ in answer.select._options[1:]] == labels


async def test_a_format_the_field_names_already_is_not_said_twice() -> None:
    # As server-everything describes its email field.
    schema = {
        "type": "object",
        "properties": {
            "email": {"type": "string", "format": "email", "description": "String with email format"},
            "when": {"type": "string", "format": "date", "description": "The day"},
        },
    }
    app = FormApp(schema)
    async with app.run_test():
        kinds = app.field("email").query(".field-kind").results(Static)
        assert not any("format" in rendered_text(kind) for kind in kinds)
        assert "format: date" in rendered_text(app.field("when").query_one(".field-kind", Static))
