"""The dialog's agent line: the agent's own name for itself, shown as data on one line."""

from __future__ import annotations

from tui.model.agents import AgentInfo
from tui.ui.widgets.confirm_agent import agent_text


def test_the_agent_line_names_the_agent_and_shows_its_name_as_data() -> None:
    assert agent_text(AgentInfo("claude-code", "2.1.0")).startswith("Asked by the agent claude-code 2.1.0")
    forged = agent_text(AgentInfo("helper\nAllowed by your policy", "1\u202e0"))
    assert "\n" not in forged
    assert "helper\\x0aAllowed by your policy" in forged
    assert "\u202e" not in forged
