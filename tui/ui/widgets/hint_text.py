"""Hints and their provenance in words, for the detail view (and any dialog that spells them out)."""

from __future__ import annotations

from collections.abc import Mapping

from tui.model.hints import Hint, Hints, Provenance
from tui.model.servers import EXTENSION_ID, ResolveMethod

PROVENANCE_TEXT: Mapping[Provenance, str] = {
    Provenance.EXPLICIT: "stated by the server",
    Provenance.DEFAULT: "not stated: spec default",
    Provenance.RESOLVED: "stated by the server for these arguments",
    Provenance.OVERRIDE: "your override",
}

NOT_MEANINGFUL = "meaningless on a read-only tool"

UNANNOTATED_NOTE = (
    "Unannotated: the server sent no annotations, so every hint is the spec default "
    "(assumed destructive and open-world)."
)


def describe_hint(name: str, hint: Hint, hints: Hints) -> str:
    """``"readOnlyHint: true (stated by the server)"``, noting when the hint means nothing here."""
    text = f"{name}: {'true' if hint.value else 'false'} ({PROVENANCE_TEXT[hint.provenance]})"
    if not hints.is_meaningful(name):
        text += f"; {NOT_MEANINGFUL}"
    return text


def describe_hints(hints: Hints) -> list[str]:
    return [describe_hint(name, hint, hints) for name, hint in hints.items()]


def dialect_words(method: str) -> str:
    """A resolve dialect in words: none of the three is in a released spec, and each says what it is."""
    if method == EXTENSION_ID:
        return "the tool-resolution extension (experimental draft)"
    if method == "tools/resolve":
        return "tools/resolve (SEP-1862, a draft proposal)"  # a proposal for the spec, not an extension
    return f"{method} (an older draft)"


def describe_resolvable(method: ResolveMethod | None) -> str:
    if method is None:
        return "Not resolvable per call: these hints hold for every call."
    return (
        f"Resolvable per call via {dialect_words(method)}, not in a released spec: "
        "the hints can be refined for the arguments you enter."
    )
