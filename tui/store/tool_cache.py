"""Each server's last tool list on disk, so the next start shows tool names before the server answers.

One small JSON file per server in the user cache directory, named after a hash of how the server is
reached (its command, arguments, environment and directory, or its URL), so two configs that launch the
same server share it and a changed launch starts afresh. The file also records the name and version the
server reported: the live list confirms or replaces the cached one in any case, and the version says
which server the cached list came from. Environment values are hashed, never written.

A cache is a convenience: a file that is missing, unreadable or malformed is ignored (and overwritten
by the next live list), never an error.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

from tui.config.atomic import write_if_changed
from tui.config.model import ServerConfig
from tui.model.servers import ResolveMethod, ToolInfo

FORMAT = 1


def launch_identity(config: ServerConfig) -> str:
    """A hash of what decides which server answers: the launch command or the URL."""
    if config.transport == "stdio":
        launch: dict[str, Any] = {
            "command": config.command,
            "args": list(config.args),
            "env": sorted(dict(config.env).items()),
            "cwd": str(config.cwd) if config.cwd else None,
        }
    else:
        launch = {"transport": config.transport, "url": config.url}
    text = json.dumps(launch, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class CachedList:
    """A server's tool list as an earlier run received it."""

    server_name: str | None
    server_version: str | None
    tools: tuple[ToolInfo, ...]


def _tool_to_json(tool: ToolInfo) -> dict[str, Any]:
    return {
        "name": tool.name,
        "title": tool.title,
        "description": tool.description,
        "inputSchema": tool.input_schema,
        "outputSchema": tool.output_schema,
        "annotations": tool.annotations,
        "resolveMethod": tool.resolve_method,
        "raw": tool.raw,
    }


def _tool_from_json(server: str, entry: Any) -> ToolInfo:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise ValueError("a cached tool without a name")
    title, description = entry.get("title"), entry.get("description")
    schema, output, annotations = (
        entry.get("inputSchema"),
        entry.get("outputSchema"),
        entry.get("annotations"),
    )
    method, raw = entry.get("resolveMethod"), entry.get("raw")
    if not isinstance(schema, dict) or not isinstance(description, str):
        raise ValueError("a cached tool without a schema or description")
    if method is not None and method not in get_args(ResolveMethod):
        raise ValueError("an unknown resolve method")
    return ToolInfo(
        server=server,
        name=entry["name"],
        title=title if isinstance(title, str) else None,
        description=description,
        input_schema=schema,
        output_schema=output if isinstance(output, dict) else None,
        annotations=annotations if isinstance(annotations, dict) else None,
        resolve_method=method,
        raw=raw if isinstance(raw, dict) else {},
    )


class ToolCache:
    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def path_for(self, config: ServerConfig) -> Path:
        return self.directory / "tools" / f"{launch_identity(config)[:32]}.json"

    def load(self, config: ServerConfig) -> CachedList | None:
        """The last list saved for this launch (tools carry ``config.name``), or None."""
        try:
            data = json.loads(self.path_for(config).read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                return None
            if data.get("launch") != launch_identity(config):
                return None
            tools = tuple(_tool_from_json(config.name, entry) for entry in data["tools"])
            name, version = data.get("serverName"), data.get("serverVersion")
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return CachedList(
            name if isinstance(name, str) else None, version if isinstance(version, str) else None, tools
        )

    def save(
        self,
        config: ServerConfig,
        server_name: str | None,
        server_version: str | None,
        tools: tuple[ToolInfo, ...] | list[ToolInfo],
    ) -> bool:
        """Write the list atomically (only when it changed); False when it could not be written."""
        data = {
            "format": FORMAT,
            "launch": launch_identity(config),
            "serverName": server_name,
            "serverVersion": server_version,
            "tools": [_tool_to_json(tool) for tool in tools],
        }
        try:
            text = json.dumps(data, ensure_ascii=False, indent=1, default=repr)
            write_if_changed(self.path_for(config), text)
        except (OSError, ValueError, TypeError):
            return False
        return True
