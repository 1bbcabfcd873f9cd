"""Which remembered choices a confirmation offers ("always", "with exactly these arguments", "for an
hour", "for today"), and, for each one the managed policy rules out, why: the dialog leaves it out and
says so. One place for the rule, so the dialog cannot offer what the decision would then not honour.

Never for a critical call (product.md: no "always" there), nor when a rule says ask (step 4 or 5 decides
before any approval, so the approval would never be used). The managed limits (``ManagedLimits``):
``allow_always_approvals = false`` honours no remembered approval; ``max_always_grade`` none above it;
``approval_max_age`` ends every approval that long after it was made, so a duration longer than that is
not offered, and "always" says when it will end.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from tui.config.limits import ManagedLimits
from tui.safety.confirm_choice import REMEMBERED, ConfirmChoice
from tui.safety.decision_rules import RuleId
from tui.safety.grade import Grade

HOUR = timedelta(hours=1)


@dataclass(frozen=True)
class Offers:
    choices: tuple[ConfirmChoice, ...]
    """The remembered choices offered, in ``REMEMBERED`` order."""
    withheld: tuple[str, ...] = ()
    """Why the managed policy rules out a remembered choice, one line each (empty: nothing ruled out)."""
    note: str | None = None
    """What a managed limit does to an offered choice ("every approval ends after 8h")."""


def expiry_of(choice: ConfirmChoice, now: datetime) -> datetime | None:
    """When an approval given with ``choice`` at ``now`` (aware) ends; None: when it is revoked."""
    if choice is ConfirmChoice.HOUR:
        return now + HOUR
    if choice is ConfirmChoice.TODAY:
        local = now.astimezone()
        midnight = local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
        return midnight.astimezone(now.tzinfo)
    return None


def remember_offers(grade: Grade, rule: str, limits: ManagedLimits, now: datetime) -> Offers:
    if grade is Grade.CRITICAL or rule in (RuleId.ASK_RULE, RuleId.MANAGED_ASK):
        return Offers(())  # not the managed limits: nothing to explain beyond the dialog's reason
    if not limits.allow_always_approvals:
        why = "the managed policy honours no remembered approval (allow_always_approvals = false)"
        return Offers((), (f"Not offered: always, exactly these arguments, for an hour, for today: {why}",))
    top = limits.max_always_grade
    if top is not None and grade > Grade.parse(top):
        why = f"the managed policy lets no approval allow a call above {top} (max_always_grade)"
        return Offers((), (f"Not offered: always, exactly these arguments, for an hour, for today: {why}",))
    max_age = limits.approval_max_age
    if max_age is None:
        return Offers(REMEMBERED)
    too_long = [
        choice
        for choice in (ConfirmChoice.HOUR, ConfirmChoice.TODAY)
        if (ends := expiry_of(choice, now)) is not None and (ends - now).total_seconds() > max_age
    ]
    age = _duration(max_age)
    withheld: tuple[str, ...] = ()
    if too_long:
        names = " and ".join(LABELS[choice] for choice in too_long)
        withheld = (f"Not offered: {names}: the managed policy ends every approval after {age}",)
    offered = tuple(choice for choice in REMEMBERED if choice not in too_long)
    return Offers(offered, withheld, f"Every approval ends after {age} (the managed approval_max_age).")


LABELS = {
    ConfirmChoice.ALWAYS: "always",
    ConfirmChoice.EXACT: "exactly these arguments",
    ConfirmChoice.HOUR: "for an hour",
    ConfirmChoice.TODAY: "for today",
}


def _duration(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{int(seconds)}s"
