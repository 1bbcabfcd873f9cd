"""Who answers the session's questions for an agent's call: an attached mcp-tui, or the agent's host.

The session asks "may this call run?" as a ``ConfirmCall`` handed to the attached answerer. Each agent
request runs with its ``AgentRequest`` in a context variable, so the answer comes back for this very call.
The routes are tried in the order ``[gateway] ask`` gives (console, then elicitation, by default):

- console: the mcp-tui attached to the gateway last shows its own graded dialog, naming the agent; one that
  goes away before it answers passes the question on to the next route;
- elicitation: a host that declared form elicitation gets a form with the grade, the reasons and the
  arguments exactly as they will be sent: accept allows once, anything else sends nothing. A managed
  ``[gateway] elicitation_up_to`` keeps calls above that grade off this route (a host might answer for
  itself). A 2026-07-28 host has no server-to-client requests: it is asked by an ``input_required`` result
  and answers in its retried call.

With no one reachable the question gets the session's unattended answer ("approval needed"). An agent that
disconnects cancels its request, and with it the pending question, its form or its dialog.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.confirm_choice import REMEMBERED
from tui.safety.grade import Grade
from tui.safety.visible_text import visible, visible_indented, visible_line
from tui.session.agents import AgentRequest
from tui.session.console import ConsoleDesk, ask_order, may_elicit
from tui.session.questions import ConfirmCall, Question, answer_unattended

if TYPE_CHECKING:
    from tui.session.session import Session

_current: ContextVar[AgentRequest | None] = ContextVar("gateway_agent_request", default=None)
TYPED_NAME_FIELD = "tool_name"
CONSENT_KEY = "mcp-tui-consent"
"""The key of the consent question in a 2026-07-28 ``input_required`` result."""
ALLOW_FIELD = "allow"


@contextmanager
def answering_for(request: AgentRequest) -> Iterator[None]:
    """Questions asked while this block runs (in this task) go to ``request``'s host."""
    token = _current.set(request)
    try:
        yield
    finally:
        _current.reset(token)


class GatewayAnswerer:
    """The gateway's answerer: the routes of ``[gateway] ask`` in order, or no one."""

    def __init__(self, session: Session, console: ConsoleDesk | None) -> None:
        self._session = session
        self._console = console
        self._asking: set[asyncio.Task[None]] = set()

    def __call__(self, question: Question) -> None:
        request = _current.get()
        if not isinstance(question, ConfirmCall) or request is None:
            # A server's own elicitation or sampling request: no one to ask.
            answer_unattended(question)
            return
        task = asyncio.ensure_future(self._route(question, request))
        self._asking.add(task)
        task.add_done_callback(self._asking.discard)

        def cancel_asking(answer: asyncio.Future[ConfirmChoice]) -> None:
            if answer.cancelled():  # the agent's request went away: so does its form or dialog
                task.cancel()

        question.answer.add_done_callback(cancel_asking)

    def routes(self, grade: Grade, request: AgentRequest) -> list[str]:
        """The routes that can be tried for a call of ``grade`` now, in order."""
        return [
            route for route in ask_order(self._session.settings) if self._reachable(route, grade, request)
        ]

    def _reachable(self, route: str, grade: Grade, request: AgentRequest) -> bool:
        if route == "console":
            return self._console is not None and self._console.attached
        return request.can_elicit and may_elicit(self._session.settings, grade)

    def unreached(self, grade: Grade, request: AgentRequest) -> str:
        """Why no one could be asked, one clause per route of ``[gateway] ask``."""
        why = []
        for route in ask_order(self._session.settings):
            if route == "console":
                why.append("no mcp-tui is attached to the gateway")
            elif not request.can_elicit:
                why.append("your agent's host does not offer elicitation")
            elif not may_elicit(self._session.settings, grade):
                why.append(
                    f"your team's managed policy does not allow asking through the agent's host about a "
                    f"{grade.label} call ([gateway] elicitation_up_to)"
                )
            else:
                why.append("your agent's host could not ask")
        return "; ".join(why) or "[gateway] ask names no route"

    async def _route(self, question: ConfirmCall, request: AgentRequest) -> None:
        confirm = replace(question.request, agent=question.request.agent or request.agent)
        choice = ConfirmChoice.UNANSWERED
        for route in self.routes(confirm.grade.grade, request):
            if route == "console" and self._console is not None:
                answered = await self._console.ask(confirm)
                if answered is None:
                    continue  # it went away before answering: the next route
                # A remembered choice this call does not offer (critical, an ask rule, a managed limit):
                # the dialog never sends it, so a console that does is not one to take an approval from.
                choice = (
                    ConfirmChoice.CANCEL
                    if (answered in REMEMBERED and answered not in confirm.remembered.choices)
                    else answered
                )
            else:
                choice = await _elicit(confirm, request)
            break
        if not question.answer.done():
            question.answer.set_result(choice)


