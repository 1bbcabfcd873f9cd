"""One condition of a rule's ``when``, as read from a policy file (``tui.config.conditions`` reads it,
``tui.safety.conditions`` evaluates it). It imports nothing of the config package: the model of a rule
holds it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

Subject = Literal["argument", "grade", "resolved", "provenance"]


@dataclass(frozen=True)
class Condition:
    subject: Subject
    test: str
    """For an argument, one of ``ARGUMENT_TESTS``; for a grade ``min``/``max``; else the subject's name."""
    value: Any
    """What the test compares with: a compiled pattern for ``glob``/``regex``, a grade's name, a mapping
    of hints, a tuple of provenances."""
    pointer: tuple[str, ...] = ()
    """For an argument: the path to it (one name for a top-level argument)."""
    written: str = ""
    """The key as written (``path``, ``/options/force``), for messages and ``policy explain``."""
    pattern: str | None = None
    """For ``glob``/``regex``: the pattern as written (``value`` is what it compiled to)."""

    def describe(self) -> str:
        shown = self.pattern if self.pattern is not None else self.value
        if self.subject == "argument":
            return f"{self.written} {self.test} {json.dumps(shown, default=str)}"
        if self.subject == "grade":
            return f"grade {self.test} {shown}"
        return f"{self.subject} {json.dumps(shown, default=str)}"
