"""The top level of a JSON object too deep for Python's parser: enough to find the id it answers."""

from __future__ import annotations

import json

import pytest

from tui.client.shallow_json import NESTED, top_level

DEEP = '{"k":' * 3000 + "1" + "}" * 3000


def test_the_top_level_members_are_read_and_nested_values_are_marked() -> None:
    raw = '{"jsonrpc": "2.0", "id": 7, "result": ' + DEEP + ', "note": "a \\"}, {\\" b", "n": null}'
    with pytest.raises(RecursionError):
        json.loads(raw)
    assert top_level(raw.encode()) == {
        "jsonrpc": "2.0",
        "id": 7,
        "result": NESTED,
        "note": 'a "}, {" b',
        "n": None,
    }


@pytest.mark.parametrize(
    "raw",
    ["[" + DEEP + "]", '{"id": 1} {"id": 2}', '{"id" 1}', '{"id": 1', "{1: 2}", '{"id": 1,, "x": 2}', ""],
)
def test_anything_but_one_well_formed_object_is_none(raw: str) -> None:
    assert top_level(raw.encode()) is None
