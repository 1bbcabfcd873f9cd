"""Remembered approvals and annotation overrides: the only writer of the approvals file.

Each change is applied to the file as it is on disk now (``tui.store.approvals``), and what the session then
runs with is the file's state as that update returned it (``stored``, replaced whole), so another
instance's approvals are kept and a refused save changes nothing. This session's grants and approved
retries are not in the file: they live in ``book``, which reads the file's approvals from the policy
snapshot in force rather than holding a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tui.config.atomic import file_lock
from tui.config.model import ServerConfig
from tui.safety.approvals import Approval, ApprovalBook, arguments_hash, utc_now
from tui.safety.confirm import REMEMBERED, ConfirmChoice
from tui.safety.grade import Grade
from tui.safety.remember_offers import expiry_of
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.saved import ChangeKind, Saved
from tui.store import approvals as approvals_store
from tui.store.approvals import ApprovalsStore, Change, StoredSafety, dump_approvals, parse_approvals


class SafetySettings:
    def __init__(
        self,
        approvals_file: Path,
        *,
        changed: Callable[[ChangeKind], None],
        on_file: Callable[[], Sequence[Approval]],
    ) -> None:
        """``on_file``: the "always" approvals of the policy snapshot in force (built from ``stored``)."""
        self.store = ApprovalsStore(approvals_file)
        self.stored: StoredSafety = self.store.load()
        """What the approvals file holds, as last read or written: replaced whole, never changed in place."""
        self.book = ApprovalBook(on_file=on_file)
        """This session's approvals and approved retries, over the file's approvals."""
        self._changed = changed

    def problems(self) -> list[str]:
        if self.store.problem is None:
            return []
        return [f"Approvals and overrides cannot be saved: {self.store.problem.with_path()}"]

    def reload_from_disk(self) -> None:
        """Run with what the approvals file holds now, read under the lock its writers take: a revoke or
        a grant made by another instance holds for this one's next decision."""
        with file_lock(self.store.path):
            self.stored = self.store.load()

    def set_override(self, server: str, tool: str, hints: Mapping[str, bool]) -> Saved:
        """Your own hints for a tool; empty ``hints`` removes the override."""
        what = (
            f"your override for {tool} on {server}" if hints else f"the removal of your override for {tool}"
        )
        saved = self._update(approvals_store.set_override(server, tool, dict(hints)), what)
        if saved.ok:  # not saved: what is on disk stays in force
            self._changed("override")
        return saved

    def revoke(self, approval: Approval) -> Saved:
        how = "always allowed" if approval.scope == "always" else "allowed for this session"
        done = (
            f"{approval.tool} on {approval.server} is no longer {how} up to {approval.ceiling.label}: "
            "your rules and preferences decide its next call."
        )
        if approval.scope == "always":
            saved = self._update(approvals_store.revoke(approval), "the revocation")
            if not saved.ok:
                return saved  # still on disk, so still in force: say so rather than pretend
            saved = Saved(True, f"{done} Saved to {self.store.path}.", saved.note)
        else:
            self.book.revoke(approval)
            saved = Saved(True, done)
        self._changed("approval")
        return saved

    def remember(
        self,
        choice: ConfirmChoice,
        server: ServerConfig,
        definition: DefinitionSnapshot,
        grade: Grade,
        arguments: Mapping[str, Any] | None = None,
    ) -> tuple[str, ...]:
        """Record a session or remembered approval from a confirmation; notes when a remembered one was
        not saved. "Exactly these arguments" keeps their hash (never their values); "for an hour" and
        "for today" an end."""
        if choice is ConfirmChoice.SESSION:
            self.book.grant(server.identity, server.name, definition, grade, "session")
            self._changed("approval")
        if choice not in REMEMBERED:
            return ()
        now = utc_now()
        exact = arguments_hash(arguments or {}) if choice is ConfirmChoice.EXACT else None
        approval = Approval(
            server.identity,
            server.name,
            definition.name,
            grade,
            "always",
            definition,
            created_at=now,
            expires_at=expiry_of(choice, now),
            arguments_hash=exact,
        )
        saved = self._update(approvals_store.grant(approval), "the approval")
        if not saved.ok:
            self.book.add(approval)  # the person said "always": it holds at least for this session
            self._changed("approval")
            return (f"The approval holds for this session but was not saved: {saved.message}",)
        self._changed("approval")
        return (saved.note,) if saved.note else ()

    def _update(self, change: Change, what: str) -> Saved:
        """Apply ``change`` to the approvals file as it is on disk now, then run with what it holds."""
        store = self.store
        try:
            update = store.update(change)
        except OSError as error:
            return Saved(False, f"Not saved: {store.path} could not be written ({error}).")
        if update.result == "refused":
            problem = store.problem.with_path() if store.problem else f"{store.path} cannot be read"
            return Saved(False, f"Not saved: {problem}")
        # Read back as the file says it (its order, createdAt to the second): what the policy is built from.
        self.stored = parse_approvals(dump_approvals(update.state.approvals, update.state.overrides))
        self.book.forget_unsaved()  # the file's approvals are the ones that hold now
        return Saved(True, f"Saved {what} to {store.path}", update.notice)
