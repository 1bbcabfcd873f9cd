"""The JUnit report's shape and counts (what CI readers take), and the ``structured`` subset rule."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from tui.cli.junit import JUnitCase, junit_xml
from tui.session.expectations import contains


def test_the_report_counts_each_verdict_and_keeps_server_text_visible() -> None:
    cases = [
        JUnitCase("ok", "demo.list_sandbox", 0.012, "passed"),
        JUnitCase(
            "zebra", "demo.word_count", 0.5, "failure", "expect.text_contains: 'zebra'", "a\nb", "expectation"
        ),
        JUnitCase("denied", "demo.sql", 0.0, "error", "bell\x07 and \x1b[31mred", kind="denied"),
        JUnitCase("left out", "demo.sql", 0.0, "skipped", "not chosen with --only", note="x"),
    ]
    text = junit_xml("smoke", cases, timestamp=datetime(2026, 11, 28, tzinfo=UTC))
    root = ET.fromstring(text)
    [suite] = root
    for element in (root, suite):
        assert element.attrib | {"name": ""} == {
            "name": "", "tests": "4", "failures": "1", "errors": "1", "skipped": "1", "time": "0.512",
        } | ({"timestamp": "2026-11-28T00:00:00"} if element is suite else {})  # fmt: skip
    ok, zebra, denied, left_out = suite
    assert list(ok) == []
    assert ok.attrib == {"name": "ok", "classname": "demo.list_sandbox", "time": "0.012"}
    failure = zebra.find("failure")
    assert failure is not None
    assert failure.attrib == {"message": "expect.text_contains: 'zebra'", "type": "expectation"}
    assert failure.text == "a\nb"
    error = denied.find("error")
    assert error is not None
    assert error.attrib["message"] == "bell\\x07 and \\x1b[31mred"
    assert left_out.find("skipped") is not None
    assert left_out.findtext("system-out") == "x"


def test_structured_is_a_subset_match() -> None:
    actual = {"temperature": 22.5, "conditions": "sunny", "tags": [1, {"a": 1, "b": 2}], "flag": True}
    assert contains(actual, {})
    assert contains(actual, {"conditions": "sunny", "tags": [1, {"a": 1}]})
    assert contains({"n": 1.0}, {"n": 1})
    assert not contains(actual, {"conditions": "rain"})
    assert not contains(actual, {"missing": None})
    assert not contains(actual, {"tags": [1]})  # lists match item by item, the same length
    assert not contains(actual, {"flag": 1})  # true is not 1
    assert not contains(None, {})
