"""Long enums for jsonschema: checked with a table, named by their count in a message.

A server may allow 100,000 values, as an ``enum`` or as a ``oneOf`` of ``const`` branches (elicitation's
titled enums are written so). jsonschema checks such a ``oneOf`` branch by branch: ~30 s to check the
schema and ~2 s per value, while the form validates at every keystroke; and its ``enum`` message lists
every choice (1.4 MB of text for the CLI to print). Plain Python, no Textual.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, Any, Final

from tui.model.choices import choice_key, const_branches

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

LONG_ENUM: Final = 64
"""An enum (or a oneOf/anyOf of consts) with more choices than this is checked with a table, and its
error message counts the choices instead of listing them. Shorter ones keep jsonschema's own check."""


def short_repr(value: Any) -> str:
    """``repr(value)`` cut to 60 characters: a message names the value, it does not have to hold it."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:59] + "…"


_DATA_KEYWORDS: Final = frozenset({"const", "enum", "default", "examples"})
"""Keywords whose value is data, not a schema: never rewritten."""


def consts_as_enums(schema: Any) -> Any:
    """``schema`` with every long ``oneOf``/``anyOf`` of plain ``const`` branches written as an ``enum``.

    anyOf allows every const (each once: draft-06 asks an enum's values to be unique); oneOf allows
    exactly one branch to match, so a value listed twice is left out, as oneOf would refuse it. Short
    lists, lists of arrays or objects and a schema that already has an ``enum`` are left as they are.
    Only for drafts that know ``const`` (draft-06 and later): the caller checks.
    """
    if isinstance(schema, list):
        return [consts_as_enums(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    rewritten = {
        key: value if key in _DATA_KEYWORDS else consts_as_enums(value) for key, value in schema.items()
    }
    found = const_branches(schema)
    if found is None or "enum" in schema or len(found[1]) <= LONG_ENUM:
        return rewritten
    keyword, branches = found
    values = [branch["const"] for branch in branches]
    keys = [choice_key(value) for value in values]
    if any(key is None for key in keys):
        return rewritten
    seen: dict[Hashable | None, int] = {}
    for key in keys:
        seen[key] = seen.get(key, 0) + 1
    if keyword == "oneOf":
        values = [value for value, key in zip(values, keys, strict=True) if seen[key] == 1]
    else:
        values = [value for value, key in zip(values, keys, strict=True) if seen.pop(key, 0)]
    if not values:
        return rewritten  # every value listed twice: an enum may not be empty, so jsonschema checks it
    del rewritten[keyword]
    rewritten["enum"] = values
    return rewritten


def table_enum(plain: Any) -> Any:
    """jsonschema's ``enum`` keyword, with a table lookup and a short message for a long enum."""
    # id(enums) -> the list (kept, so its id is not reused), its hashable choices, how many it allows
    tables: dict[int, tuple[list[Any], frozenset[Hashable], int]] = {}

    def enum(validator: Any, enums: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
        if not isinstance(enums, list) or len(enums) <= LONG_ENUM:
            yield from plain(validator, enums, instance, schema)
            return
        if id(enums) not in tables:
            keys = [choice_key(value) for value in enums]
            hashable = frozenset(key for key in keys if key is not None)
            allowed = len(hashable) + keys.count(None)  # a value listed twice counts once
            tables[id(enums)] = (enums, hashable, allowed)
        _, hashable, allowed = tables[id(enums)]
        key = choice_key(instance)
        if key is not None and key in hashable:
            return
        if key is None and not any(True for _ in plain(validator, enums, instance, schema)):
            return  # an array or object: compared with each choice, as jsonschema does
        from jsonschema.exceptions import ValidationError

        yield ValidationError(f"{short_repr(instance)} is not one of the {allowed:,} allowed values")

    return enum
