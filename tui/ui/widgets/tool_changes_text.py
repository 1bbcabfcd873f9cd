"""The Server tab's "since the last session" lines: the session's comparison of the tool cache's list
with the live one, in the words and order of ``mcp-tui diff`` (risk changes first)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tui.ui.safe_text import one_line

if TYPE_CHECKING:
    from tui.safety.tool_diff import ToolChange

SHOWN = 40
"""Changes listed before "… and N more": a server that renamed everything should not bury the controls."""


def changes_lines(changes: Sequence[ToolChange] | None) -> list[str]:
    if changes is None:
        return ["Tools since the last session: no earlier list to compare with (or not listed yet)"]
    if not changes:
        return ["Tools since the last session: unchanged"]
    risky = sum(change.risk for change in changes)
    head = f"Tools since the last session: {len(changes)} changes"
    lines = [head + (f", {risky} riskier" if risky else "")]
    for change in changes[:SHOWN]:
        word = "risk" if change.risk else change.kind
        # A tool's name (and the wording quoting the server's fields) on one line: a line break in a name
        # must not forge a line of its own in the Server tab.
        lines.append(f"  {word:<8} {one_line(change.tool, 80)}: {one_line(change.text, 200)}")
    if len(changes) > SHOWN:
        lines.append(f"  … and {len(changes) - SHOWN} more (mcp-tui diff lists them all)")
    return lines
