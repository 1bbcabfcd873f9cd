"""Item 10 of issue 28: "Always allow" says what it will do, beside the reason it would override."""

from __future__ import annotations

from app_harness import wait_for
from test_confirm_support import ADDITIVE, DESTRUCTIVE_CLOSED, ConfirmHost, make_request, plain
from textual.widgets import Static

from tui.config.model import Trust
from tui.safety.grade import Grade


async def test_untrusted_high_dialog_says_always_allow_overrides_the_destructive_confirm() -> None:
    request = make_request("erase_notes", DESTRUCTIVE_CLOSED, trust=Trust.UNTRUSTED)
    assert "you always confirm destructive calls" in request.decision.reason
    app = ConfirmHost(request)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query("#confirm-always-meaning")))
        meaning = plain(app.screen.query_one("#confirm-always-meaning", Static))
        assert (
            "from now on erase_notes on demo runs without asking, with any arguments, up to high" in meaning
        )
        assert (
            "up to high, even though you always confirm destructive calls, on this untrusted server too"
            in meaning
        )
        assert meaning.endswith("F4 revokes it.")


async def test_trusted_medium_dialog_names_no_override() -> None:
    app = ConfirmHost(make_request("add_note", ADDITIVE, trust=Trust.TRUSTED))
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query("#confirm-always-meaning")))
        meaning = plain(app.screen.query_one("#confirm-always-meaning", Static))
        assert "add_note on demo runs without asking, with any arguments, up to medium." in meaning
        assert "even though" not in meaning
        assert "untrusted" not in meaning


async def test_critical_dialog_offers_no_always_and_explains_none() -> None:
    request = make_request("wipe", {"destructiveHint": True, "openWorldHint": True, "readOnlyHint": False})
    assert request.grade.grade is Grade.CRITICAL
    app = ConfirmHost(request)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: bool(app.screen.query("#confirm-title")))
        assert not app.screen.query("#confirm-always-meaning")
