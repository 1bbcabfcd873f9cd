"""A server's tool list as a baseline file (``mcp-tui snapshot``) and what changed since (``mcp-tui diff``).

The file is stable JSON: keys sorted, tools by name, two-space indents, so a baseline committed next to a
server's code changes only where the server did.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tui.config.atomic import write_if_changed
from tui.config.problems import ConfigProblem
from tui.model.collections import definition_label
from tui.model.servers import ToolInfo
from tui.safety.tool_diff import ToolChange, diff_tools
from tui.safety.tool_hash import DefinitionSnapshot

FORMAT = "mcp-tui tool snapshot 1"
DISPLAY_TEMPLATES = "io.modelcontextprotocol/display-templates"


def tool_entry(tool: ToolInfo) -> dict[str, Any]:
    """What a snapshot keeps of one tool."""
    meta = tool.raw.get("_meta")
    templates = meta.get(DISPLAY_TEMPLATES) if isinstance(meta, Mapping) else None
    return {
        "name": tool.name,
        "title": tool.title,
        "description": tool.description,
        "inputSchema": tool.input_schema,
        "outputSchema": tool.output_schema,
        "annotations": tool.annotations,
        "resolvable": tool.resolve_method,
        "displayTemplates": templates,
        "definition": definition_label(DefinitionSnapshot.from_tool(tool).hash),
    }


def snapshot_document(server: str, tools: Sequence[ToolInfo]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "server": server,
        "tools": [tool_entry(tool) for tool in sorted(tools, key=lambda tool: tool.name)],
    }


def snapshot_text(document: Mapping[str, Any]) -> str:
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_snapshot(path: Path, server: str, tools: Sequence[ToolInfo]) -> bool:
    """Write the baseline (atomically); False when the file already says exactly this."""
    return write_if_changed(path, snapshot_text(snapshot_document(server, tools)))


class SnapshotProblem(Exception):
    def __init__(self, problem: ConfigProblem) -> None:
        super().__init__(problem.with_path())
        self.problem = problem


def read_snapshot(path: Path) -> dict[str, Any]:
    """A baseline written by ``write_snapshot``; raises ``SnapshotProblem`` naming the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SnapshotProblem(ConfigProblem(path, None, f"cannot read the snapshot: {error}")) from None
    try:
        document = json.loads(text)
    except ValueError as error:
        line = getattr(error, "lineno", None)
        raise SnapshotProblem(ConfigProblem(path, line, f"not valid JSON: {error}")) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SnapshotProblem(
            ConfigProblem(path, None, f'not a tool snapshot (its "format" is not "{FORMAT}")')
        )
    tools = document.get("tools")
    if not isinstance(document.get("server"), str) or not isinstance(tools, list):
        raise SnapshotProblem(
            ConfigProblem(path, None, 'a snapshot needs "server" (a name) and "tools" (a list)')
        )
    if not all(isinstance(tool, dict) and isinstance(tool.get("name"), str) for tool in tools):
        raise SnapshotProblem(
            ConfigProblem(path, None, 'every entry of "tools" must be an object with a "name"')
        )
    return document


def diff_snapshot(baseline: Mapping[str, Any], tools: Sequence[ToolInfo]) -> list[ToolChange]:
    """What changed from ``baseline`` to the live ``tools``, risk changes first."""
    before = {entry["name"]: entry for entry in baseline["tools"]}
    after = {tool.name: tool_entry(tool) for tool in tools}
    return diff_tools(before, after)
