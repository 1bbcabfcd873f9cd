"""The call panel's decision line: what a call with the form's arguments would get now, and which rule
decides it (``decision_line``, the same words as the dialog's). The session computes the decision with
each evaluation (``ArgumentsEvaluated.decision``), and again when a policy file changes on disk, so the
line is current before the next call; this only draws it.

One row, always there (blank until the arguments parse), in the row that used to be the badges' margin:
at 80x24 the form and the result have no row to spare. When the whole line does not fit, the short form
drops what the assessment was and keeps the rule's file and line; the tooltip has it all.
"""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import Static

from tui.safety.decision import Decision
from tui.safety.decision_words import decision_line
from tui.ui.safe_text import literal

STYLES = {"allow": "$text-success", "ask": "$text-accent", "deny": "$text-error"}


class DecisionLine(Static):
    """``allowed: your rule at config.toml:42``, or a blank row while the arguments do not parse."""

    DEFAULT_CSS = """
    DecisionLine { height: 1; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.decision: Decision | None = None

    @property
    def text(self) -> str:
        """The whole line (empty when there is no decision to show)."""
        return decision_line(self.decision) if self.decision is not None else ""

    @property
    def shown(self) -> str:
        """The line as it fits this row: the whole one, else the short one (the rule kept)."""
        if self.decision is None:
            return ""
        whole = self.text
        room = self.content_size.width
        return whole if room == 0 or len(whole) <= room else decision_line(self.decision, short=True)

    def show(self, decision: Decision | None) -> None:
        self.decision = decision
        self.tooltip = self.text or None
        self._draw()

    def on_resize(self, event: Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.decision is None:
            self.update("")
            return
        # Reasons quote tool and server names: data from the server, shown literally.
        self.update(literal(self.shown, STYLES.get(self.decision.action, "")))
