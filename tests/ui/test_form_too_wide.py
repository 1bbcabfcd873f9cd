"""A schema with more fields than the form builds (a hostile server sent 2000: the form took 17-25 s to
appear and froze keystrokes) opens the JSON editor instead, with a note saying why, and stays there."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, wait_for
from test_form_support import FormApp, rendered_text

from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.widgets.form import ArgumentForm
from tui.ui.widgets.form.base import FormField
from tui.ui.widgets.form.schema import MAX_FORM_FIELDS, field_count

pytestmark = pytest.mark.timeout(120)

SERVER = Path(__file__).resolve().parents[1] / "client" / "servers" / "flood_server.py"


def wide(count: int) -> dict[str, Any]:
    properties: dict[str, Any] = {f"f{i}": {"type": "string"} for i in range(count)}
    properties["f0"] = {"type": "string", "default": "zero"}
    return {"type": "object", "properties": properties}


def test_nested_fieldsets_count_towards_the_limit() -> None:
    nested = {"type": "object", "properties": {f"o{i}": wide(20) for i in range(10)}}
    assert field_count(wide(MAX_FORM_FIELDS)) == MAX_FORM_FIELDS
    assert field_count(nested) > MAX_FORM_FIELDS


async def test_a_form_at_the_limit_builds_its_fields() -> None:
    app = FormApp(wide(MAX_FORM_FIELDS))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.form.raw_mode
        assert len(app.form.root.fields) == MAX_FORM_FIELDS  # type: ignore[attr-defined]


async def test_a_form_past_the_limit_is_edited_as_json_only() -> None:
    app = FormApp(wide(2000))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.form.raw_mode
        assert len(app.form.query(FormField)) == 1  # no field built, only the empty root
        assert f"More than {MAX_FORM_FIELDS} fields" in rendered_text(app.form.notice)
        assert json.loads(app.form.raw.text) == {"f0": "zero"}  # the defaults a fresh form fills in
        await pilot.press("ctrl+j")
        await pilot.pause()
        assert app.form.raw_mode  # there is no form to go back to
        assert not app.form.query("#toggle-json")
        app.form.raw.load_text('{"f1999": "last"}')
        assert app.form.value() == {"f1999": "last"}
        app.form.set_value({"f5": "five"})
        assert app.form.raw_mode
        assert json.loads(app.form.raw.text) == {"f5": "five"}


async def test_an_elicitation_with_2000_fields_appears_at_once_and_answers(home: Path) -> None:
    answers = home / "answers.jsonl"
    schema = json.dumps(wide(2000))
    args = json.dumps([str(SERVER), "elicit", "2", "--schema", schema, "--answers", str(answers)])
    app = make_app(home, f"[servers.flood]\ncommand = {json.dumps(sys.executable)}\nargs = {args}\n")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ElicitationScreen))
        await pilot.pause()
        # What made it cheap, not a time (this machine is shared): one field, the JSON editor, instead of
        # the 2000 that took 25 s to build.
        assert len(app.screen.query(FormField)) == 1
        form = app.screen.query_one(ArgumentForm)
        assert app.focused is form.raw
        form.raw.load_text('{"f7": "seven"}')
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: answers.exists())
        await wait_for(pilot, lambda: isinstance(app.screen, ElicitationScreen))
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: len(answers.read_text(encoding="utf-8").splitlines()) == 2)
    results = [json.loads(line)["result"] for line in answers.read_text(encoding="utf-8").splitlines()]
    assert results == [{"action": "accept", "content": {"f7": "seven"}}, {"action": "decline"}]
