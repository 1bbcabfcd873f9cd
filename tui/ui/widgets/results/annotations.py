"""A content block's annotations (audience, priority, last modified) as one muted line above the block.

The values come from the server, so they are shown literally; a timestamp that does not parse is shown
as sent rather than dropped.
"""

from __future__ import annotations

from datetime import datetime

from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from tui.model.results import ContentAnnotations
from tui.ui.safe_text import literal, one_line

AUDIENCE_WORDS = {("user",): "for you only", ("assistant",): "for the assistant only"}


def audience_text(audience: tuple[str, ...]) -> str:
    roles = tuple(sorted(set(audience)))
    if roles in AUDIENCE_WORDS:
        return AUDIENCE_WORDS[roles]
    if roles == ("assistant", "user"):
        return "for you and the assistant"
    return "for " + ", ".join(one_line(role, 40) for role in roles)


def priority_text(priority: float) -> str:
    word = "high" if priority >= 0.7 else "low" if priority <= 0.3 else "medium"
    return f"priority {priority:g} ({word})"


def modified_text(stamp: str) -> str:
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return f"modified {one_line(stamp, 60)}"
    zone = when.strftime(" %Z") if when.tzinfo is not None else ""
    return f"modified {when:%Y-%m-%d %H:%M}{zone}"


def annotation_line(notes: ContentAnnotations) -> str:
    """E.g. ``for the assistant only · priority 0.9 (high) · modified 2025-01-02 13:04 UTC``."""
    parts = []
    if notes.audience:
        parts.append(audience_text(notes.audience))
    if notes.priority is not None:
        parts.append(priority_text(notes.priority))
    if notes.last_modified:
        parts.append(modified_text(notes.last_modified))
    return " · ".join(parts)


def with_annotations(block: Widget, notes: ContentAnnotations | None) -> Widget:
    """``block`` as is, or under a line of its annotations (the pair framed as one block)."""
    if notes is None:
        return block
    line = Static(literal(annotation_line(notes)), classes="block-annotations")
    return Vertical(line, block, classes="result-block annotated-block")
