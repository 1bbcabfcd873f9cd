"""What every settings change returns, and the kinds of change the session announces."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

ChangeKind = Literal["preference", "timeout", "trust", "rule", "override", "approval", "server", "policy"]
"""``policy``: a policy file changed on disk (another instance, a hand edit, the team's managed file)."""


@dataclass(frozen=True)
class Saved:
    """The result of one change: whether it holds, and one sentence saying where it went or why not."""

    ok: bool
    message: str
    note: str | None = None
    """A warning that does not undo the change (a rule for a tool the server does not offer)."""


def with_note(saved: Saved, note: str | None) -> Saved:
    notes = [text for text in (saved.note, note) if text]
    return dataclasses.replace(saved, note=" ".join(notes) or None)
