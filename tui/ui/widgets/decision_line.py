"""The call panel's decision line: what a call with the form's arguments would get now, and which rule
decides it (``decision_line``, the same words as the dialog's). The session computes the decision with
each evaluation (``ArgumentsEvaluated.decision``), and again when a policy file changes on disk, so the
line is current before the next call; this only draws it.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tui.safety.decision import Decision
from tui.safety.decision_words import decision_line
from tui.ui.safe_text import literal

STYLES = {"allow": "$text-success", "ask": "$text-accent", "deny": "$text-error"}


class DecisionLine(Static):
    """``Decision: allowed: your rule at config.toml:42``, or nothing while the arguments do not parse."""

    DEFAULT_CSS = """
    DecisionLine { height: auto; max-height: 2; padding: 0 1; }
    DecisionLine.-none { display: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.decision: Decision | None = None
        self.show(None)

    @property
    def text(self) -> str:
        """The line as drawn (empty when hidden)."""
        return decision_line(self.decision) if self.decision is not None else ""

    def show(self, decision: Decision | None) -> None:
        self.decision = decision
        self.set_class(decision is None, "-none")
        if decision is None:
            self.update("")
            return
        # Reasons quote tool and server names: data from the server, shown literally.
        words = literal(decision_line(decision), STYLES.get(decision.action, ""))
        self.update(Content.assemble(Content.styled("Decision: ", "dim"), words))
