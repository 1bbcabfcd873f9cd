"""Beside a replayed call's result: each expectation of the saved call, held or failed, as the session
judged it (the same rules as ``mcp-tui run``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

from tui.ui.safe_text import literal

if TYPE_CHECKING:
    from tui.session.collection_shelf import Verdict


def verdicts_text(call_name: str, verdicts: Sequence[Verdict]) -> Content:
    failed = sum(not verdict.held for verdict in verdicts)
    if not verdicts:
        head = Content.styled("no expectations", "$text-muted")
    elif failed:
        head = Content.styled(f"{failed} of {len(verdicts)} expectations failed", "bold $text-error")
    else:
        head = Content.styled(f"all {len(verdicts)} expectations held", "bold $text-success")
    lines = [literal(f"Saved call {call_name!r}: ") + head]
    for verdict in verdicts:
        mark = (
            Content.styled("  pass ", "$text-success")
            if verdict.held
            else Content.styled("  FAIL ", "bold $text-error")
        )
        lines.append(mark + literal(verdict.text))
    return Content("\n").join(lines)


class ExpectationVerdicts(Static):
    DEFAULT_CSS = """
    ExpectationVerdicts { height: auto; padding: 0 1; border-bottom: solid $panel-lighten-2; }
    """

    def __init__(self, call_name: str, verdicts: Sequence[Verdict]) -> None:
        super().__init__(verdicts_text(call_name, verdicts), id="expectation-verdicts")
        self.verdicts = list(verdicts)
