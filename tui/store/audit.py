"""The audit log: one JSON Lines record per call attempt, appended and flushed as it happens.

The fields are documented in ``FIELD_DOCS`` below; ``fields_markdown()`` renders them as the README's table.

A line that cannot be read (a write torn by a crash, a hand edit) is skipped when reading, never fatal.
The log rotates by size (``[audit]`` in config.toml, ``AuditSettings``) and is read across its files.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from tui.config.atomic import file_lock
from tui.config.model import AuditSettings
from tui.model.hints import Hints
from tui.safety.decision import RuleId
from tui.store.request_records import RequestRecord, request_record

Outcome = Literal["ok", "error", "cancelled", "denied", "timeout", "unanswered"]
OUTCOMES: frozenset[str] = frozenset({"ok", "error", "cancelled", "denied", "timeout", "unanswered"})
REDACTED = "<redacted>"

# (field, JSON type, meaning): the documentation of every field of a record, in order.
FIELD_DOCS: tuple[tuple[str, str, str], ...] = (
    ("time", "string", "when the attempt was decided, ISO-8601 UTC (`2025-01-31T09:15:02.123Z`)"),
    ("server", "string", "the server's name"),
    ("tool", "string", "the tool's name"),
    (
        "definition_hash",
        "string",
        "sha256 (hex) of the tool's name, description, inputSchema and static annotations",
    ),
    (
        "arguments",
        'object or `"<redacted>"`',
        'the arguments exactly as sent (or as they would have been); `"<redacted>"` when the '
        "`redact_arguments_in_audit` preference is on",
    ),
    (
        "hints",
        "object",
        "`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`, each "
        '`{"value": true/false, "provenance": "explicit"/"default"/"resolved"/"override"}`',
    ),
    ("grade", "string", "`safe`, `low`, `medium`, `high` or `critical`"),
    ("decision", "string", "`allow`, `ask` or `deny`"),
    ("reason", "string", "the decision's reason, as shown in the app"),
    (
        "rule",
        "string",
        # Spelled from the enum, so a new rule can never be missing from the README's table.
        "which rule decided: " + ", ".join(f"`{rule.value}`" for rule in RuleId),
    ),
    (
        "outcome",
        "string",
        "`ok`, `error` (also a tool that reported isError), `cancelled`, `denied`, `timeout`, "
        "`unanswered` (the call needed approval and no one could be asked: a headless run; nothing was sent)",
    ),
    ("duration_ms", "integer or null", "how long the call took; null when nothing was sent"),
    ("error", "string or null", "the error text, when there is one"),
    ("changes", "list of strings", "for `definition-changed`: what changed in the tool definition"),
    (
        "choice",
        "string or null",
        "after `ask`: what the person chose (`once`, `session`, `always`, `cancel`), or `unanswered`",
    ),
    ("interface", "string", "where the call was made: `tui` (the app) or `cli` (a headless command)"),
)


def fields_markdown() -> str:
    """``FIELD_DOCS`` as a markdown table (for the README)."""
    rows = [f"| `{name}` | {kind} | {meaning} |" for name, kind, meaning in FIELD_DOCS]
    return "\n".join(["| field | type | meaning |", "|---|---|---|", *rows])


def iso_utc(moment: datetime | None = None) -> str:
    moment = (moment or datetime.now(UTC)).astimezone(UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def hints_record(hints: Hints) -> dict[str, dict[str, Any]]:
    return {name: {"value": h.value, "provenance": h.provenance.value} for name, h in hints.items()}


@dataclass(frozen=True)
class AuditRecord:
    time: str
    server: str
    tool: str
    definition_hash: str
    arguments: dict[str, Any] | str
    hints: dict[str, dict[str, Any]]
    grade: str
    decision: str
    reason: str
    rule: str
    outcome: str
    duration_ms: int | None = None
    error: str | None = None
    changes: list[str] = field(default_factory=list)
    choice: str | None = None
    interface: str = "tui"

    def to_line(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"), default=repr)

    @classmethod
    def from_json(cls, data: Any) -> AuditRecord:
        """Raises ValueError when ``data`` is not a well-formed record."""
        if not isinstance(data, dict):
            raise ValueError("a record must be an object")
        strings = ("time", "server", "tool", "definition_hash", "grade", "decision", "reason", "rule")
        for key in (*strings, "outcome"):
            if not isinstance(data.get(key), str):
                raise ValueError(f"{key} must be a string")
        if data["outcome"] not in OUTCOMES:
            raise ValueError(f"unknown outcome {data['outcome']!r}")
        arguments, hints, changes = data.get("arguments"), data.get("hints"), data.get("changes", [])
        if not (isinstance(arguments, dict) or arguments == REDACTED) or not isinstance(hints, dict):
            raise ValueError("arguments and hints must be objects")
        duration, error, choice = data.get("duration_ms"), data.get("error"), data.get("choice")
        if duration is not None and (isinstance(duration, bool) or not isinstance(duration, int)):
            raise ValueError("duration_ms must be an integer or null")
        interface = data.get("interface", "tui")
        if not isinstance(interface, str):
            raise ValueError("interface must be a string")
        if not all(v is None or isinstance(v, str) for v in (error, choice)):
            raise ValueError("error and choice must be strings or null")
        if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
            raise ValueError("changes must be a list of strings")
        return cls(
            **{key: data[key] for key in strings},
            arguments=arguments,
            hints=hints,
            outcome=data["outcome"],
            duration_ms=duration,
            error=error,
            changes=list(changes),
            choice=choice,
            interface=interface,
        )


def make_record(
    *,
    server: str,
    tool: str,
    definition_hash: str,
    arguments: Mapping[str, Any],
    hints: Hints,
    grade: str,
    decision: str,
    reason: str,
    rule: str,
    outcome: Outcome,
    duration_ms: int | None = None,
    error: str | None = None,
    changes: list[str] | None = None,
    choice: str | None = None,
    interface: str = "tui",
    redact: bool = False,
    now: datetime | None = None,
) -> AuditRecord:
    """A record from the app's own objects; ``redact`` is ``Preferences.redact_arguments_in_audit``."""
    return AuditRecord(
        time=iso_utc(now),
        server=server,
        tool=tool,
        definition_hash=definition_hash,
        arguments=REDACTED if redact else json.loads(json.dumps(dict(arguments), default=repr)),
        hints=hints_record(hints),
        grade=grade,
        decision=decision,
        reason=reason,
        rule=rule,
        outcome=outcome,
        duration_ms=duration_ms,
        error=error,
        changes=list(changes or []),
        choice=choice,
        interface=interface,
    )


