"""JUnit XML, as Jenkins, GitLab and GitHub's test reporters read it (stdlib ``xml.etree``).

The shape: ``<testsuites>`` with one ``<testsuite>`` (the collection), one ``<testcase>`` per saved call
(``classname`` ``SERVER.TOOL``, ``time`` in seconds) holding at most one of ``<failure>`` (an expectation
failed), ``<error>`` (the call could not run: denied, needs approval, connection...) or ``<skipped>`` (left
out by ``--only``), and ``<system-out>`` for a note. Each level counts tests, failures, errors, skipped and
time. Server text is made visible first: XML 1.0 cannot hold most control characters at all.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from tui.safety.visible_text import visible

Verdict = Literal["passed", "failure", "error", "skipped"]


@dataclass(frozen=True)
class JUnitCase:
    name: str
    classname: str
    time_s: float
    verdict: Verdict
    message: str = ""
    """One line: why it failed, errored or was skipped."""
    details: str = ""
    """The element's text: every failed expectation, one a line."""
    kind: str = ""
    """The ``type`` attribute of a failure or error."""
    note: str = ""
    """``<system-out>``: something the report should keep (a changed definition run anyway)."""


def _text(value: str) -> str:
    return visible(value)


def junit_xml(suite: str, cases: list[JUnitCase], *, timestamp: datetime | None = None) -> str:
    counts = {
        "tests": str(len(cases)),
        "failures": str(sum(case.verdict == "failure" for case in cases)),
        "errors": str(sum(case.verdict == "error" for case in cases)),
        "skipped": str(sum(case.verdict == "skipped" for case in cases)),
        "time": f"{sum(case.time_s for case in cases):.3f}",
    }
    root = ET.Element("testsuites", {"name": "mcp-tui run", **counts})
    when = (timestamp or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%S")
    testsuite = ET.SubElement(root, "testsuite", {"name": _text(suite), **counts, "timestamp": when})
    for case in cases:
        element = ET.SubElement(
            testsuite,
            "testcase",
            {"name": _text(case.name), "classname": _text(case.classname), "time": f"{case.time_s:.3f}"},
        )
        if case.verdict != "passed":
            tag = case.verdict
            attributes = {"message": _text(case.message)}
            if case.kind and tag != "skipped":
                attributes["type"] = case.kind
            child = ET.SubElement(element, tag, attributes)
            if case.details:
                child.text = _text(case.details)
        if case.note:
            ET.SubElement(element, "system-out").text = _text(case.note)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_junit(path: Path, text: str) -> None:
    """The report is the run's own output, like stdout: written plainly where the person asked."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
