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
    raw_tool: dict[str, Any], capabilities: dict[str, Any] | None, *, listing_marks_tools: bool = False
) -> ResolveMethod | None:
    """How one tool can be resolved per call.

    A tool's own flag wins. When no tool of the listing carries a flag, the server-wide capability
    covers every tool; once a server marks some tools (``listing_marks_tools``), the marks are what it
    means and an unmarked tool is not resolvable: the demo server, for one, marks exactly the tools whose
    risk depends on their arguments. ``tools/resolve`` is preferred whenever the server offers it.
    """
    tools = tools_capability(capabilities)
    resolve = raw_tool.get("resolve")
    dynamic = raw_tool.get("dynamicAnnotations")
    if resolve is True:
        return "tools/resolve"
    if dynamic is True:
        return "tools/resolve" if tools.get("resolve") is True and resolve is None else "tools/annotations"
    if resolve is False or dynamic is False or listing_marks_tools:
        return None
    return capability_resolve_method(capabilities)


def marks_tools(raw_tools: list[dict[str, Any]]) -> bool:
    """True when any tool of a listing declares its own resolve / dynamicAnnotations flag as true."""
    return any(t.get("resolve") is True or t.get("dynamicAnnotations") is True for t in raw_tools)
