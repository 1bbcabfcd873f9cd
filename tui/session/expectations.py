"""Whether a saved call's result held what its ``expect`` table says: one sentence per expectation that
failed, naming it (JUnit and the run's lines print these)."""

from __future__ import annotations

import json
import re
from typing import Any

from tui.client.arguments import validate_arguments
from tui.model.collections import UNSET, Expectations
from tui.model.results import CallOutcome, EmbeddedResourceBlock, TextBlock
from tui.session.call_flow import CallRecord


def result_text(record: CallRecord) -> str:
    """The result's text: every text block, and the text of embedded resources, one after another."""
    return outcome_text(record.outcome)


def outcome_text(outcome: CallOutcome) -> str:
    """``result_text`` of an outcome alone (a History entry keeps no record)."""
    parts: list[str] = []
    for block in outcome.content:
        text = block.text if isinstance(block, TextBlock | EmbeddedResourceBlock) else None
        if text is not None:
            parts.append(text)
    return "\n".join(parts)


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _json(value: Any) -> str:
    return _short(json.dumps(value, ensure_ascii=False, sort_keys=True))


def contains(actual: Any, expected: Any) -> bool:
    """``expected`` is a subset of ``actual``: every key of an object (recursively), every item of a list
    in order and of the same length, and equal scalars (1 and 1.0 are equal; true and 1 are not)."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and contains(actual[key], value) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(contains(a, e) for a, e in zip(actual, expected, strict=True))
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return bool(expected == actual)


def unmet(expect: Expectations, record: CallRecord) -> list[str]:
    """Each failed expectation of a call that was sent and answered, as ``expect.KEY: what was wrong``."""
    outcome, failures = record.outcome, []
    wanted_error = bool(expect.is_error)
    if outcome.is_error != wanted_error:
        said = "" if expect.is_error is not None else " (not stated: a saved call must not fail)"
        text = f": {_short(result_text(record))}" if outcome.is_error and result_text(record) else ""
        failures.append(f"expect.is_error: expected {str(wanted_error).lower()}{said}, got "
                        f"{str(outcome.is_error).lower()}{text}")  # fmt: skip
    text = result_text(record)
    if expect.text_contains is not None and expect.text_contains not in text:
        failures.append(
            f"expect.text_contains: {expect.text_contains!r} is not in the result: {_short(text)!r}"
        )
    if expect.text_regex is not None and re.search(expect.text_regex, text) is None:
        failures.append(f"expect.text_regex: {expect.text_regex!r} matches nothing in: {_short(text)!r}")
    if expect.structured is not UNSET and not contains(outcome.structured, expect.structured):
        failures.append(
            f"expect.structured: {_json(expect.structured)} is not in structuredContent: "
            f"{_json(outcome.structured) if outcome.structured is not None else 'none'}"
        )
    if expect.output_schema_valid is not None:
        failures += _schema_check(expect.output_schema_valid, record)
    assessment = record.assessment
    grade = assessment.grade.grade.label
    if expect.grade is not None and expect.grade != grade:
        failures.append(f"expect.grade: expected {expect.grade}, the preflight resolved {grade}")
    for name, wanted in (expect.hints or {}).items():
        hint = assessment.hints.get(name)
        if hint.value != wanted:
            failures.append(
                f"expect.hints.{name}: expected {str(wanted).lower()}, the preflight resolved "
                f"{str(hint.value).lower()} ({hint.provenance.value})"
            )
    took_ms = outcome.duration_s * 1000
    if expect.max_ms is not None and took_ms > expect.max_ms:
        failures.append(f"expect.max_ms: took {took_ms:.0f} ms, more than {expect.max_ms:g}")
    return failures


def _schema_check(wanted: bool, record: CallRecord) -> list[str]:
    schema, structured = record.tool.output_schema, record.outcome.structured
    if schema is None:
        return [] if not wanted else ["expect.output_schema_valid: the tool declares no outputSchema"]
    if structured is None:
        errors = ["no structuredContent"]
    else:
        errors = [f"{e.field or '(result)'}: {e.message}" for e in validate_arguments(schema, structured)]
    valid = not errors
    if valid == wanted:
        return []
    if wanted:
        said = _short("; ".join(errors))
        return [f"expect.output_schema_valid: the result does not match the outputSchema: {said}"]
    return ["expect.output_schema_valid: expected a result that breaks the outputSchema, it matches"]
