"""What the gateway answers an agent: the served tool list, and each tools/call through the session.

Every call takes the session's one path (``Session.call``): the preflight of exactly these arguments, the
decision with every tier, the question to a person when it asks, the audit record. This module only
translates: the session's record into the result the agent gets. An allowed call returns the server's
result unchanged; one that was not sent returns a tool error (``isError``) saying why, so the agent can tell
its user. A server that died is reported the same way and reconnected in the background.
"""

from __future__ import annotations

import asyncio
import sys
from typing import TYPE_CHECKING, Any

from tui.gateway.consent import CONSENT_KEY, GatewayAnswerer, answering_for, input_required
from tui.gateway.names import PublicNames
from tui.gateway.passthrough import ReadOnlyFeatures
from tui.gateway.progress import relayed_progress
from tui.model.results import CallStatus
from tui.model.servers import ConnectionStatus, ToolInfo
from tui.safety.confirm import ConfirmChoice
from tui.safety.visible_text import visible_line
from tui.session.agents import AgentRequest

if TYPE_CHECKING:
    from tui.session.call_flow import CallRecord
    from tui.session.session import Session


def tool_error(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": True}


class GatewayHandlers(ReadOnlyFeatures):
    def __init__(self, session: Session, answerer: GatewayAnswerer) -> None:
        self.session = session
        self.answerer = answerer
        self._reconnecting: dict[str, asyncio.Task[None]] = {}
        self._reported: set[str] = set()
        self.names = self._names()

    # ---- the tool list ---------------------------------------------------------------------------

    def _names(self) -> PublicNames:
        names = PublicNames.of([s.name for s in self.session.servers], self.session.tools())
        for line in names.left_out:
            if line not in self._reported:  # once per problem, not at every listing
                self._reported.add(line)
                print(f"mcp-tui gateway: {line}", file=sys.stderr, flush=True)
        return names

    def refresh(self) -> None:
        """Rebuild the names after a server listed its tools again."""
        self.names = self._names()

    def list_tools(self) -> list[dict[str, Any]]:
        # The definition exactly as the server sent it (annotations, schemas, _meta), under its public name.
        return [{**tool.raw, "name": public} for public, tool in self.names.tools.items()]

    # ---- one call ----------------------------------------------------------------------------------

    async def call_tool(self, name: str, arguments: dict[str, Any], link: AgentRequest) -> dict[str, Any]:
        tool = self.names.tools.get(name)
        if tool is None:
            return tool_error(
                f"mcp-tui gateway: no tool is served as {visible_line(name)!r}; nothing was sent."
            )
        server = tool.server
        if self.session.state(server).status is not ConnectionStatus.CONNECTED:
            self._reconnect(server)
            return tool_error(
                f"mcp-tui gateway: {server} is not connected ({self.session.state(server).status.value}); "
                "nothing was sent. mcp-tui is reconnecting it: try again shortly."
            )
        current = self.session.find_tool(server, tool.name) or tool
        try:
            if (question := await self._question_first(current, arguments, link)) is not None:
                return question
            async with relayed_progress(link) as progress:
                with answering_for(link):
                    on_progress = progress.put_nowait if link.wants_progress else None
                    record = await self.session.call(
                        current, arguments, on_progress, agent=link.agent, trace_context=link.trace_context
                    )
        except RuntimeError as error:  # the tool changed or vanished under the call: nothing was sent
            return tool_error(f"mcp-tui gateway: not sent: {error}")
        return self._result(record, link)

    async def _question_first(
        self, tool: ToolInfo, arguments: dict[str, Any], link: AgentRequest
    ) -> dict[str, Any] | None:
        """On 2026-07-28 a question goes back as an ``input_required`` result, and the host calls again
        with the answer: that question, when this call would ask and the host has not answered yet.
        Deciding sends nothing and writes nothing; the retry takes the whole path again."""
        if not (link.asks_by_returning and link.can_elicit) or link.answer_to(CONSENT_KEY) is not None:
            return None
        evaluation = await self.session.evaluate(tool, arguments)
        if evaluation.decision.action != "ask":
            return None
        confirm = evaluation.confirm_request(agent=link.agent)
        routes = self.answerer.routes(confirm.grade.grade, link)
        if not routes or routes[0] != "elicitation":
            return None  # an attached mcp-tui asks first (or no one can be asked): the call takes its path
        return input_required(confirm, link)

    def _result(self, record: CallRecord, link: AgentRequest) -> dict[str, Any]:
        outcome, decision = record.outcome, record.decision
        if outcome.status is CallStatus.DENIED:
            return tool_error(self._not_sent(record, link))
        if outcome.status is CallStatus.OK and outcome.raw is not None:
            return outcome.raw
        if outcome.connection_lost:
            self._reconnect(record.tool.server)
            return tool_error(
                f"mcp-tui gateway: {outcome.error} mcp-tui is reconnecting {record.tool.server}; "
                "the call may or may not have taken effect."
            )
        return tool_error(f"mcp-tui gateway: {outcome.error or decision.reason}")

    def _not_sent(self, record: CallRecord, link: AgentRequest) -> str:
        decision, choice = record.decision, record.choice
        reason = decision.reason.rstrip().rstrip(".") + "."  # a sentence, whatever the rule's wording
        if choice is None:
            return f"mcp-tui denied this call (rule {decision.rule}): {reason} Nothing was sent."
        if choice is ConfirmChoice.UNANSWERED:
            why = self.answerer.unreached(record.evaluation.assessment.grade.grade, link)
            return (
                f"Approval needed (rule {decision.rule}): {reason} No one could be asked ({why}). "
                "Nothing was sent."
            )
        return "The person declined this call when asked. Nothing was sent."

    def _reconnect(self, server: str) -> None:
        running = self._reconnecting.get(server)
        if running is not None and not running.done():
            return
        self._reconnecting[server] = asyncio.ensure_future(self.session.reconnect(server))
