"""Approvals that end (an expiry; the managed maximum age) and approvals for exactly these arguments
(a hash of them in the approvals file, never their values, pinned to the definition; the file is 0600)."""

from __future__ import annotations

import json
import stat
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.core.policy_support import DEMO, FILES, READ, decide_with
from tui.safety.approvals import Approval, ApprovalBook, arguments_hash
from tui.safety.decision import RuleId
from tui.safety.grade import Grade
from tui.store.approvals import ApprovalsStore, grant

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


def _approval(**change: object) -> Approval:
    base = Approval(DEMO.identity, "demo", "manage_files", Grade.CRITICAL, "always", FILES, NOW)
    return replace(base, **change)  # type: ignore[arg-type]


def test_an_approval_holds_until_it_expires() -> None:
    book = ApprovalBook([_approval(expires_at=NOW + timedelta(hours=1))])
    assert (
        decide_with(book=book, resolved=READ, now=NOW + timedelta(minutes=59)).rule == RuleId.APPROVAL_ALWAYS
    )
    assert decide_with(book=book, resolved=READ, now=NOW + timedelta(hours=1)).action == "ask"


def test_an_exact_arguments_approval_covers_those_arguments_only() -> None:
    args = {"action": "read", "path": "notes/a.txt"}
    book = ApprovalBook([_approval(arguments_hash=arguments_hash(args))])
    assert (
        decide_with(book=book, resolved=READ, args=dict(reversed(args.items()))).rule
        == RuleId.APPROVAL_ALWAYS
    )
    assert decide_with(book=book, resolved=READ, args={**args, "path": "notes/b.txt"}).action == "ask"
    # Pinned to the definition it was given for: a changed tool asks again.
    changed = replace(FILES, description="now it can do more")
    assert (
        decide_with(book=book, resolved=READ, args=args, definition=changed).rule == RuleId.DEFINITION_CHANGED
    )


def test_the_file_keeps_the_expiry_and_a_hash_never_the_values_and_is_private(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    path.write_text('{"version": 1, "approvals": [], "overrides": []}\n')
    path.chmod(0o644)  # as an earlier mcp-tui may have left it
    args = {"path": "/home/me/secret-project/plan.txt"}
    exact = _approval(arguments_hash=arguments_hash(args), expires_at=NOW + timedelta(days=1))
    store = ApprovalsStore(path)
    store.load()
    store.update(grant(exact))
    store.update(grant(_approval(ceiling=Grade.SAFE)))  # a plain one beside it: both are kept
    text = path.read_text()
    assert "secret-project" not in text
    entries = json.loads(text)["approvals"]
    assert [e.get("argumentsHash") for e in entries] == [None, arguments_hash(args)]
    assert entries[1]["expiresAt"] == "2026-11-29T12:00:00+00:00"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = ApprovalsStore(path).load().approvals
    assert again[1] == exact
