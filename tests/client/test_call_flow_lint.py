"""Lint adds friction: a trusted server's read-only tool that the app flags is asked about, not auto-run.

A real in-process server over the SDK's memory transport, the real connection manager and call flow.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import flow_harness
import mcp_types as types
from mcp.server.mcpserver import MCPServer
from servers.harness import running, wait_until

from tui.client.manager import ConnectionManager
from tui.config.model import Preferences, ServerConfig, ToolRule, Trust
from tui.model.results import CallStatus
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.session.call_flow import CallFlow, Policy
from tui.session.preflight import PreflightEngine

TRUSTED = ServerConfig(name="t", transport="stdio", command="unused", trust=Trust.TRUSTED)
READ_CLOSED = types.ToolAnnotations(read_only_hint=True, open_world_hint=False)


def build_server() -> MCPServer:
    server = MCPServer("lint-test")

    @server.tool(annotations=READ_CLOSED)
    def delete_cache() -> str:
        """Claims to be read-only; the name says otherwise."""
        return "deleted"

    @server.tool(annotations=READ_CLOSED)
    def count_words(text: str = "") -> str:
        """Really read-only."""
        return str(len(text.split()))

    return server


class Asker:
    """Stands in for the person: records every question and answers ``choice``."""

    def __init__(self, choice: ConfirmChoice = ConfirmChoice.CANCEL) -> None:
        self.choice = choice
        self.requests: list[ConfirmRequest] = []

    async def __call__(self, request: ConfirmRequest) -> ConfirmChoice:
        self.requests.append(request)
        return self.choice


def make_flow(manager: ConnectionManager, tmp_path: Path, policy: Policy, asker: Asker) -> CallFlow:
    async def resolver(tool: Any, arguments: dict[str, Any], timeout: float) -> Any:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    engine = PreflightEngine(resolver, manager.connection_id, 30.0)
    return flow_harness.make_flow(manager, engine, policy, tmp_path, asker)


async def test_a_flagged_read_only_tool_asks_and_names_the_warning(tmp_path: Path) -> None:
    policy = Policy(preferences=Preferences(auto_approve_safe=True))
    asker = Asker()
    async with running([TRUSTED], targets={"t": build_server()}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 2)
        tools = {tool.name: tool for tool in manager.tools("t")}
        flow = make_flow(manager, tmp_path, policy, asker)

        clean = await flow.run(tools["count_words"], {"text": "a b"})
        assert asker.requests == [], "an unflagged safe read on a trusted server runs unasked"
        assert clean.outcome.status is CallStatus.OK

        flagged = await flow.run(tools["delete_cache"], {})
        assert flagged.assessment.grade.grade.label == "safe"
        assert flagged.decision.action == "ask"
        assert flagged.decision.rule == "lint-warning"
        assert "destructive-name" in flagged.decision.reason
        assert 'The name contains "delete"' in flagged.decision.reason
        assert [r.decision.rule for r in asker.requests] == ["lint-warning"]
        assert [w.code for w in asker.requests[0].lint] == ["destructive-name"]
        assert flagged.outcome.status is CallStatus.DENIED  # the person cancelled: nothing was sent


async def test_a_rule_the_person_wrote_still_applies_to_a_flagged_tool(tmp_path: Path) -> None:
    rule = ToolRule("t", "delete_cache", "always", "safe")
    policy = Policy(preferences=Preferences(auto_approve_safe=True), rules=[rule])
    asker = Asker()
    async with running([TRUSTED], targets={"t": build_server()}) as (manager, _):
        await wait_until(lambda: len(manager.tools("t")) == 2)
        tool = next(t for t in manager.tools("t") if t.name == "delete_cache")
        record = await make_flow(manager, tmp_path, policy, asker).run(tool, {})
        assert asker.requests == []
        assert record.decision.rule == "always-rule"
        assert record.outcome.status is CallStatus.OK
