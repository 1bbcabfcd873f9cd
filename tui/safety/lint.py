"""Annotation lint: places where a tool's hints and what it looks like disagree, explained plainly.

Each warning is shown as a marker with its message. None of them changes the grade: the grade already
takes the riskier resolved result, and a contradiction is graded by the spec (read-only wins).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tui.safety.effective import effective_hints, is_riskier
from tui.safety.grade import grade_hints
from tui.safety.hints import stated_hints

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
    """contradiction | destructive-name | unannotated | resolved-riskier"""
    message: str


def name_tokens(name: str) -> list[str]:
    """``deleteFile`` / ``delete_file`` / ``Delete-File`` / ``HTTPDelete`` -> words, lower case."""
    words = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", name)
    return [w.lower() for w in words]


def destructive_word(name: str) -> str | None:
    """The first token of ``name`` that suggests destruction, if any."""
    return next((t for t in name_tokens(name) if t in DESTRUCTIVE_WORDS), None)


def lint_tool(
    name: str,
    annotations: Mapping[str, Any] | None,
    resolved: Mapping[str, Any] | None = None,
) -> list[LintWarning]:
    """Warnings about a tool's static annotations, and about a resolve result when one is given."""
    warnings: list[LintWarning] = []
    stated = stated_hints(annotations)
    if not stated:
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
