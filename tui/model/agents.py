"""Who made a call through the gateway: the agent's own name for itself (its MCP ``clientInfo``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AgentInfo:
    """The agent behind a gateway call, as its host introduced itself (``clientInfo``); not verified."""

    name: str
    version: str

    def record(self) -> dict[str, str]:
        """The audit record's ``agent`` field."""
        return {"name": self.name, "version": self.version}


class RefusedRequest(Exception):
    """The gateway cannot answer an agent's request (no such resource or prompt, a server that failed);
    the text says why and goes to the agent."""