async def _elicit(confirm: ConfirmRequest, request: AgentRequest) -> ConfirmChoice:
    try:
        if request.asks_by_returning:
            action, content = answer_carried(confirm, request)
        else:
            action, content = await request.elicit(form_message(confirm, request), form_schema(confirm))
    except asyncio.CancelledError:
        raise
    except Exception:
        # The host could not ask after all (it answered with an error, or went away): no one was asked.
        return ConfirmChoice.UNANSWERED
    return choice_of(confirm, action, content)


def answer_carried(confirm: ConfirmRequest, request: AgentRequest) -> tuple[str, dict[str, Any] | None]:
    """A 2026-07-28 host's answer, carried by its retried call. It counts only for the very question it
    answered: the request state is the digest of the form it was shown, and a call whose preflight now
    says something else (another grade, other reasons) was not what the person agreed to."""
    answer = request.answer_to(CONSENT_KEY)
    if answer is None:
        raise LookupError("the retried call carries no answer")
    if request.request_state != form_digest(form_message(confirm, request), form_schema(confirm)):
        raise LookupError("the answer was to another question")
    return answer


def input_required(confirm: ConfirmRequest, request: AgentRequest) -> dict[str, Any]:
    """The ``input_required`` result that asks a 2026-07-28 host the question (wire dict)."""
    message, schema = form_message(confirm, request), form_schema(confirm)
    elicit = {"method": "elicitation/create", "params": {"message": message, "requestedSchema": schema}}
    return {
        "resultType": "input_required",
        "inputRequests": {CONSENT_KEY: elicit},
        "requestState": form_digest(message, schema),
    }


def form_digest(message: str, schema: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps([message, schema], sort_keys=True).encode()).hexdigest()


def choice_of(confirm: ConfirmRequest, action: str, content: dict[str, Any] | None) -> ConfirmChoice:
    """Accept allows once (never "always": the host's form is not the place to change a policy)."""
    if action != "accept":
        return ConfirmChoice.CANCEL
    content = content or {}
    if content.get(ALLOW_FIELD) is False:
        return ConfirmChoice.CANCEL
    if confirm.needs_typed_name and content.get(TYPED_NAME_FIELD) != confirm.tool_name:
        return ConfirmChoice.CANCEL
    return ConfirmChoice.ONCE


def form_schema(confirm: ConfirmRequest) -> dict[str, Any]:
    properties: dict[str, Any] = {
        ALLOW_FIELD: {"type": "boolean", "title": "Allow this call once", "default": True}
    }
    required = [ALLOW_FIELD]
    if confirm.needs_typed_name:
        name = visible_line(confirm.tool_name)
        properties[TYPED_NAME_FIELD] = {
            "type": "string",
            "title": f"This call is critical: type the tool's name ({name}) to allow it",
        }
        required.append(TYPED_NAME_FIELD)
    return {"type": "object", "properties": properties, "required": required}


def form_message(confirm: ConfirmRequest, request: AgentRequest) -> str:
    """The question as the host's user reads it: grade and reasons first, then the exact arguments."""
    agent = request.agent
    lines = [
        f"{visible_line(agent.name)} {visible_line(agent.version)} wants to call "
        f"{visible_line(confirm.tool_title)} ({visible_line(confirm.tool_name)}) on "
        f"{visible_line(confirm.server)} ({confirm.trust}), through mcp-tui.",
        f"Grade: {confirm.grade.grade.label}. {visible_indented(confirm.decision.reason)}",
    ]
    lines += [f"- {visible_line(reason.text)}" for reason in confirm.grade.reasons]
    lines += [f"Changed by resolution: {change.describe()}" for change in confirm.resolution_changes]
    lines += [f"Definition changed: {visible_line(line)}" for line in confirm.definition_changes]
    lines += [f"Warning: {visible_line(warning)}" for warning in confirm.warnings]
    lines += [f"Lint: {visible_line(lint.message)}" for lint in confirm.lint]
    lines.append("Arguments, exactly as they will be sent:")
    lines.append(visible(confirm.arguments_json))
    lines.append("Accept to allow this one call; decline and nothing is sent.")
    return "\n".join(lines)
