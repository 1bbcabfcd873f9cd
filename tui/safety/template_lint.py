"""Lint of a tool's display templates: templates that are not used, and templates that hide arguments.

A template that is not a string, or names an argument the schema has nowhere, is ignored when rendering
(``display_template``); this says so. A template of a destructive tool that leaves arguments out of its
line could make a call look harmless ("read {path}" on a tool that also takes ``upload_to``): the draft's
sharpest risk, so it is a warning (and a warning keeps category preferences from approving the call).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.model.display_templates import DISPLAY_TEMPLATES_ID
from tui.safety.display_template import (
    Candidate,
    candidates,
    pinned_names,
    placeholders,
    unknown_placeholders,
)
from tui.safety.effective import effective_hints
from tui.safety.lint import LintWarning
from tui.safety.visible_text import visible_line


def _where(candidate: Candidate) -> str:
    if candidate.source == "tool":
        return f"The display template in the tool's _meta ({DISPLAY_TEMPLATES_ID})"
    return f"The display template of input schema branch {candidate.source}"


def _names(names: list[str]) -> str:
    return ", ".join(visible_line(name) for name in names)


def _scope(candidate: Candidate, schema: Mapping[str, Any]) -> list[str]:
    """The arguments a template speaks for: its branch's own properties when it declares any, else the
    schema's top-level ones."""
    own = candidate.branch.get("properties") if candidate.branch is not None else None
    properties = own if isinstance(own, dict) and own else schema.get("properties")
    return list(properties) if isinstance(properties, dict) else []


def _problem(candidate: Candidate, schema: Mapping[str, Any]) -> LintWarning | None:
    if not isinstance(candidate.value, str):
        return LintWarning(
            "template-invalid",
            f"{_where(candidate)} is not a string, so it is ignored: calls show their arguments only.",
        )
    unknown = unknown_placeholders(candidate, schema)
    if unknown:
        return LintWarning(
            "template-invalid",
            f"{_where(candidate)} names {_names(unknown)}, which the input schema does not have, so it "
            "is ignored: calls show their arguments only.",
        )
    return None


def template_warnings(
    input_schema: Mapping[str, Any] | None, meta: Any, annotations: Mapping[str, Any] | None
) -> list[LintWarning]:
    """What is wrong with the tool's templates: unusable ones, and, for a destructive tool (by its static
    hints, the spec defaults applied), usable ones that leave some of their arguments out."""
    schema = input_schema if isinstance(input_schema, Mapping) else {}
    entry = meta.get(DISPLAY_TEMPLATES_ID) if isinstance(meta, dict) else None
    warnings: list[LintWarning] = []
    if entry is not None and not isinstance(entry, dict):
        warnings.append(
            LintWarning(
                "template-invalid",
                f"The tool's _meta {DISPLAY_TEMPLATES_ID} is not an object, so it is ignored.",
            )
        )
    hints = effective_hints(annotations)
    destructive = not hints.read_only.value and hints.destructive.value
    for candidate in candidates(schema, meta):
        problem = _problem(candidate, schema)
        if problem is not None:
            warnings.append(problem)
            continue
        if not destructive:
            continue
        assert isinstance(candidate.value, str)
        shown = set(placeholders(candidate.value)) | pinned_names(candidate.branch)
        hidden = [name for name in _scope(candidate, schema) if name not in shown]
        if hidden:
            warnings.append(
                LintWarning(
                    "template-hides-arguments",
                    f"{_where(candidate)} leaves out {_names(hidden)} of a destructive tool: its line "
                    "can look harmless while those arguments change what the call does. Calls that "
                    "supply them are marked, and the exact arguments are always shown.",
                )
            )
    return warnings
