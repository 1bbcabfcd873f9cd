"""Annotation lint: places where a tool's hints and what it looks like disagree, explained plainly.

Each warning is shown as a marker with its message. None of them changes the grade: the grade already
takes the riskier resolved result, and a contradiction is graded by the spec (read-only wins).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tui.model.hints import SPEC_DEFAULTS, malformed_hints, stated_hints
from tui.safety.effective import effective_hints, is_riskier
from tui.safety.grade import grade_hints
from tui.safety.visible_text import has_control_characters, hidden_characters, without_hidden

# Words that, as a whole token of a tool name, suggest it destroys something.
DESTRUCTIVE_WORDS: frozenset[str] = frozenset(
    {
        "delete", "del", "remove", "rm", "rmdir", "unlink", "drop", "destroy", "purge", "reset",
        "kill", "overwrite", "wipe", "erase", "truncate", "clear", "terminate", "shred", "nuke",
        "uninstall", "revoke", "evict", "discard", "obliterate",
    }
)  # fmt: skip


@dataclass(frozen=True)
class LintWarning:
    code: str
    """contradiction | destructive-name | unannotated | malformed-hint | resolved-riskier |
    hidden-characters | control-characters"""
    message: str


def name_tokens(name: str) -> list[str]:
    """``deleteFile`` / ``delete_file`` / ``Delete-File`` / ``HTTPDelete`` -> words, lower case."""
    words = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", name)
    return [w.lower() for w in words]


def destructive_word(name: str) -> str | None:
    """The first token of ``name`` that suggests destruction, if any (hidden characters cannot split one)."""
    return next((t for t in name_tokens(without_hidden(name)) if t in DESTRUCTIVE_WORDS), None)


def hidden_text_warning(texts: Mapping[str, str]) -> LintWarning | None:
    """A warning naming which of ``texts`` (e.g. name, description) hide or reorder characters, and which."""
    found = {part: hidden_characters(text) for part, text in texts.items()}
    parts = [part for part, points in found.items() if points]
    if not parts:
        return None
    points = list(dict.fromkeys(point for part in parts for point in found[part]))
    return LintWarning(
        "hidden-characters",
        f"The tool's {' and '.join(parts)} contain{'s' if len(parts) == 1 else ''} invisible or "
        f"text-reordering characters ({', '.join(points)}), shown here as <U+...>: what a terminal displays "
        "may not be what the server sent.",
    )


def control_character_warning(texts: Mapping[str, str]) -> LintWarning | None:
    """A warning naming which of ``texts`` (one-line texts: the name, the title) hold line breaks, tabs or
    other control characters: a name never needs them, and printed raw they make one tool look like
    several lines of a listing."""
    parts = [part for part, text in texts.items() if has_control_characters(text)]
    if not parts:
        return None
    return LintWarning(
        "control-characters",
        f"The tool's {' and '.join(parts)} contain{'s' if len(parts) == 1 else ''} line breaks or other "
        "control characters, shown here as \\xNN (a line break as \\x0a): they could make this one tool "
        "look like several rows.",
    )


def malformed_hint_warning(malformed: Mapping[str, Any]) -> LintWarning:
    """The hints sent as something other than true or false, and the default each falls back to."""
    parts = [
        f"{name} is {_shown(value)} (read as not stated: {str(SPEC_DEFAULTS[name]).lower()})"
        for name, value in malformed.items()
    ]
    return LintWarning(
        "malformed-hint",
        f"The server sent hints that are not true or false: {'; '.join(parts)}. A hint must be a "
        "boolean, so the spec default, the riskier reading, applies.",
    )


def _shown(value: Any, limit: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lint_tool(
    name: str,
    annotations: Mapping[str, Any] | None,
    resolved: Mapping[str, Any] | None = None,
    *,
    description: str = "",
    title: str = "",
) -> list[LintWarning]:
    """Warnings about a tool's static annotations, and about a resolve result when one is given."""
    warnings: list[LintWarning] = []
    # A title that only repeats the name (the display fallback) is not a second finding.
    texts = {"name": name, "title": title if title != name else "", "description": description}
    hidden = hidden_text_warning(texts)
    if hidden is not None:
        warnings.append(hidden)
    controls = control_character_warning({"name": name, "title": texts["title"]})
    if controls is not None:
        warnings.append(controls)
    stated = stated_hints(annotations)
    malformed = malformed_hints(annotations)
    if malformed:
        warnings.append(malformed_hint_warning(malformed))
    if not stated and not malformed:  # a tool whose every hint is malformed has its own warning
        warnings.append(
            LintWarning(
                "unannotated",
                "The server gives no hints for this tool, so it is treated as destructive and "
                "open-world (the spec defaults) and graded critical.",
            )
        )
    if stated.get("readOnlyHint") is True and stated.get("destructiveHint") is True:
        warnings.append(
            LintWarning(
                "contradiction",
                "The server says this tool is both read-only and destructive. Under the spec read-only "
                "wins, so it is graded as a read; one of the two hints is wrong.",
            )
        )
    word = destructive_word(name)
    if word is not None:
        if stated.get("readOnlyHint") is True:
            claim = "read-only"
        elif stated.get("destructiveHint") is False:
            claim = "not destructive"
        else:
            claim = None
        if claim is not None:
            warnings.append(
                LintWarning(
                    "destructive-name",
                    f'The name contains "{word}", but the server says the tool is {claim}. '
                    "The grade follows the server's hints; check what it really does, or set your own.",
                )
            )
    if resolved is not None:
        static = effective_hints(annotations)
        with_resolved = effective_hints(annotations, resolved)
        if is_riskier(with_resolved, static):
            high, low = grade_hints(with_resolved).grade, grade_hints(static).grade
            warnings.append(
                LintWarning(
                    "resolved-riskier",
                    f"For these arguments the server reports {high.label}, riskier than its tool "
                    f"definition ({low.label}). The definition should describe the worst case; the "
                    f"riskier {high.label} is used.",
                )
            )
    return warnings
