"""Remembered approvals ("always allow manage_files on demo up to safe") and this session's grants.

An approval is bound to the server's identity (name plus command line or URL) and to a hash of the tool
definition it was given for. Persistent ("always") approvals are saved by ``tui.store.approvals``;
session grants and the record of approved idempotent calls end with the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from tui.model.hints import Hints
from tui.safety.grade import Grade
from tui.safety.tool_hash import DefinitionSnapshot, canonical_json

Scope = Literal["always", "session"]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Approval:
    server_identity: str
    """``ServerConfig.identity`` when it was given: a changed command or URL does not inherit it."""
    server: str
    """The server's name, for display."""
    tool: str
    ceiling: Grade
    """The highest grade of call this approval lets through without asking."""
    scope: Scope
    definition: DefinitionSnapshot
    """The tool definition it was given for; a different one suspends it."""
    created_at: datetime = field(default_factory=utc_now)
    expires_at: datetime | None = None
    """When it ends ("for an hour", "until tomorrow"); None: it lasts until revoked."""
    arguments_hash: str | None = None
    """For "always, with exactly these arguments": ``arguments_hash`` of them (never their values)."""

    def live(self, now: datetime, max_age_s: float | None) -> bool:
        """Not expired, and younger than the managed ``approval_max_age`` when there is one."""
        if self.expires_at is not None and now >= self.expires_at:
            return False
        return max_age_s is None or (now - self.created_at).total_seconds() < max_age_s

    def covers(self, arguments: Mapping[str, Any]) -> bool:
        """Any arguments, or exactly the ones it was given for."""
        return self.arguments_hash is None or self.arguments_hash == arguments_hash(arguments)

    @property
    def definition_hash(self) -> str:
        return self.definition.hash

    @property
    def key(self) -> tuple[str, str]:
        return (self.server_identity, self.tool)

    def describe(self) -> str:
        """E.g. ``you always allow manage_files on demo up to safe``."""
        exactly = " with exactly these arguments" if self.arguments_hash else ""
        until = f" until {self.expires_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC" if self.expires_at else ""
        if self.scope == "always":
            return f"you always allow {self.tool} on {self.server}{exactly} up to {self.ceiling.label}{until}"
        return (
            f"you allowed {self.tool} on {self.server}{exactly} for this session up to "
            f"{self.ceiling.label}{until}"
        )


def arguments_hash(arguments: Mapping[str, Any]) -> str:
    """A SHA-256 of the arguments' canonical JSON: an approval stores this, never the values."""
    import hashlib

    return hashlib.sha256(canonical_json(dict(arguments)).encode("utf-8")).hexdigest()


def call_key(server_identity: str, tool: str, definition_hash: str, arguments: Mapping[str, Any]) -> str:
    """One string per (server, tool definition, exact arguments): the identity of an identical retry."""
    return canonical_json([server_identity, tool, definition_hash, dict(arguments)])


def is_repeatable(hints: Hints) -> bool:
    """Running it again has no further effect: idempotent, or read-only (which never changes anything)."""
    return hints.read_only.value or hints.idempotent.value


class ApprovalBook:
    """Every approval the app knows: the persistent ones (loaded from disk) and this session's.

    In the app the file's approvals are not copied in: ``on_file`` reads them from the policy snapshot in
    force, and the book itself holds only what this session adds (grants, an "always" that could not be
    saved) and the approved retries.
    """

    def __init__(
        self,
        persistent: Iterable[Approval] = (),
        *,
        on_file: Callable[[], Sequence[Approval]] = lambda: (),
    ) -> None:
        self._approvals: list[Approval] = []
        self._retries: set[str] = set()
        self._on_file = on_file
        for approval in persistent:
            self.add(approval)

    # ---- approvals ---------------------------------------------------------------------------

    def add(self, approval: Approval) -> None:
        """Add it, replacing any approval of the same scope for the same server identity and tool."""
        self._approvals = [
            a
            for a in self._approvals
            if not (
                a.key == approval.key
                and a.scope == approval.scope
                and a.arguments_hash == approval.arguments_hash
            )
        ]
        self._approvals.append(approval)

    def grant(
        self,
        server_identity: str,
        server: str,
        definition: DefinitionSnapshot,
        ceiling: Grade,
        scope: Scope,
    ) -> Approval:
        """Record the person's choice in a dialog ("for this session" / "always up to this grade")."""
        approval = Approval(server_identity, server, definition.name, ceiling, scope, definition)
        self.add(approval)
        return approval

    def revoke(self, approval: Approval) -> bool:
        """Remove exactly this approval; False when it was not there."""
        before = len(self._approvals)
        self._approvals = [a for a in self._approvals if a != approval]
        return len(self._approvals) != before

    def find(self, server_identity: str, tool: str) -> list[Approval]:
        """Approvals for this tool on this server, highest ceiling first (always before session on a tie)."""
        found = [a for a in self.all() if a.key == (server_identity, tool)]
        return sorted(found, key=lambda a: (-a.ceiling, a.scope != "always"))

    def all(self) -> list[Approval]:
        return [*self._on_file(), *self._approvals]

    def persistent(self) -> list[Approval]:
        """The "always" approvals: what the approvals file holds."""
        return [a for a in self.all() if a.scope == "always"]

    def forget_unsaved(self) -> None:
        """Drop the "always" approvals held here only: the approvals file says what holds now."""
        self._approvals = [a for a in self._approvals if a.scope != "always"]

    def session(self) -> list[Approval]:
        return [a for a in self._approvals if a.scope == "session"]

    # ---- identical retries -------------------------------------------------------------------

    def note_approved_call(
        self,
        server_identity: str,
        tool: str,
        definition_hash: str,
        arguments: Mapping[str, Any],
        hints: Hints,
    ) -> bool:
        """Remember a call the person allowed, if running it again is harmless; True when remembered."""
        if not is_repeatable(hints):
            return False
        self._retries.add(call_key(server_identity, tool, definition_hash, arguments))
        return True

    def is_approved_retry(
        self, server_identity: str, tool: str, definition_hash: str, arguments: Mapping[str, Any]
    ) -> bool:
        return call_key(server_identity, tool, definition_hash, arguments) in self._retries
