"""The values an enum allows, looked up fast, and a typed text read as one of them.

A server may list any number of choices (an ``enum``, or a ``oneOf``/``anyOf`` of ``const`` branches,
as elicitation's titled enums are written); both the form and the local validation look a value up in a
table built once instead of comparing it with each choice. Plain Python: the form and the CLI share it.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Final

ANNOTATION_KEYS: Final = frozenset({"const", "title", "description", "$comment"})
"""What a ``const`` branch may hold besides its value and still be read as a plain choice."""


def choice_key(value: Any) -> Hashable | None:
    """A table key with JSON equality (``true`` is not ``1``, ``1`` is ``1.0``); None for an array
    or object, which is never looked up in a table."""
    if isinstance(value, bool):
        return ("boolean", value)
    if value is None:
        return ("null", None)
    if isinstance(value, str):
        return ("string", value)
    if isinstance(value, int | float):
        return ("number", value)
    return None


def const_branches(schema: dict[str, Any]) -> tuple[str, list[dict[str, Any]]] | None:
    """``("oneOf" | "anyOf", branches)`` when every branch is a ``const`` with at most a title, a
    description or a comment (each a string, as the meta-schema asks): an enum written long-hand."""
    for keyword in ("oneOf", "anyOf"):
        branches = schema.get(keyword)
        if isinstance(branches, list) and branches and all(map(_plain_const, branches)):
            return keyword, branches
    return None


def _plain_const(branch: Any) -> bool:
    return (
        isinstance(branch, dict)
        and "const" in branch
        and branch.keys() <= ANNOTATION_KEYS
        and all(isinstance(value, str) for key, value in branch.items() if key != "const")
    )


@dataclass(frozen=True)
class Typed:
    """What a typed text names: the choice (its index) and, when the text could name two, why this one."""

    index: int
    note: str = ""


class Choices:
    """The choices of one enum, in the schema's order, with a table for lookups."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = list(values)
        self._table: dict[Hashable, int] = {}
        for index, value in enumerate(self.values):
            key = choice_key(value)
            if key is not None:
                self._table.setdefault(key, index)

    def __len__(self) -> int:
        return len(self.values)

    def find(self, value: Any) -> int | None:
        """The index of the choice equal to ``value`` (JSON equality), or None."""
        key = choice_key(value)
        return self._table.get(key) if key is not None else None

    def read(self, text: str) -> Typed | None:
        """The choice a text box's ``text`` names, or None.

        The rule: the text as it is, when it is a choice, wins; otherwise the text is read as JSON, so
        ``7``, ``true`` and ``null`` name those values and ``"7"`` (quoted) names the text 7. When the
        enum has both the text ``42`` and the number ``42``, typing 42 picks the text (it is a text box)
        and the note says so, and how to send the number instead.
        """
        exact = self._table.get(("string", text))
        try:
            parsed = json.loads(text)
        except (ValueError, RecursionError):
            parsed = _NOT_JSON
        other = self.find(parsed) if parsed is not _NOT_JSON and not isinstance(parsed, str) else None
        if exact is not None:
            if other is None:
                return Typed(exact)
            return Typed(exact, _both_note(text, self.values[other]))
        index = self.find(parsed) if parsed is not _NOT_JSON else None
        return Typed(index) if index is not None else None


_NOT_JSON: Final = object()


def _both_note(text: str, other: Any) -> str:
    kind = "number" if isinstance(other, int | float) and not isinstance(other, bool) else "value"
    return (
        f"Both the text {json.dumps(text, ensure_ascii=False)} and the {kind} {json.dumps(other)} are "
        "choices: the text is sent."
    )
