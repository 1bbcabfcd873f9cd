"""A keystroke in the call form reaches the badges through the session's one evaluation: validated once
(in the session, not in the form too), its errors shown under the field they are about."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from test_form_support import error_text

from tui.client.arguments import validate_arguments
from tui.session.events import PreflightState


async def test_each_keystroke_is_validated_once_and_its_errors_come_back_to_the_form(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    validated: list[Any] = []

    def counting(schema: Any, arguments: Any) -> Any:
        validated.append(arguments)
        return validate_arguments(schema, arguments)

    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        tools = {tool.name: tool for tool in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["add_note"])  # text: required, at least one character
        form = panel(app).form
        assert form is not None
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        # Counted wherever a tui module calls the validator, from the first keystroke on.
        for name, module in list(sys.modules.items()):
            if name.startswith("tui.") and getattr(module, "validate_arguments", None) is validate_arguments:
                monkeypatch.setattr(module, "validate_arguments", counting)
        field = form.field_at(("text",))
        assert field is not None
        field.focus_editor()

        await pilot.press("h", "i")
        await wait_for(pilot, lambda: form.collect()[0] == {"text": "hi"})
        await wait_for(pilot, lambda: validated[-1:] == [{"text": "hi"}])
        assert validated == [{"text": "h"}, {"text": "hi"}]

        await pilot.press("backspace", "backspace")  # empty: the session says the field is required
        await wait_for(pilot, lambda: error_text(field) == "This field is required.")
        assert validated == [{"text": "h"}, {"text": "hi"}, {"text": "h"}, {}]
        evaluation = panel(app).evaluation
        assert evaluation is not None
        assert evaluation.latest is not None
        assert evaluation.latest.state is PreflightState.RESULT  # add_note does not resolve per call
        assert [error.field for error in evaluation.latest.errors] == ["text"]
