"""The confirmation dialog's agent line: who asked for a call made through the gateway.

The name and version are the agent's own (its MCP ``clientInfo``), not verified: the line says so, and
shows them as data (one line, every hidden character made visible)."""

from __future__ import annotations

from textual.widgets import Static

from tui.model.agents import AgentInfo
from tui.ui.safe_text import literal, one_line


def agent_text(agent: AgentInfo) -> str:
    return (
        f"Asked by the agent {one_line(agent.name)} {one_line(agent.version)} through mcp-tui gateway "
        "(the name it gives itself)"
    )


class AgentLine(Static):
    DEFAULT_CSS = """
    AgentLine { height: auto; color: $accent; text-style: bold; }
    """

    def __init__(self, agent: AgentInfo, *, id: str | None = None) -> None:
        super().__init__(literal(agent_text(agent)), id=id)
