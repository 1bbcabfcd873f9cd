"""Raw JSON mode: form -> JSON -> form keeps every value; bad JSON is reported and never lost."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_form_support import NESTED_OPTIONS, SQL_QUERY, WRITE_FILE, FormApp, rendered_text
from textual.widgets import Button, Static

from tui.ui.widgets.form import ArgumentsInvalid

RICH_VALUE: dict[str, Any] = {
    "target": "https://example.com/data",
    "options": {
        "recursive": True,
        "depth": 4,
        "format": "text",
        "filter": {"glob": "", "exclude": ["*.tmp", "build/"]},
    },
    "points": [{"x": 1.5, "y": -2}, {"x": 0, "y": 0}],
    "when": "2024-02-29",
    "ratio": 0.5,
    "either": 7,
}


async def test_rich_value_survives_form_json_form() -> None:
    app = FormApp(NESTED_OPTIONS)
    async with app.run_test(size=(100, 80)) as pilot:
        app.form.set_value(RICH_VALUE)
        await pilot.pause()
        assert app.form.value() == RICH_VALUE  # "" for glob is kept: it was given explicitly
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.form.raw_mode
        assert json.loads(app.form.raw.text) == RICH_VALUE
        assert app.focused is app.form.raw
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert not app.form.raw_mode
        assert app.form.value() == RICH_VALUE
        assert app.changes[-1].arguments == RICH_VALUE
        assert app.changes[-1].errors == []


async def test_edits_in_json_show_up_in_the_form() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.click(app.form.query_one("#toggle-json", Button))
        await pilot.pause()
        assert app.form.raw_mode
        edited = {"query": "select 1", "params": ["x", "y"], "limit": 10, "readonly": False}
        edited["mode"] = "explain"
        app.form.raw.load_text(json.dumps(edited))
        await pilot.pause()
        assert app.changes[-1].arguments == edited  # the live preflight follows raw edits too
        await pilot.click(app.form.query_one("#toggle-json", Button))
        await pilot.pause()
        assert not app.form.raw_mode
        assert app.form.value() == edited
        assert len(app.field("params").rows) == 2  # type: ignore[attr-defined]


async def test_invalid_json_keeps_the_text_and_says_why() -> None:
    app = FormApp(WRITE_FILE)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+j")
        await pilot.pause()
        broken = '{"path": "a.txt", "content": '
        app.form.raw.load_text(broken)
        await pilot.pause()
        assert app.changes[-1].arguments is None
        assert app.changes[-1].errors[0].message.startswith("invalid JSON")
        assert rendered_text(app.form.raw_error).startswith("invalid JSON")
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.form.raw_mode  # stays in raw mode
        assert app.form.raw.text == broken
        assert "invalid JSON" in rendered_text(app.form.notice)
        with pytest.raises(ArgumentsInvalid, match="invalid JSON"):
            app.form.value()


async def test_json_that_the_form_cannot_show_stays_in_json() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+j")
        await pilot.pause()
        app.form.raw.load_text('{"query": "select 1", "limit": "ten"}')
        await pilot.pause()
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.form.raw_mode
        expected = "The form cannot show limit (expected a number); edit it as JSON."
        assert rendered_text(app.form.notice) == expected
        app.form.raw.load_text("[1, 2]")
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.form.raw_mode
        assert "must be a JSON object" in rendered_text(app.form.notice)


async def test_unknown_keys_are_kept_and_shown() -> None:
    app = FormApp(SQL_QUERY, initial={"query": "select 1", "trace": {"id": 3}})
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.form.value() == {"query": "select 1", "trace": {"id": 3}}
        note = app.form.root.query_one(".object-extra", Static)
        assert "trace" in rendered_text(note)


async def test_initial_is_shown_exactly_without_defaults() -> None:
    app = FormApp(SQL_QUERY, initial={"query": "select 2"})
    async with app.run_test():
        # readonly/mode/params have defaults, but a given value (e.g. reopened from history) is exact.
        assert app.form.value() == {"query": "select 2"}


async def test_switching_to_json_with_a_broken_field_is_refused() -> None:
    app = FormApp(SQL_QUERY)
    async with app.run_test() as pilot:
        app.field("limit").focus_editor()
        await pilot.press(*"abc", "ctrl+j")
        await pilot.pause()
        assert not app.form.raw_mode
        assert "Fix the fields" in rendered_text(app.form.notice)
        assert app.field("limit").query_one("Input").value == "abc"  # type: ignore[attr-defined]
