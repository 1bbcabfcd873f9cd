"""Local validation: errors next to the fields they belong to, top-level ones on top; both dialects."""

from __future__ import annotations

from typing import Any

from test_form_support import NESTED_OPTIONS, SQL_QUERY, WRITE_FILE, FormApp, error_text

DRAFT_07: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "definitions": {"Color": {"type": "string", "enum": ["red", "green"]}},
    "properties": {
        "color": {"$ref": "#/definitions/Color"},
        "size": {"type": "integer", "minimum": 1, "maximum": 10},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}, "maxItems": 2},
    },
    "required": ["color"],
}

SCHEMA_2020: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "$defs": {"Code": {"type": "string", "pattern": "^[A-Z]{3}$"}},
    "properties": {
        "code": {"$ref": "#/$defs/Code", "title": "Currency code"},
        "email": {"type": "string", "format": "email"},
        "amount": {"type": "number", "exclusiveMinimum": 0},
    },
    "required": ["code", "amount"],
}


async def test_required_errors_wait_for_an_edit_or_a_submit() -> None:
    app = FormApp(WRITE_FILE)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert error_text(app.field("path")) == ""  # a fresh form does not open in red
        assert {e.path for e in app.changes[-1].errors} == {("path",), ("content",)}
        errors = app.form.reveal_errors()
        await pilot.pause()
        assert [e.path for e in errors] == [("content",), ("path",)]
        assert error_text(app.field("path")) == "This field is required."
        assert error_text(app.field("content")) == "This field is required."
        app.field("path").focus_editor()
        await pilot.press("a")
        await pilot.pause()
        assert error_text(app.field("path")) == ""


async def test_top_level_errors_go_on_top() -> None:
    app = FormApp(WRITE_FILE, initial={"path": "a", "content": "b", "mode": "w"})
    async with app.run_test() as pilot:
        await pilot.pause()
        root_error = error_text(app.form.root)
        assert "Additional properties are not allowed ('mode' was unexpected)" in root_error
        # The root's error line is composed before every field.
        assert app.form.root.children[0] is app.form.root.error_line


async def test_nested_errors_land_on_the_nested_field() -> None:
    # target is a valid uri (format: uri is checked): only the nested fields are wrong here
    initial = {"target": "file:///srv/data", "options": {"depth": -1}, "points": [{"x": "a"}]}
    app = FormApp(NESTED_OPTIONS, initial=initial)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert error_text(app.field("options", "depth")) == "-1 is less than the minimum of 0"
        assert error_text(app.field("points")) == "0.x: 'a' is not of type 'number'"
        assert error_text(app.field("options")) == ""
        paths = {e.path for e in app.changes[-1].errors}
        assert paths == {("options", "depth"), ("points", 0, "x")}


async def test_draft_07_schema_with_definitions() -> None:
    app = FormApp(DRAFT_07, initial={"color": "red", "size": 11, "tags": ["abcd", "b", "c"]})
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.field("color").spec.schema["enum"] == ["red", "green"]  # the $ref was resolved
        assert app.form.value() == {"color": "red", "size": 11, "tags": ["abcd", "b", "c"]}
        assert error_text(app.field("size")) == "11 is greater than the maximum of 10"
        assert error_text(app.field("tags", 0)) == "'abcd' is too long"
        assert "is too long" in error_text(app.field("tags"))  # maxItems belongs to the list itself


async def test_2020_12_schema_with_defs_pattern_and_formats() -> None:
    app = FormApp(SCHEMA_2020)
    async with app.run_test() as pilot:
        app.field("code").focus_editor()
        await pilot.press(*"eur", "tab", *"not-an-email", "tab", "0")
        await pilot.pause()
        assert error_text(app.field("code")) == "'eur' does not match '^[A-Z]{3}$'"
        assert error_text(app.field("email")) == "'not-an-email' is not a 'email'"
        assert error_text(app.field("amount")) == "0 is less than or equal to the minimum of 0"
        app.form.set_value({"code": "EUR", "email": "me@example.com", "amount": 9.5})
        await pilot.pause()
        assert app.changes[-1].errors == []
        assert error_text(app.field("code")) == ""


async def test_nullable_field_reports_its_own_rule() -> None:
    app = FormApp(SQL_QUERY, initial={"query": "select 1", "limit": 5000})
    async with app.run_test() as pilot:
        await pilot.pause()
        assert error_text(app.field("limit")) == "5000 is greater than the maximum of 1000"
