"""Collections as the TUI sees them: the files in the collections folder, saving a call into one,
recording every call into one while recording is on, and the verdict of each expectation of a replayed
call. The front end shows what this returns; the files are written here and the verdicts computed here
(by the same ``expectations`` code ``mcp-tui run`` uses).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.config.collection_file import CollectionProblems, read_collection
from tui.model.collections import (
    DEFAULT_COLLECTIONS_DIR,
    Collection,
    Expectations,
    SavedCall,
    definition_label,
)
from tui.model.results import CallOutcome, CallStatus
from tui.model.servers import ToolInfo
from tui.safety.secret_arguments import MissingVariables, expand_placeholders
from tui.safety.tool_hash import DefinitionSnapshot
from tui.session.call_saving import append_call, saved_call
from tui.session.saved import Saved

if TYPE_CHECKING:
    from tui.session.call_flow import CallRecord

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
EXPECTED_TEXT_LIMIT = 60
"""Characters of the result's first line offered as ``text_contains``: enough to recognise it."""


@dataclass(frozen=True)
class ShelfEntry:
    """One collection file: its calls, or why it cannot be read (the problems name file and line)."""

    name: str
    path: Path
    collection: Collection | None
    problem: str | None = None


@dataclass(frozen=True)
class SaveDraft:
    """What saving a call would write: the call (secrets as placeholders) and the expectations the last
    result suggests, for the person to keep or drop."""

    call: SavedCall
    placeholders: tuple[str, ...]
    """The environment variables the secrets became (``${NAME}`` in the file)."""
    suggested: Expectations


@dataclass(frozen=True)
class Verdict:
    """One expectation of a replayed call: held or not, in the words ``mcp-tui run`` uses."""

    key: str
    held: bool
    text: str


