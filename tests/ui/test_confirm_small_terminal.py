"""A critical dialog in an 80x24 terminal opens with what the call is in view, not scrolled behind its gate.

Who asks, why it is critical and the start of the arguments must be on screen above the docked name box
and buttons, and those must be whole and reachable, without scrolling.
"""

from __future__ import annotations

import pytest
from test_confirm_support import ConfirmHost, make_request
from textual.widget import Widget
from textual.widgets import Button, Input

from tui.safety.confirm import ConfirmRequest
from tui.ui.screens.confirm_call import ConfirmCallScreen

# Unannotated: critical by default, with four reasons (write, destructive, open world, not idempotent).
CONFETTI = make_request("launch_confetti", None, arguments={"colour": "rainbow", "count": 3})


# The demo's http_api DELETE: resolved hints (each reason two lines at 80 columns) and what resolution
# changed; in a 72-column frame its arguments started below the gate.
HTTP_DELETE = make_request(
    "http_api",
    {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False, "openWorldHint": True},
    arguments={"method": "DELETE", "path": "/notes/1"},
    resolved={"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": True},
)


@pytest.mark.parametrize("request_", [CONFETTI, HTTP_DELETE], ids=["unannotated", "resolved-with-changes"])
async def test_a_critical_dialog_at_80x24_shows_who_why_and_the_arguments_above_its_gate(
    request_: ConfirmRequest,
) -> None:
    app = ConfirmHost(request_)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmCallScreen)
        assert screen.query_one("#confirm-box").scroll_y == 0  # opened at its top
        box = screen.query_one("#confirm-box").content_region
        footer_top = screen.query_one("#confirm-footer").region.y

        def in_view_above_the_gate(widget: Widget) -> bool:
            region = widget.region
            return box.contains_region(region) and region.bottom <= footer_top

        for part in ("#confirm-title", "#confirm-grade", "#confirm-decision", "#confirm-reasons"):
            assert in_view_above_the_gate(screen.query_one(part)), f"{part} is out of view"
        arguments = screen.query_one("#confirm-arguments").region
        assert box.y <= arguments.y, "the arguments box starts above the dialog"
        assert arguments.y + 2 <= footer_top, "not even the first line of the arguments is in view"
        for widget in [screen.query_one("#confirm-typed-name", Input), *screen.query(Button)]:
            assert box.contains_region(widget.region), f"{widget.id} is cut off"
