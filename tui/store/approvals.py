"""The file the app owns for remembered ("always") approvals and the user's annotation overrides.

JSON, written atomically and only when it changed, readable by its owner alone (0600). An approval for
"exactly these arguments" holds a hash of them, never their values. A file that cannot be read is never
overwritten: the app runs without its contents, reports the problem, and refuses to save until the user
fixes or removes it (so a typo never costs the user every approval they had).

Several instances may run at once, so a change is never a rewrite of one instance's memory: ``update``
takes an operation (``grant``, ``revoke``, ``set_override``), and under an inter-process lock reads the
file as it is now, applies the operation to that, writes it, and returns the new state for the instance
to run with. A revoke in one instance and a grant in another both hold.

Format (version 1)::

    {"version": 1,
     "approvals": [{"server": "demo", "serverIdentity": "demo|stdio|...", "tool": "manage_files",
                    "ceiling": "safe", "definitionHash": "<sha256>", "createdAt": "<ISO-8601 UTC>",
                    "expiresAt": "<ISO-8601 UTC>" (optional: it ends then),
                    "argumentsHash": "<sha256 of the canonical arguments>" (optional: exactly those),
                    "definition": {"name": ..., "description": ..., "inputSchema": {...},
                                   "annotations": {...} | null}}],
     "overrides": [{"server": "demo", "tool": "manage_files", "annotations": {"destructiveHint": true}}]}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from tui.config.atomic import (
    LOCK_TIMEOUT_S,
    SeenText,
    file_lock,
    read_text_or_none,
    remove_orphan_temps,
    without_bom,
    write_if_changed,
)
from tui.config.problems import ConfigProblem
from tui.model.hints import HINT_NAMES
from tui.safety.approvals import Approval
from tui.safety.grade import Grade
from tui.safety.overrides import Overrides
from tui.safety.tool_hash import DefinitionSnapshot

FORMAT_VERSION = 1
SaveResult = Literal["written", "unchanged", "refused"]
_CONSEQUENCE = (
    "The app runs without remembered approvals and annotation overrides, and will not change this file "
    "until you fix or remove it."
)


@dataclass
class StoredSafety:
    """What the approvals file holds."""

    approvals: list[Approval] = field(default_factory=list)
    """Persistent approvals only (scope "always")."""
    overrides: Overrides = field(default_factory=Overrides)


class _Invalid(ValueError):
    pass


def _approval_from(item: Any, where: str) -> Approval:
    if not isinstance(item, dict):
        raise _Invalid(f"{where} must be an object")
    for key in ("server", "serverIdentity", "tool", "ceiling", "definitionHash", "createdAt"):
        if not isinstance(item.get(key), str):
            raise _Invalid(f'{where}: "{key}" must be a string')
    try:
        ceiling = Grade.parse(item["ceiling"])
        created = datetime.fromisoformat(item["createdAt"])
        definition = DefinitionSnapshot.from_json(item.get("definition") or {})
    except ValueError as exc:
        raise _Invalid(f"{where}: {exc}") from None
    if definition.hash != item["definitionHash"]:
        raise _Invalid(f'{where}: "definitionHash" does not match its "definition"')
    if definition.name != item["tool"]:
        raise _Invalid(f'{where}: "tool" does not match the definition\'s name')
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    expires = item.get("expiresAt")
    arguments = item.get("argumentsHash")
    if expires is not None and not isinstance(expires, str):
        raise _Invalid(f'{where}: "expiresAt" must be a string (ISO-8601)')
    if arguments is not None and not (isinstance(arguments, str) and len(arguments) == 64):
        raise _Invalid(f'{where}: "argumentsHash" must be a SHA-256 in hex')
    try:
        ends = datetime.fromisoformat(expires) if expires else None
    except ValueError as exc:
        raise _Invalid(f"{where}: {exc}") from None
    if ends is not None and ends.tzinfo is None:
        ends = ends.replace(tzinfo=UTC)
    return Approval(
        item["serverIdentity"], item["server"], item["tool"], ceiling, "always", definition, created,
        ends, arguments,
    )  # fmt: skip


def _override_into(overrides: Overrides, item: Any, where: str) -> None:
    if not isinstance(item, dict) or not isinstance(item.get("server"), str):
        raise _Invalid(f'{where} must be an object with a string "server"')
    if not isinstance(item.get("tool"), str):
        raise _Invalid(f'{where}: "tool" must be a string')
    hints = item.get("annotations")
    if not isinstance(hints, dict):
        raise _Invalid(f'{where}: "annotations" must be an object')
    for key, value in hints.items():
        if key not in HINT_NAMES or not isinstance(value, bool):
            raise _Invalid(f"{where}: {key!r} must be one of {', '.join(HINT_NAMES)} with true or false")
    overrides.set(item["server"], item["tool"], hints)


def parse_approvals(text: str) -> StoredSafety:
    """Raises ValueError (with a line number for JSON syntax errors) when the text is not a valid file."""
    text = without_bom(text)  # as Windows editors write it: json refuses it
    if not text.strip():
        return StoredSafety()
    data = json.loads(text)
    if not isinstance(data, dict):
        raise _Invalid("the file must hold a JSON object")
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise _Invalid(f'"version" is {version!r}; this mcp-tui reads version {FORMAT_VERSION}')
    approvals, overrides = data.get("approvals", []), data.get("overrides", [])
    if not isinstance(approvals, list) or not isinstance(overrides, list):
        raise _Invalid('"approvals" and "overrides" must be lists')
    state = StoredSafety([_approval_from(item, f"approvals[{i}]") for i, item in enumerate(approvals)])
    for i, item in enumerate(overrides):
        _override_into(state.overrides, item, f"overrides[{i}]")
    return state


def dump_approvals(approvals: Iterable[Approval], overrides: Overrides) -> str:
    """The file's text: persistent approvals only, in a stable order so unchanged state writes nothing."""
    kept = sorted(
        (a for a in approvals if a.scope == "always"),
        key=lambda a: (a.server, a.tool, a.server_identity, a.arguments_hash or ""),
    )
    data = {
        "version": FORMAT_VERSION,
        "approvals": [
            {
                "server": a.server,
                "serverIdentity": a.server_identity,
                "tool": a.tool,
                "ceiling": a.ceiling.label,
                "definitionHash": a.definition_hash,
                "createdAt": a.created_at.astimezone(UTC).isoformat(timespec="seconds"),
                **({"expiresAt": _iso(a.expires_at)} if a.expires_at else {}),
                **({"argumentsHash": a.arguments_hash} if a.arguments_hash else {}),
                "definition": a.definition.to_json(),
            }
            for a in kept
        ],
        "overrides": [
            {"server": server, "tool": tool, "annotations": hints}
            for server, tool, hints in overrides.items()
        ],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _iso(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="seconds")


def load_approvals(path: Path) -> tuple[StoredSafety, ConfigProblem | None]:
    """The file's contents, or (empty state, the problem) when it cannot be read. A missing file is fine."""
    try:
        text = read_text_or_none(path)
    except (OSError, UnicodeDecodeError) as exc:
        return StoredSafety(), ConfigProblem(path, None, f"cannot be read ({exc}). {_CONSEQUENCE}")
    return _parse_file(path, text)


def _parse_file(path: Path, text: str | None) -> tuple[StoredSafety, ConfigProblem | None]:
    if text is None:
        return StoredSafety(), None
    try:
        return parse_approvals(text), None
    except json.JSONDecodeError as exc:
        return StoredSafety(), ConfigProblem(path, exc.lineno, f"not valid JSON: {exc.msg}. {_CONSEQUENCE}")
    except ValueError as exc:
        return StoredSafety(), ConfigProblem(path, None, f"{exc}. {_CONSEQUENCE}")


Change = Callable[[StoredSafety], None]
"""An operation on the file's state as it is on disk now (mutates it in place)."""


def grant(approval: Approval) -> Change:
    """Remember an "always" approval, replacing any for the same server and tool."""

    def apply(state: StoredSafety) -> None:
        same = (approval.key, approval.arguments_hash)
        state.approvals = [a for a in state.approvals if (a.key, a.arguments_hash) != same] + [approval]

    return apply


def revoke(approval: Approval) -> Change:
    """Forget this approval (same server, tool and tool definition); a newer one made elsewhere stays."""

    def apply(state: StoredSafety) -> None:
        state.approvals = [
            a
            for a in state.approvals
            if not (a.key == approval.key and a.definition_hash == approval.definition_hash)
        ]

    return apply


def set_override(server: str, tool: str, hints: dict[str, bool]) -> Change:
    """Your own hints for a tool; empty ``hints`` removes the override."""

    def apply(state: StoredSafety) -> None:
        state.overrides.set(server, tool, hints)

    return apply


@dataclass(frozen=True)
class StoreUpdate:
    result: SaveResult
    state: StoredSafety
    """What the file holds now, this change included: the approvals and overrides to run with."""
    reloaded: bool = False
    """The file had changed on disk since this instance last read or wrote it (another instance, a hand
    edit): ``state`` includes those changes."""

    @property
    def notice(self) -> str | None:
        if not self.reloaded:
            return None
        return "The approvals file had been changed elsewhere (another mcp-tui?); its changes were kept."


class ApprovalsStore:
    """Loads one approvals file and applies changes to it; refuses to save over a file it could not read."""

    def __init__(self, path: Path, lock_timeout: float = LOCK_TIMEOUT_S) -> None:
        """``lock_timeout``: how long ``update`` waits for another instance's save (seconds)."""
        self.path = path
        self.problem: ConfigProblem | None = None
        self._seen = SeenText()
        self._lock_timeout = lock_timeout

    def load(self) -> StoredSafety:
        """Read the file; on a problem, ``self.problem`` says what is wrong and changes are refused."""
        try:
            text = read_text_or_none(self.path)
        except (OSError, UnicodeDecodeError) as exc:
            self.problem = ConfigProblem(self.path, None, f"cannot be read ({exc}). {_CONSEQUENCE}")
            return StoredSafety()
        self._seen.note(text)
        state, self.problem = _parse_file(self.path, text)
        return state

    def update(self, change: Change) -> StoreUpdate:
        """Apply ``change`` to the file as it is on disk now, under a lock, and write it if it changed.

        "refused" (with an empty state) while the file is unreadable; call ``load`` after the user fixes
        it. Raises OSError when the file cannot be written or the lock not taken.
        """
        if self.problem is not None:
            return StoreUpdate("refused", StoredSafety())
        with file_lock(self.path, self._lock_timeout):
            # Under the lock no other save is in progress: a temp file old enough is a killed writer's.
            remove_orphan_temps(self.path)
            try:
                text = read_text_or_none(self.path)
            except (OSError, UnicodeDecodeError) as exc:
                self.problem = ConfigProblem(self.path, None, f"cannot be read ({exc}). {_CONSEQUENCE}")
                return StoreUpdate("refused", StoredSafety())
            # The user may have broken the file by hand since it was loaded: never overwrite it.
            state, self.problem = _parse_file(self.path, text)
            if self.problem is not None:
                return StoreUpdate("refused", StoredSafety())
            reloaded = self._seen.check(text)
            change(state)
            new_text = dump_approvals(state.approvals, state.overrides)
            written = write_if_changed(self.path, new_text)
            if written:
                # What the person approves is nobody else's business on a shared machine.
                self.path.chmod(0o600)
            self._seen.note(new_text if written else text)
        return StoreUpdate("written" if written else "unchanged", state, reloaded)
