"""Saving a call into a collection: secrets as placeholders, bound to the tool's definition as it is now,
appended to the file (created when missing). Apart from ``collections`` (running them), so the session's
own collections (``collection_shelf``) can use it without importing what imports the session."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tui.config.atomic import write_atomically
from tui.config.collection_file import call_text, read_collection
from tui.model.collections import Expectations, SavedCall, definition_label
from tui.model.servers import ToolInfo
from tui.safety.secret_arguments import with_placeholders
from tui.safety.tool_hash import DefinitionSnapshot


def saved_call(
    name: str, tool: ToolInfo, arguments: Mapping[str, Any], expect: Expectations | None = None
) -> tuple[SavedCall, list[str]]:
    """The call as a collection keeps it: secrets as ``${NAME}`` (and the names, for the person to set),
    bound to the tool's definition as it is now."""
    args, names = with_placeholders(tool.name, tool.input_schema, arguments)
    definition = definition_label(DefinitionSnapshot.from_tool(tool).hash)
    return SavedCall(name, tool.server, tool.name, args, definition, expect or Expectations()), names


def append_call(path: Path, call: SavedCall) -> None:
    """Add ``call`` at the end of the collection ``path`` (created when missing); raises ValueError for a
    name the collection already has, ``CollectionProblems`` when the file cannot be read."""
    existing = ""
    if path.exists():
        names = {saved.name for saved in read_collection(path).calls}
        if call.name in names:
            raise ValueError(f"{path} already has a call named {call.name!r}")
        existing = path.read_text(encoding="utf-8")
    separator = "" if not existing else ("\n" if existing.endswith("\n") else "\n\n")
    write_atomically(path, existing + separator + call_text(call))
