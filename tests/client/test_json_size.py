"""A message's size in the Traffic tab, measured without recursion: as json.dumps counts, at any depth."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tui.client.traffic import TrafficLog
from tui.model.json_size import compact_size

VALUES: list[Any] = [
    {},
    [],
    {"a": 1, "b": [1, 2.5, {"c": None}], "é": 'ü"\n\x1b', "t": True},
    ["x", [], [[]], {"k": {}}],
    {1: "number key", None: "null key"},
]


@pytest.mark.parametrize("value", VALUES)
def test_the_size_is_what_compact_json_dumps_writes(value: Any) -> None:
    written = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    assert compact_size(value) == len(written.encode())


def test_a_value_nested_past_python_s_limit_is_measured() -> None:
    value: Any = "leaf"
    for _ in range(5000):
        value = {"k": value}
    assert compact_size(value) == len('{"k":' * 5000 + '"leaf"' + "}" * 5000)


def test_a_traffic_record_nested_past_python_s_limit_has_a_size() -> None:
    value: Any = "leaf"
    for _ in range(5000):
        value = {"k": value}
    record = TrafficLog().add("in", {"id": 1, "result": value})
    assert record.size == len('{"id":1,"result":' + '{"k":' * 5000 + '"leaf"' + "}" * 5001)
