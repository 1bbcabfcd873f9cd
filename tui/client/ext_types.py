"""SDK result types that keep the fields the SDK would drop, and which resolution dialect a tool speaks.

The draft "tool resolution" flags (per tool ``resolve`` / ``dynamicAnnotations``, capability
``tools.resolve`` / ``tools.dynamicAnnotations``) are not in the released schema, so the SDK's
``Tool`` and ``ToolAnnotations`` ignore them. These subclasses allow extras so nothing is lost.
The official extension marks a tool in ``_meta["io.modelcontextprotocol/tool-resolution"].resolvable``
and is negotiated through ``capabilities.extensions``.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
from pydantic import ConfigDict

from tui.model.servers import EXTENSION_ID, ResolveMethod


class ExtToolAnnotations(types.ToolAnnotations):
    model_config = ConfigDict(extra="allow")


class ExtTool(types.Tool):
    model_config = ConfigDict(extra="allow")
    annotations: ExtToolAnnotations | None = None


def tools_capability(capabilities: dict[str, Any] | None) -> dict[str, Any]:
    """The raw ``capabilities.tools`` object, or an empty dict."""
    tools = (capabilities or {}).get("tools")
    return tools if isinstance(tools, dict) else {}


def extension_supported(capabilities: dict[str, Any] | None) -> bool:
    """True when the server advertises the tool-resolution extension with the (empty) settings we know.

    The draft defines no settings: a non-empty object asks for behaviour this client does not know, so
    it counts as "not supported" (the extension's own rule).
    """
    extensions = (capabilities or {}).get("extensions")
    settings = extensions.get(EXTENSION_ID) if isinstance(extensions, dict) else None
    return isinstance(settings, dict) and not settings


def extension_marked(raw_tool: dict[str, Any]) -> bool:
    """True when the tool carries ``_meta[EXTENSION_ID].resolvable: true``."""
    meta = raw_tool.get("_meta")
    marker = meta.get(EXTENSION_ID) if isinstance(meta, dict) else None
    return isinstance(marker, dict) and marker.get("resolvable") is True


def capability_resolve_method(capabilities: dict[str, Any] | None) -> ResolveMethod | None:
    """The seed-draft method a server's capabilities declare for every tool, preferring the newer draft.

    The extension is not here on purpose: it only ever covers the tools it marks.
    """
    tools = tools_capability(capabilities)
    if tools.get("resolve") is True:
        return "tools/resolve"
    if tools.get("dynamicAnnotations") is True:
        return "tools/annotations"
    return None


def server_resolve_dialect(capabilities: dict[str, Any] | None) -> ResolveMethod | None:
    """The best dialect a server offers at all (for the server summary), extension first."""
    if extension_supported(capabilities):
        return EXTENSION_ID
    return capability_resolve_method(capabilities)


def tool_resolve_method(
    raw_tool: dict[str, Any], capabilities: dict[str, Any] | None, *, listing_marks_tools: bool = False
) -> ResolveMethod | None:
    """The dialect one tool is resolved in.

    Precedence: the extension (a marked tool on a server that negotiated it), then SEP-1862's
    ``tools/resolve``, then ``tools/annotations``. A tool's own flag decides over the server-wide
    capability: a tool flagged only ``dynamicAnnotations: true`` is sent ``tools/annotations`` even when
    the server's capability also says ``resolve``. When no tool of the listing carries a flag, the
    server-wide capability covers every tool; once a server marks some tools (``listing_marks_tools``),
    the marks are what it means and an unmarked tool is not resolvable: the demo server, for one, marks
    exactly the tools whose risk depends on their arguments.

    On a server that negotiated the extension, ``tools/resolve`` belongs to the extension: such a server
    answers this client (which always advertises the extension) in the extension's shape, so SEP-1862's
    ``{tool}`` is out of reach there and a tool the extension does not mark is not sent ``tools/resolve``.
    """
    extension = extension_supported(capabilities)
    if extension and extension_marked(raw_tool):
        return EXTENSION_ID
    resolve = raw_tool.get("resolve")
    dynamic = raw_tool.get("dynamicAnnotations")
    if resolve is True and not extension:
        return "tools/resolve"
    if dynamic is True:
        return "tools/annotations"
    if isinstance(resolve, bool) or dynamic is False or listing_marks_tools:
        return None
    by_capability = capability_resolve_method(capabilities)
    if by_capability == "tools/resolve" and extension:
        return (
            "tools/annotations" if tools_capability(capabilities).get("dynamicAnnotations") is True else None
        )
    return by_capability


def marks_tools(raw_tools: list[dict[str, Any]]) -> bool:
    """True when any tool of a listing declares its own resolution flag or extension marker as true."""
    return any(
        t.get("resolve") is True or t.get("dynamicAnnotations") is True or extension_marked(t)
        for t in raw_tools
    )
