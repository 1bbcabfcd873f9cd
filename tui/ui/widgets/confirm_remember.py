"""The confirmation dialog's remembered choices beyond "always": "these arguments, always" and the
durations ("for an hour", "for today"), one row of buttons under the main ones, and a line saying which
of them the managed policy rules out and why (``ConfirmRequest.remembered`` decides; this only draws it).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, Static

from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.ui.safe_text import literal

LABELS = {
    ConfirmChoice.EXACT: "These arguments, always (e)",
    ConfirmChoice.HOUR: "For an hour (h)",
    ConfirmChoice.TODAY: "For today (t)",
}

# Not in the footer: the buttons name their keys, and 80 columns have no room for three more.
BINDINGS = [
    Binding("e", "choose('exact')", "These arguments, always", show=False, id="confirm.exact"),
    Binding("h", "choose('hour')", "For an hour", show=False, id="confirm.hour"),
    Binding("t", "choose('today')", "For today", show=False, id="confirm.today"),
]

CSS = """
ConfirmCallScreen #confirm-remember { height: auto; align-horizontal: right; }
ConfirmCallScreen #confirm-remember Button { margin-left: 1; }
ConfirmCallScreen.-narrow #confirm-remember { align-horizontal: left; }
ConfirmCallScreen.-narrow #confirm-remember Button { margin-left: 0; margin-right: 1; }
ConfirmCallScreen #confirm-withheld, ConfirmCallScreen #confirm-limit-note { color: $text-muted; }
"""


def remember_row(request: ConfirmRequest, *, compact: bool) -> ComposeResult:
    """The offered choices among ``LABELS`` as a row of buttons (nothing when none is offered)."""
    offered = [choice for choice in LABELS if choice in request.remembered.choices]
    if not offered:
        return
    with Horizontal(id="confirm-remember"):
        for choice in offered:
            yield Button(Content(LABELS[choice]), id=f"confirm-{choice.value}", compact=compact)


def limit_lines(request: ConfirmRequest) -> ComposeResult:
    """What the managed policy rules out or limits among the remembered choices, one line each."""
    offers = request.remembered
    if offers.withheld:
        yield Static(literal("\n".join(offers.withheld)), id="confirm-withheld")
    if offers.note and offers.choices:
        yield Static(literal(offers.note), id="confirm-limit-note")