def _is_other_kind(raw: bytes) -> bool:
    """A record of a kind other than a call (sampling, elicitation): not a call, nor unreadable."""
    try:
        data = json.loads(raw)
    except ValueError:
        return False
    return isinstance(data, dict) and isinstance(data.get("kind"), str)


_CHUNK = 64 * 1024
_ROTATE_LOCK_TIMEOUT_S = 2.0


class AuditLog:
    """Appends records to a JSON Lines file, rotating it by size, and reads the latest ones back.

    ``audit.jsonl`` is the current file; when it reaches ``settings.max_file_kb`` it becomes
    ``audit.jsonl.1`` (the previous ``.1`` becomes ``.2``, and so on; beyond ``keep_files`` the oldest
    goes). Reading goes across all of them, newest first. Several app instances may append at once: each
    record is one ``O_APPEND`` write, and a rotation is done under an inter-process lock.
    """

    def __init__(self, path: Path, settings: AuditSettings | None = None) -> None:
        self.path = path
        self.settings = settings or AuditSettings()
        self.skipped_lines = 0
        """How many unreadable lines the last ``recent`` call passed over."""

    # ---- writing ---------------------------------------------------------------------------------

    def append(self, record: AuditRecord | RequestRecord) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = (record.to_line() + "\n").encode("utf-8")
        self._rotate_if_full()
        # Arguments may be private: the log is readable by its owner only.
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                # A torn last line (a crash mid-write) must not swallow this record too.
                line = b"\n" + line
            # One write with O_APPEND: the kernel places it at the end as a whole, so records from
            # several instances never interleave. A short write (a full disk) leaves a torn line that
            # readers skip and the next append starts after.
            os.write(fd, line)
        finally:
            os.close(fd)

    def _rotate_if_full(self) -> None:
        limit = self.settings.max_file_kb * 1024
        if limit <= 0 or self._size() < limit:
            return
        try:
            with file_lock(self.path, timeout=_ROTATE_LOCK_TIMEOUT_S):
                if self._size() < limit:
                    return  # another instance rotated it while this one waited
                self._shift_files()
        except TimeoutError:  # filelock.Timeout (imported only when a lock is taken)
            return  # another instance holds the lock for long: append now, rotate on a later record

    def _shift_files(self) -> None:
        keep = self.settings.keep_files
        for index in sorted((i for i, _ in self._rotated()), reverse=True):
            older = self._numbered(index)
            if index >= keep:
                older.unlink(missing_ok=True)
            else:
                os.replace(older, self._numbered(index + 1))
        if keep > 0:
            os.replace(self.path, self._numbered(1))
        else:
            self.path.unlink(missing_ok=True)

    def _size(self) -> int:
        try:
            return self.path.stat().st_size
        except FileNotFoundError:
            return 0

    def _numbered(self, index: int) -> Path:
        return self.path.with_name(f"{self.path.name}.{index}")

    def _rotated(self) -> list[tuple[int, Path]]:
        """The rotated files that exist, as (number, path), newest (1) first."""
        found = []
        for candidate in self.path.parent.glob(f"{self.path.name}.*"):
            suffix = candidate.name[len(self.path.name) + 1 :]
            if suffix.isdigit():
                found.append((int(suffix), candidate))
        return sorted(found)

    # ---- reading ---------------------------------------------------------------------------------

    def files(self) -> list[Path]:
        """Every file of the log that exists, newest first: the current one, then .1, .2, ..."""
        current = [self.path] if self.path.exists() else []
        return current + [path for _, path in self._rotated()]

    def recent(self, n: int) -> list[AuditRecord]:
        """Up to ``n`` of the latest readable records, oldest first; unreadable lines are skipped."""
        found: list[AuditRecord] = []
        if n > 0:
            for record in self.newest_first():
                found.append(record)
                if len(found) == n:
                    break
        found.reverse()
        return found

    def newest_first(self) -> Iterator[AuditRecord]:
        """Every readable record, newest first, across the rotated files; counts ``skipped_lines``."""
        self.skipped_lines = 0
        for path in self.files():
            for raw in _lines_backwards(path):
                if not raw.strip():
                    continue
                try:
                    record = AuditRecord.from_json(json.loads(raw))
                except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors too
                    if not _is_other_kind(raw):
                        self.skipped_lines += 1
                    continue
                yield record

    def recent_entries(self, n: int) -> list[AuditRecord | RequestRecord]:
        """Up to ``n`` of the latest readable records of every kind (calls, sampling, elicitation),
        oldest first; counts ``skipped_lines`` as ``newest_first`` does."""
        self.skipped_lines = 0
        found: list[AuditRecord | RequestRecord] = []
        for path in self.files():
            # Checked before each file too: an older file is not even opened once there are enough.
            if len(found) >= n:
                break
            for raw in _lines_backwards(path):
                if raw.strip():
                    entry = _entry(raw)
                    if entry is None:
                        self.skipped_lines += 1
                    else:
                        found.append(entry)
                if len(found) >= n:
                    break
        found.reverse()
        return found


