"""What one preflight found: the status, the hints for this call, and where they came from."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tui.model.arguments import ArgumentError
from tui.model.hints import Hints
from tui.model.servers import EXTENSION_ID, ResolveMethod, ToolInfo, dialect_label
from tui.safety.effective import HintChange
from tui.safety.grade import Grade, grade_hints


class PreflightStatus(StrEnum):
    NOT_RESOLVABLE = "not_resolvable"  # the tool declares no per-call resolution: static hints stand
    INVALID = "invalid"  # the arguments fail the inputSchema: nothing was sent, static hints stand
    RESOLVED = "resolved"  # the server resolved these exact arguments
    FAILED = "failed"  # resolution failed or timed out: static hints stand, with the reason


@dataclass(frozen=True)
class PreflightResult:
    status: PreflightStatus
    tool: ToolInfo
    arguments_json: str
    """The arguments this result is for, as JSON in the caller's key order: a frozen copy."""
    static: Hints
    effective: Hints
    changes: tuple[HintChange, ...] = ()
    errors: tuple[ArgumentError, ...] = ()
    error: str | None = None
    """FAILED: why resolution failed (server text: show it through safe_text)."""
    error_code: int | None = None
    timed_out: bool = False
    warnings: tuple[str, ...] = ()
    method: ResolveMethod | None = None
    elapsed_s: float = 0.0
    """Time spent waiting for the server (0 when nothing was sent or the answer was reused)."""
    reused: bool = False
    """True when the answer came from an earlier identical request on the same connection."""
    connection_id: int = 0
    resolved_annotations: dict[str, Any] | None = field(default=None, compare=False)
    claimed: Hints | None = None
    """Extension, bound broken: what the server claimed, shown beside ``static`` (``effective`` is the
    riskier of the two)."""
    broken_bounds: tuple[str, ...] = ()
    """Extension: the conservative bounds the answer broke ("read-only", "idempotent", ...)."""
    extension_failure: str | None = None
    """Why the answer broke the resolution rules (extension: malformed, name mismatch, a broken bound;
    SEP-1862: another name or input schema). Such a call is never approved without asking."""

    @property
    def dialect_label(self) -> str:
        """The resolution dialect in words (for the status line, the dialog and the CLI)."""
        return dialect_label(self.method or self.tool.resolve_method)

    @property
    def blocks_call(self) -> bool:
        """Extension -32602: the server says the arguments are wrong; the call may not go out with them."""
        return (
            self.status is PreflightStatus.FAILED
            and self.error_code == -32602
            and (self.method or self.tool.resolve_method) == EXTENSION_ID
        )

    @property
    def call_blocked_reason(self) -> str | None:
        """Why the call cannot be sent with these arguments (None when it can)."""
        if not self.blocks_call:
            return None
        return (
            "The server rejected these arguments when asked how the call would behave (error -32602), "
            "so the call is not sent: correct the arguments first."
        )

    @property
    def arguments(self) -> dict[str, Any]:
        """A fresh copy of the arguments this result is for (the exact ones to send)."""
        loaded: dict[str, Any] = json.loads(self.arguments_json)
        return loaded

    @property
    def grade(self) -> Grade:
        return grade_hints(self.effective).grade

    @property
    def summary(self) -> str:
        """One plain line saying where the hints shown come from."""
        draft = self.dialect_label
        if self.status is PreflightStatus.NOT_RESOLVABLE:
            return "static hints: this tool does not declare per-call resolution"
        if self.status is PreflightStatus.INVALID:
            return "waiting for valid arguments; showing the static hints"
        if self.status is PreflightStatus.RESOLVED:
            return f"resolved for these arguments ({draft})"
        fallback = (
            "the tool has no static annotations, so it is treated as destructive and open-world"
            if self.static.unannotated
            else "showing the static definition"
        )
        if self.claimed is not None:
            fallback = "the riskier of the static and the claimed hints is used"
        return f"resolve failed ({draft}): {self.error}; {fallback}"


def canonical_json(arguments: Any) -> str:
    """The arguments as canonical JSON: equal arguments give equal text, whatever their key order."""
    return json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
