"""Decline all has a key, ctrl+l, in both dialogs for a server's requests: in the footer and on the button
while others wait, working from inside the form or the reply box, and nowhere when nothing waits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_dialog_footer import SAMPLING, Host, footer_keys
from textual.screen import Screen
from textual.widgets import Button, Input, TextArea

from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.screens.request_dialog import RequestDialog
from tui.ui.screens.sampling import SamplingScreen

FORM: dict[str, Any] = {"type": "object", "properties": {"name": {"type": "string"}}}


def elicitation(waiting: int, decline_all: Callable[[], None]) -> Screen[Any]:
    return ElicitationScreen("demo", "Who are you?", FORM, waiting=waiting, decline_all=decline_all)


def sampling(waiting: int, decline_all: Callable[[], None]) -> Screen[Any]:
    return SamplingScreen("demo", SAMPLING, waiting=waiting, decline_all=decline_all)


DIALOGS = {"elicitation": (elicitation, Input), "sampling": (sampling, TextArea)}


@pytest.mark.parametrize("name", list(DIALOGS))
async def test_ctrl_l_declines_all_from_inside_the_text_box_and_the_footer_and_button_say_so(
    name: str,
) -> None:
    make, box = DIALOGS[name]
    declined: list[str] = []
    app = Host(lambda: make(3, lambda: declined.append("all")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one(box).focus()
        await pilot.pause()
        assert footer_keys(app).get("ctrl+l") == "Decline all"
        assert str(app.screen.query_one(".request-decline-all", Button).label) == "Decline all 4 (ctrl+l)"
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert declined == ["all"]


@pytest.mark.parametrize("name", list(DIALOGS))
async def test_with_nothing_waiting_ctrl_l_is_not_offered_and_does_nothing(name: str) -> None:
    make, _ = DIALOGS[name]
    declined: list[str] = []
    app = Host(lambda: make(0, lambda: declined.append("all")))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "ctrl+l" not in footer_keys(app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert declined == []
        # More arrive while it is open: the key appears with them.
        dialog = app.screen
        assert isinstance(dialog, RequestDialog)
        dialog.show_queue(2, 0)
        await pilot.pause()
        assert footer_keys(app).get("ctrl+l") == "Decline all"
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert declined == ["all"]