def _entry(raw: bytes) -> AuditRecord | RequestRecord | None:
    """The record on one line, of whatever kind; None when it cannot be read."""
    try:
        data = json.loads(raw)
        return (
            request_record(data) if isinstance(data, dict) and "kind" in data else AuditRecord.from_json(data)
        )
    except ValueError:  # JSONDecodeError and UnicodeDecodeError are ValueErrors too
        return None


def _lines_backwards(path: Path) -> Iterator[bytes]:
    """Lines from the end of ``path``, read in chunks so a long log is not read whole."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return  # rotated away between listing and reading
    with handle:
        position = handle.seek(0, os.SEEK_END)
        rest = b""
        while position > 0:
            step = min(_CHUNK, position)
            position -= step
            handle.seek(position)
            block = handle.read(step) + rest
            lines = block.split(b"\n")
            rest = lines.pop(0)
            yield from reversed(lines)
        yield rest


def outcome_fields(call: Any) -> tuple[Outcome, int, str | None]:
    """(outcome, duration_ms, error) from a ``tui.model.results.CallOutcome``; a result the tool itself
    flagged with isError counts as ``error``."""
    status = str(getattr(call.status, "value", call.status))
    outcome: Outcome = status if status in OUTCOMES else "error"  # type: ignore[assignment]
    error = call.error
    if outcome == "ok" and call.is_error:
        outcome, error = "error", error or "the tool reported an error (isError)"
    return outcome, round(call.duration_s * 1000), error
