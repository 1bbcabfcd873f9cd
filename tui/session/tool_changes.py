"""What changed in a server's tool list since the last session: the tool cache's list from that session
against the live one, compared as ``mcp-tui diff`` compares a snapshot with the live list (risk first)."""

from __future__ import annotations

from tui.safety.tool_diff import ToolChange, diff_tools
from tui.session.catalogue import CachedCatalogue
from tui.session.snapshots import tool_entry


def since_last_session(catalogue: CachedCatalogue, server: str) -> list[ToolChange] | None:
    """The changes, risk changes first; None when there is nothing to compare (no list from an earlier
    session, or no live list yet)."""
    previous, live = catalogue.previous(server), catalogue.live(server)
    if previous is None or live is None:
        return None
    before = {tool.name: tool_entry(tool) for tool in previous}
    after = {tool.name: tool_entry(tool) for tool in live}
    return diff_tools(before, after)
