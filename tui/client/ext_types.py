"""SDK result types that keep the fields the SDK would drop.

The draft "tool resolution" flags (per tool ``resolve`` / ``dynamicAnnotations``, capability
``tools.resolve`` / ``tools.dynamicAnnotations``) are not in the released schema, so the SDK's
``Tool`` and ``ToolAnnotations`` ignore them. These subclasses allow extras so nothing is lost.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
from pydantic import ConfigDict

from tui.client.models import ResolveMethod


class ExtToolAnnotations(types.ToolAnnotations):
    model_config = ConfigDict(extra="allow")


class ExtTool(types.Tool):
    model_config = ConfigDict(extra="allow")
    annotations: ExtToolAnnotations | None = None


class ExtListToolsResult(types.Result):
    model_config = ConfigDict(extra="allow")
    tools: list[ExtTool]
    next_cursor: str | None = None


def tools_capability(capabilities: dict[str, Any] | None) -> dict[str, Any]:
    """The raw ``capabilities.tools`` object, or an empty dict."""
    tools = (capabilities or {}).get("tools")
    return tools if isinstance(tools, dict) else {}


def capability_resolve_method(capabilities: dict[str, Any] | None) -> ResolveMethod | None:
    """The draft resolve method a server's capabilities declare, preferring the newer draft."""
    tools = tools_capability(capabilities)
    if tools.get("resolve") is True:
        return "tools/resolve"
    if tools.get("dynamicAnnotations") is True:
        return "tools/annotations"
    return None


def tool_resolve_method(
    raw_tool: dict[str, Any], capabilities: dict[str, Any] | None
) -> ResolveMethod | None:
    """How one tool can be resolved per call.

    A tool's own flag wins over the capability; ``resolve: false`` opts a tool out of a server-wide
    ``tools.resolve`` capability (same for ``dynamicAnnotations``).
    """
    tools = tools_capability(capabilities)
    resolve = raw_tool.get("resolve")
    if resolve is True or (resolve is None and tools.get("resolve") is True):
        return "tools/resolve"
    dynamic = raw_tool.get("dynamicAnnotations")
    if dynamic is True or (dynamic is None and tools.get("dynamicAnnotations") is True):
        return "tools/annotations"
    return None