class CollectionShelf:
    def __init__(self, directory: Path | None = None) -> None:
        self._directory = directory
        self.recording_to: str | None = None
        """The collection every call is appended to while recording is on; None when it is off."""

    @property
    def directory(self) -> Path:
        """``.mcp-tui/collections`` in the working directory, where ``mcp-tui run NAME`` looks."""
        return self._directory if self._directory is not None else Path.cwd() / DEFAULT_COLLECTIONS_DIR

    def path_of(self, name: str) -> Path:
        """The file of the collection ``name``; raises ValueError for a name that is not a plain file name."""
        stem = name.removesuffix(".toml")
        if not _NAME.fullmatch(stem):
            raise ValueError(
                f"{name!r} is not a collection name: use letters, digits, '-', '_' and '.' (no folders)"
            )
        return self.directory / f"{stem}.toml"

    def entries(self) -> list[ShelfEntry]:
        """Every collection in the folder, by name; a file that cannot be read says why."""
        if not self.directory.is_dir():
            return []
        found: list[ShelfEntry] = []
        for path in sorted(self.directory.glob("*.toml")):
            try:
                found.append(ShelfEntry(path.stem, path, read_collection(path)))
            except CollectionProblems as problems:
                found.append(ShelfEntry(path.stem, path, None, str(problems)))
        return found

    # ---- saving ---------------------------------------------------------------------------------------

    def draft(
        self,
        name: str,
        tool: ToolInfo,
        arguments: Mapping[str, Any],
        outcome: CallOutcome | None = None,
        grade: str | None = None,
    ) -> SaveDraft:
        """The call as it would be saved, with the expectations ``outcome`` and ``grade`` suggest."""
        call, names = saved_call(name, tool, arguments)
        return SaveDraft(call, tuple(names), suggested_expectations(outcome, grade))

    def save(self, collection: str, call: SavedCall) -> Saved:
        """Append ``call`` to ``collection`` (created when missing); nothing is written when it fails."""
        if not call.name.strip():
            return Saved(False, "Give the call a name: a collection names each of its calls.")
        try:
            path = self.path_of(collection)
            path.parent.mkdir(parents=True, exist_ok=True)
            append_call(path, call)
        except (ValueError, CollectionProblems, OSError) as error:
            return Saved(False, f"Not saved: {error}")
        return Saved(True, f"Saved {call.name!r} in {path}")

    # ---- recording ------------------------------------------------------------------------------------

    def start_recording(self, collection: str) -> Saved:
        try:
            path = self.path_of(collection)
        except ValueError as error:
            return Saved(False, str(error))
        self.recording_to = path.stem
        return Saved(True, f"Recording every call into {path}")

    def stop_recording(self) -> Saved:
        was, self.recording_to = self.recording_to, None
        return Saved(True, f"Stopped recording into {was}" if was else "Recording was off.")

    def record(self, record: CallRecord) -> Saved | None:
        """While recording: append the call that went through the call path, with the grade it resolved
        to (and its error flag, when it was answered). None when recording is off or nothing was sent."""
        if self.recording_to is None or record.outcome.status in (CallStatus.DENIED, CallStatus.CANCELLED):
            return None
        expect = Expectations(grade=record.assessment.grade.grade.label)
        if record.outcome.status is CallStatus.OK:
            expect = replace(expect, is_error=record.outcome.is_error)
        try:
            path = self.path_of(self.recording_to)
            taken = {call.name for call in read_collection(path).calls} if path.exists() else set()
        except (ValueError, CollectionProblems) as error:
            return Saved(False, f"Not recorded: {error}")
        name = _free_name(record.tool.name, taken)
        call, _ = saved_call(name, record.tool, record.arguments, expect)
        return self.save(self.recording_to, call)

    # ---- replaying ------------------------------------------------------------------------------------

    def arguments_for(
        self, call: SavedCall, environ: Mapping[str, str] | None = None
    ) -> tuple[dict[str, Any], str | None]:
        """The saved arguments with their placeholders filled from the environment; when a variable is not
        set, the arguments as saved and a sentence saying which (the person types the value)."""
        try:
            return expand_placeholders(call.args, os.environ if environ is None else environ), None
        except MissingVariables as error:
            return dict(call.args), str(error)

    def definition_change(self, call: SavedCall, tool: ToolInfo) -> str | None:
        """A sentence when ``tool`` is no longer the definition ``call`` was saved against."""
        live = definition_label(DefinitionSnapshot.from_tool(tool).hash)
        if call.definition is None or call.definition == live:
            return None
        return f"{tool.name} changed since {call.name!r} was saved: check its arguments before calling it"

    def verdicts(self, call: SavedCall, record: CallRecord) -> list[Verdict]:
        """Each expectation of ``call`` against the result of replaying it (``mcp-tui run``'s rules)."""
        from tui.session.expectations import unmet

        if record.outcome.status is not CallStatus.OK:
            said = record.outcome.error or record.outcome.status.value
            return [Verdict("call", False, f"the call was not answered ({said}): no expectation was checked")]
        failures = unmet(call.expect, record)
        verdicts = []
        for key in _stated(call.expect):
            failed = next((text for text in failures if text.startswith(f"expect.{key}")), None)
            verdicts.append(Verdict(key, failed is None, failed or f"expect.{key}: held"))
        if "is_error" not in _stated(call.expect):
            failed = next((text for text in failures if text.startswith("expect.is_error")), None)
            if failed is not None:
                verdicts.insert(0, Verdict("is_error", False, failed))
        return verdicts


def suggested_expectations(outcome: CallOutcome | None, grade: str | None) -> Expectations:
    """From the last answered result: its error flag and the start of its first line of text; and the
    grade the call resolved to."""
    if outcome is None or outcome.status is not CallStatus.OK:
        return Expectations(grade=grade)
    from tui.session.expectations import outcome_text

    first_line = next((line.strip() for line in outcome_text(outcome).splitlines() if line.strip()), "")
    return Expectations(
        is_error=outcome.is_error, text_contains=first_line[:EXPECTED_TEXT_LIMIT] or None, grade=grade
    )


def _stated(expect: Expectations) -> list[str]:
    from tui.model.collections import UNSET

    keys = (
        "is_error",
        "text_contains",
        "text_regex",
        "structured",
        "output_schema_valid",
        "grade",
        "hints",
        "max_ms",
    )
    return [key for key in keys if getattr(expect, key) is not (UNSET if key == "structured" else None)]


def _free_name(tool: str, taken: set[str]) -> str:
    number = 1
    while f"{tool} {number}" in taken:
        number += 1
    return f"{tool} {number}"
