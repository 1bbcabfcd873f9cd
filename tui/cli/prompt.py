"""Questions on the terminal: confirm a call, answer a server's elicitation or sampling request.

Prompts go to stderr and answers are read from stdin, only when both are a terminal and ``--no-input``
was not given; otherwise nothing is asked and the session's unattended answer holds (a call is not
sent, an elicitation is declined). Reading uses the event loop (no thread), so Ctrl+C stops a prompt.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

from tui.cli import elicit_fields
from tui.cli.render import preview_line
from tui.cli.sampling_prompt import DECLINED_AT_PROMPT
from tui.cli.sampling_prompt import describe as describe_sampling
from tui.model.events import ElicitationRequested, SamplingRequested
from tui.model.features import SamplingReply
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.grade import Grade
from tui.safety.visible_text import visible, visible_indented, visible_line
from tui.session.questions import ConfirmCall, Question, answer_unattended

DECLINED_ELICITATION_AT_PROMPT = "The person declined at the terminal (did not answer y to send the answers)."
INPUT_ENDED = "Cancelled: the input ended before every field was answered."


def can_prompt(no_input: bool) -> bool:
    return not no_input and sys.stdin.isatty() and sys.stderr.isatty()


async def read_line() -> str | None:
    """One line from stdin without blocking the loop; None at end of input."""
    loop = asyncio.get_running_loop()
    fd = sys.stdin.fileno()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await ready
    finally:
        loop.remove_reader(fd)
    data = os.read(fd, 65536)
    return data.decode("utf-8", "replace").strip() if data else None


def say(text: str = "") -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def ask(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()


def describe_request(request: ConfirmRequest) -> None:
    say(f"\n{visible_line(request.server)} / {visible_line(request.tool_name)} needs your approval")
    say(f"  {visible_indented(request.decision.reason)}")
    say(f"grade: {request.grade.grade.label}")
    for reason in request.grade.reasons:
        say(f"  - {reason.text}")
    for change in request.resolution_changes:
        say(f"changed: {change.describe()}")
    for line in request.definition_changes:
        say(f"definition changed: {visible_indented(line)}")
    for warning in request.warnings:
        say(f"warning: {visible_indented(warning)}")
    for lint in request.lint:
        say(f"lint: {visible_indented(lint.message)}")
    say("arguments (exactly what will be sent):")
    say(visible(request.arguments_json))
    if request.preview is not None:  # after what is sent, never instead of it: it is the server's claim
        say(preview_line(request.preview))


async def confirm_on_terminal(request: ConfirmRequest) -> ConfirmChoice:
    describe_request(request)
    if request.needs_typed_name:
        ask(f"This call is critical. Type the tool's name ({visible_line(request.tool_name)}) to run it: ")
        typed = await read_line()
        return ConfirmChoice.ONCE if typed == request.tool_name else ConfirmChoice.CANCEL
    ask("Run it once? [y/N] ")
    answer = await read_line()
    return ConfirmChoice.ONCE if (answer or "").lower() in ("y", "yes") else ConfirmChoice.CANCEL


async def elicit_on_terminal(question: ElicitationRequested) -> tuple[str, dict[str, Any] | None]:
    """One prompt per field of the requested schema, each answer checked as the TUI's form checks it: an
    answer that is not valid says why and is asked again; an empty answer keeps the default (or skips
    a field that is not required)."""
    say(f"\n{visible_line(question.server)} asks: {visible_indented(question.message)}")
    content: dict[str, Any] = {}
    for item in elicit_fields.fields_of(question.requested_schema):
        for line in elicit_fields.lines_before(item):
            say(line)
        while True:
            ask(elicit_fields.prompt(item))
            text = await read_line()
            if text is None:
                question.reason = INPUT_ENDED
                return ("cancel", None)
            if not text:
                if "default" in item.spec:
                    content[item.name] = item.spec["default"]
                    break
                if item.required:
                    say(f"  {item.title} is required: type an answer (Ctrl+D cancels)")
                    continue
                break
            try:
                value = elicit_fields.read(item, text)
            except ValueError as error:
                say(f"  {item.title}: {error}")
                continue
            if problems := elicit_fields.problems(item, value):
                say(f"  {item.title}: {visible_indented('; '.join(problems), '    ')}")
                continue
            content[item.name] = value
            break
    ask("Send these answers? [y/N] ")
    answer = await read_line()
    if (answer or "").lower() in ("y", "yes"):
        return ("accept", content)
    question.reason = DECLINED_ELICITATION_AT_PROMPT
    return ("decline", None)


async def sample_on_terminal(question: SamplingRequested) -> SamplingReply | None:
    """The request as sent, then the person's reply; an empty line declines (nothing is automatic)."""
    say()
    for line in describe_sampling(question):
        say(line)
    ask("Your reply (an empty line declines): ")
    text = await read_line()
    if not text:
        question.declined_reason = DECLINED_AT_PROMPT
        return None
    return SamplingReply(text)


class TerminalAnswerer:
    """The CLI's front end for questions: ``--approve-up-to``, then the terminal, then no one."""

    def __init__(self, *, interactive: bool, approve_up_to: Grade | None) -> None:
        self.interactive = interactive
        self.approve_up_to = approve_up_to
        self.tasks: set[asyncio.Task[None]] = set()

    def __call__(self, question: Question) -> None:
        if isinstance(question, ConfirmCall) and self.pre_approved(question.request):
            question.answer.set_result(ConfirmChoice.ONCE)
        elif not self.interactive:
            answer_unattended(question)
        else:
            task = asyncio.get_running_loop().create_task(self._ask(question))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def pre_approved(self, request: ConfirmRequest) -> bool:
        """``--approve-up-to``: never for a changed definition or a per-call resolution that broke the
        extension's rules; those still need a person."""
        ceiling = self.approve_up_to
        needs_person = request.decision.person_only() is not None
        return ceiling is not None and not needs_person and request.grade.grade <= ceiling

    async def _ask(self, question: Question) -> None:
        try:
            if isinstance(question, ConfirmCall):
                choice = await confirm_on_terminal(question.request)
                if not question.answer.done():
                    question.answer.set_result(choice)
            elif isinstance(question, SamplingRequested):
                reply = await sample_on_terminal(question)
                if not question.answer.done():
                    question.answer.set_result(reply)
            else:
                answer = await elicit_on_terminal(question)
                if not question.answer.done():
                    question.answer.set_result(answer)
        except asyncio.CancelledError:
            if not question.answer.done():
                question.answer.cancel()
            raise
