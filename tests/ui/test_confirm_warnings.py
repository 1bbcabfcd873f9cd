"""The dialog shows every warning for the call, and a bound-breaking answer beside the static hints."""

from __future__ import annotations

from dataclasses import replace

from test_confirm_support import ConfirmHost, make_request, plain
from textual.widgets import Static

from tui.model.hints import Hints, Provenance
from tui.ui.screens.confirm_call import ConfirmCallScreen

CLOSED_READ = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}
NONDETERMINISTIC = "demo resolved the same arguments differently on different requests"
BROKEN = "broken closed-world bound: the tool is closed-world in tools/list"


async def test_every_warning_is_listed_and_none_replaces_another() -> None:
    request = make_request("wipe", {"readOnlyHint": True, "destructiveHint": True})
    assert request.lint, "the contradiction is a lint finding"
    request = replace(request, warnings=(NONDETERMINISTIC, BROKEN))
    app = ConfirmHost(request)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmCallScreen)
        text = plain(app.screen.query_one("#confirm-lint", Static))
    assert f"⚠ {NONDETERMINISTIC}" in text
    assert f"⚠ {BROKEN}" in text
    for lint in request.lint:
        assert lint.message in text


async def test_a_bound_breaking_answer_is_shown_beside_the_static_hints() -> None:
    static = Hints.from_annotations(CLOSED_READ)
    claimed = Hints.from_annotations({**CLOSED_READ, "openWorldHint": True}, Provenance.RESOLVED)
    request = replace(make_request("files", CLOSED_READ), static=static, claimed=claimed, warnings=(BROKEN,))
    app = ConfirmHost(request)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmCallScreen)
        text = plain(app.screen.query_one("#confirm-claimed", Static))
    rows = {line.split()[0]: line.split()[1:3] for line in text.splitlines()[2:6]}
    assert rows["openWorldHint"] == ["no", "yes"]
    assert rows["readOnlyHint"] == ["yes", "yes"]
    assert "riskier of the two" in text
