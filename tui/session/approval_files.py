"""The approvals file for the headless ``approvals`` commands: list what is remembered, revoke by name.

A revoke is applied to the file as it is on disk now, under the writers' lock, like every change the app
makes: a running instance sees it at its next decision.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from tui.config.paths import AppPaths
from tui.store.approvals import ApprovalsStore, StoredSafety


def _store() -> ApprovalsStore:
    return ApprovalsStore(AppPaths.default().approvals_file)


def approval_rows() -> tuple[list[dict[str, Any]], str | None]:
    """Every remembered approval (server, tool, ceiling, when, ...), or the problem reading the file."""
    store = _store()
    state = store.load()
    if store.problem is not None:
        return [], store.problem.with_path()
    rows = [
        {
            "server": a.server,
            "server_identity": a.server_identity,
            "tool": a.tool,
            "ceiling": a.ceiling.label,
            "created_at": a.created_at.astimezone(UTC).isoformat(timespec="seconds"),
            "expires_at": a.expires_at.astimezone(UTC).isoformat(timespec="seconds")
            if a.expires_at
            else None,
            "arguments_hash": a.arguments_hash,
            "definition_hash": a.definition_hash,
        }
        for a in sorted(state.approvals, key=lambda a: (a.server, a.tool))
    ]
    return rows, None


def revoke_tool(server: str, tool: str) -> tuple[int | None, str]:
    """Forget every remembered approval for ``tool`` on the server named ``server``: (how many, what was
    done); (None, why) when the file cannot be changed."""
    store = _store()
    store.load()
    removed: list[int] = []

    def apply(state: StoredSafety) -> None:
        kept = [a for a in state.approvals if not (a.server == server and a.tool == tool)]
        removed.append(len(state.approvals) - len(kept))
        state.approvals = kept

    try:
        update = store.update(apply)
    except OSError as error:
        return None, f"not revoked: {store.path} could not be written ({error})"
    if update.result == "refused":
        problem = store.problem.with_path() if store.problem else f"{store.path} cannot be read"
        return None, f"not revoked: {problem}"
    count = removed[0] if removed else 0
    if not count:
        return 0, f"no remembered approval for {tool} on {server}; nothing changed"
    noun = "approval" if count == 1 else "approvals"
    return count, f"revoked {count} {noun} for {tool} on {server} in {store.path}"
