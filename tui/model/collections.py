"""Saved calls (a collection file) and tool-list snapshots: plain data, read by ``tui.config`` and run or
compared by ``tui.session.collections``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_COLLECTIONS_DIR = Path(".mcp-tui") / "collections"
"""Where collections live by default: in the working directory, so they are committed with a server's code."""

UNSET: Any = object()
"""``Expectations.structured`` when the call has no such expectation (``None`` is a JSON value to match)."""


@dataclass(frozen=True)
class Expectations:
    """What a saved call's result must show; None (``UNSET`` for ``structured``) means not checked."""

    is_error: bool | None = None
    """The tool's isError flag; not stated means it must be false (a tool error fails the call)."""
    text_contains: str | None = None
    text_regex: str | None = None
    structured: Any = UNSET
    """A JSON subset of structuredContent: every key given must be there with a matching value."""
    output_schema_valid: bool | None = None
    grade: str | None = None
    """The grade the live preflight must resolve to."""
    hints: dict[str, bool] | None = None
    """Effective hints the live preflight must resolve to (only those given are checked)."""
    max_ms: float | None = None


@dataclass(frozen=True)
class SavedCall:
    name: str
    server: str
    tool: str
    args: dict[str, Any] = field(default_factory=dict)
    """As saved: a secret is a ``${ENV_NAME}`` placeholder, expanded from the environment at run time."""
    definition: str | None = None
    """``sha256:<hex>`` of the tool definition the call was saved against; None: not checked."""
    expect: Expectations = field(default_factory=Expectations)
    line: int | None = None
    """Where the call starts in its file, for messages."""


@dataclass(frozen=True)
class Collection:
    path: Path
    calls: tuple[SavedCall, ...]


HASH_PREFIX = "sha256:"


def definition_label(hex_digest: str) -> str:
    """The written form of a definition hash: ``sha256:<hex>``."""
    return f"{HASH_PREFIX}{hex_digest}"
