"""Effective tool hints and where each one came from.

Annotations travel through the app as the wire's camelCase dicts (``{"readOnlyHint": True}``), so the
same shape serves tools/list, tools/resolve, tools/annotations and the user's own overrides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any


class Provenance(StrEnum):
    EXPLICIT = "explicit"  # the server stated it in tools/list
    DEFAULT = "default"  # not stated: the spec default applies
    RESOLVED = "resolved"  # the server stated it for these exact arguments
    OVERRIDE = "override"  # the user's own local annotation


HINT_NAMES: tuple[str, ...] = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")

SPEC_DEFAULTS: Mapping[str, bool] = {
    "readOnlyHint": False,
    "destructiveHint": True,
    "idempotentHint": False,
    "openWorldHint": True,
}

SHORT_LABELS: Mapping[str, str] = {
    "readOnlyHint": "read-only",
    "destructiveHint": "destructive",
    "idempotentHint": "idempotent",
    "openWorldHint": "open-world",
}


@dataclass(frozen=True, slots=True)
class Hint:
    value: bool
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Hints:
    """The four effective hints of a tool (or of one call), each with its provenance."""

    read_only: Hint
    destructive: Hint
    idempotent: Hint
    open_world: Hint
    # True when the tool carried no annotations object at all (or an empty one).
    unannotated: bool = False

    @classmethod
    def from_annotations(
        cls, annotations: Mapping[str, Any] | None, provenance: Provenance = Provenance.EXPLICIT
    ) -> Hints:
        """Hints from one annotations dict; anything not stated (or not a bool) takes the spec default."""
        stated = stated_hints(annotations)
        values = {
            name: Hint(stated[name], provenance)
            if name in stated
            else Hint(SPEC_DEFAULTS[name], Provenance.DEFAULT)
            for name in HINT_NAMES
        }
        return cls(
            read_only=values["readOnlyHint"],
            destructive=values["destructiveHint"],
            idempotent=values["idempotentHint"],
            open_world=values["openWorldHint"],
            unannotated=not stated,
        )

    def overlay(self, annotations: Mapping[str, Any] | None, provenance: Provenance) -> Hints:
        """These hints with every hint stated in ``annotations`` replaced, carrying ``provenance``."""
        stated = stated_hints(annotations)
        if not stated:
            return self
        changes = {_FIELD[name]: Hint(value, provenance) for name, value in stated.items()}
        return replace(self, unannotated=False, **changes)

    def get(self, name: str) -> Hint:
        return getattr(self, _FIELD[name])

    def items(self) -> list[tuple[str, Hint]]:
        return [(name, self.get(name)) for name in HINT_NAMES]

    def is_meaningful(self, name: str) -> bool:
        """destructiveHint and idempotentHint mean nothing on a read-only tool (spec)."""
        if name in ("destructiveHint", "idempotentHint"):
            return not self.read_only.value
        return True


_FIELD: Mapping[str, str] = {
    "readOnlyHint": "read_only",
    "destructiveHint": "destructive",
    "idempotentHint": "idempotent",
    "openWorldHint": "open_world",
}


def stated_hints(annotations: Mapping[str, Any] | None) -> dict[str, bool]:
    """The hints an annotations dict actually states; non-bool values count as not stated.

    This is the one reading of a hint value: ``"yes"``, ``1`` or ``"false"`` are not true or false, so
    the spec default (the riskier reading) applies, and ``malformed_hints`` names them for the lint.
    """
    if not annotations:
        return {}
    return {name: value for name in HINT_NAMES if isinstance(value := annotations.get(name), bool)}


def malformed_hints(annotations: Mapping[str, Any] | None) -> dict[str, Any]:
    """The hints sent with a value that is neither true, false nor null: ``stated_hints`` ignores them."""
    if not annotations:
        return {}
    return {
        name: value
        for name in HINT_NAMES
        if name in annotations and (value := annotations[name]) is not None and not isinstance(value, bool)
    }


def hints_record(hints: Hints) -> dict[str, dict[str, Any]]:
    """The hints as JSON, as the audit record and every ``--json`` document write them:
    ``{"readOnlyHint": {"value": true, "provenance": "resolved"}, ...}``."""
    return {name: {"value": h.value, "provenance": h.provenance.value} for name, h in hints.items()}
