"""The tool-resolution extension's conservative bounds, and what to use when a server breaks them.

Static annotations are the worst case over every argument set, so a resolution may only make a call look
*less* risky in the ways the static definition allows. The spec defaults apply before the check (a tool
that states nothing is a destructive, non-idempotent, open-world write, which bounds nothing).
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.model.hints import Hints
from tui.safety.grade import grade_hints


@dataclass(frozen=True)
class BrokenBound:
    bound: str
    """Which bound: "read-only", "non-destructive", "idempotent" or "closed-world"."""
    text: str
    """One plain sentence naming the bound and what the server claimed instead."""


def broken_bounds(static: Hints, claimed: Hints) -> tuple[BrokenBound, ...]:
    """Every bound the claimed hints break, in a fixed order (empty when the answer is within bounds)."""
    broken: list[BrokenBound] = []
    writes = not claimed.read_only.value
    if static.read_only.value and writes:
        broken.append(
            BrokenBound(
                "read-only",
                "the tool is read-only in tools/list, so every call must be read-only, "
                "but the server resolved this call as a write",
            )
        )
    static_writes = not static.read_only.value
    if static_writes and not static.destructive.value and writes and claimed.destructive.value:
        broken.append(
            BrokenBound(
                "non-destructive",
                "the tool is a non-destructive write in tools/list, so no call may be destructive, "
                "but the server resolved this call as destructive",
            )
        )
    if static_writes and static.idempotent.value and writes and not claimed.idempotent.value:
        broken.append(
            BrokenBound(
                "idempotent",
                "the tool is idempotent in tools/list, so every write must be idempotent, "
                "but the server resolved this call as not idempotent",
            )
        )
    if not static.open_world.value and claimed.open_world.value:
        broken.append(
            BrokenBound(
                "closed-world",
                "the tool is closed-world in tools/list, so no call may reach the outside world, "
                "but the server resolved this call as open-world",
            )
        )
    return tuple(broken)


def riskier_of(static: Hints, claimed: Hints) -> Hints:
    """The riskier of two complete hint sets, so a broken answer relaxes nothing; a tie keeps the static one.

    Riskier means a higher grade; within a grade, a non-idempotent write, then an open world.
    """

    def weight(hints: Hints) -> tuple[int, bool, bool]:
        writes = not hints.read_only.value
        return (grade_hints(hints).grade, writes and not hints.idempotent.value, hints.open_world.value)

    return claimed if weight(claimed) > weight(static) else static
