"""``resolve`` (the preflight and the decision; nothing is called) and ``call`` (through the same engine)."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.cli.arguments import check_arguments, collect_arguments
from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import Request
from tui.cli.records import call_document, emit, evaluation_document
from tui.cli.render import evaluation_lines, outcome_lines, preview_line
from tui.cli.session_run import load, run, with_session
from tui.cli.targets import connect, find_tool, only, split_names
from tui.safety.visible_text import visible_indented, visible_line

if TYPE_CHECKING:
    from tui.model.results import Progress
    from tui.model.servers import ToolInfo
    from tui.session.call_flow import CallRecord
    from tui.session.session import Session


def resolve(request: Request) -> int:
    return _run(request, _resolve)


def call(request: Request) -> int:
    return _run(request, _call)


Act = Callable[["Session", "ToolInfo", dict[str, Any], Request], Awaitable[int]]


def _run(request: Request, act: Act) -> int:
    startup = load(request)
    if request.command == "call" and startup.problems:
        # A rule that could not be read might be the one that denies this call: do not guess.
        raise CliError(
            Exit.USAGE, "not calling: fix the configuration problems above first (a rule may be missing)"
        )
    server, name = split_names(request.names, startup, request.command)
    arguments = collect_arguments(request.args, request.pairs)
    startup = only(startup, server)

    async def body(session: Session) -> int:
        await connect(session, server)
        tool = find_tool(session, server, name)
        check_arguments(tool.input_schema, arguments, tool.name)
        return await act(session, tool, arguments, request)

    return run(lambda: with_session(startup, body))


async def _resolve(session: Session, tool: ToolInfo, arguments: dict[str, Any], request: Request) -> int:
    evaluation = await session.evaluate(tool, arguments)
    if request.json:
        emit(evaluation_document(evaluation))
    else:
        print("\n".join(evaluation_lines(evaluation)))
    return 0


async def _call(session: Session, tool: ToolInfo, arguments: dict[str, Any], request: Request) -> int:
    from tui.cli.prompt import TerminalAnswerer, can_prompt
    from tui.safety.grade import Grade

    failed = session.settings.policy.enforced.failed
    if failed is not None:
        # The team's rules could not be read: nothing runs unasked, and headless there is no one to ask.
        raise CliError(Exit.USAGE, f"not calling: the managed policy cannot be read: {failed}")
    ceiling = Grade.parse(request.approve_up_to) if request.approve_up_to else None
    session.attach(TerminalAnswerer(interactive=can_prompt(request.no_input), approve_up_to=ceiling))
    progress = _progress_printer() if sys.stderr.isatty() else None
    record = await session.call(tool, arguments, on_progress=progress)
    if progress is not None:
        sys.stderr.write("\r\x1b[K")
    return _report(record, request)


def _progress_printer() -> Callable[[Progress], None]:
    def show(progress: Progress) -> None:
        total = f"/{progress.total:g}" if progress.total is not None else ""
        message = f" {visible_line(progress.message)}" if progress.message else ""
        sys.stderr.write(f"\r\x1b[K{progress.progress:g}{total}{message}"[:200])
        sys.stderr.flush()

    return show


def exit_status(record: CallRecord) -> Exit:
    from tui.model.results import CallStatus
    from tui.safety.confirm import ConfirmChoice

    outcome = record.outcome
    if outcome.status is CallStatus.DENIED:
        if record.choice is ConfirmChoice.UNANSWERED:
            return Exit.NEEDS_APPROVAL
        if record.choice is ConfirmChoice.CANCEL:
            return Exit.DECLINED
        return Exit.DENIED
    if outcome.status is CallStatus.TIMEOUT:
        return Exit.TIMEOUT
    if outcome.status is CallStatus.CANCELLED:
        return Exit.INTERRUPTED
    if outcome.status is CallStatus.ERROR:
        return Exit.CONNECTION if outcome.connection_lost else Exit.TOOL_ERROR
    return Exit.TOOL_ERROR if outcome.is_error else Exit.OK


def _report(record: CallRecord, request: Request) -> int:
    from tui.model.results import CallStatus
    from tui.session.call_flow import audited_outcome

    outcome = record.outcome
    status, duration_ms, error = audited_outcome(record)
    sent = outcome.status is not CallStatus.DENIED
    code = exit_status(record)
    saved = _save(record, request) if sent else {}
    if request.json:
        emit(call_document(record, status, duration_ms, error))
    else:
        if sent and record.evaluation.preview is not None:
            print(preview_line(record.evaluation.preview))
        for line in outcome_lines(outcome, saved):
            print(line)
    for note in record.notes:
        print(f"mcp-tui: {visible_indented(note)}", file=sys.stderr)
    if code is not Exit.OK and error:
        print(f"mcp-tui: {visible_indented(error)}", file=sys.stderr)
    if code is Exit.NEEDS_APPROVAL and (hint := _approval_hint(record)) is not None:
        print(f"mcp-tui: {hint}", file=sys.stderr)
    return int(code)


BROKEN_RESOLUTION_HINT = (
    "no option can allow this call: the server's answer about it broke the rules of per-call resolution, "
    "so only a person may approve it. Fix the server's tools/resolve answer, or run the call where you "
    "can be asked: on a terminal without --no-input, or in the TUI."
)


def _approval_hint(record: CallRecord) -> str | None:
    """What would let a call that needed approval run; never an option that cannot (``--approve-up-to``
    never covers a changed definition or a broken resolution: ``TerminalAnswerer.pre_approved``)."""
    from tui.safety.decision import RuleId

    if record.decision.rule == RuleId.RESOLUTION_BROKEN:
        return BROKEN_RESOLUTION_HINT
    if (stopped := record.decision.person_only()) is not None:
        return f"only a person can answer this ask, not --approve-up-to: {stopped}"
    grade = record.assessment.grade.grade.label
    return (
        "to be asked, run it on a terminal without --no-input; to allow it once here, add "
        f"--approve-up-to {grade} (this call is {grade})"
    )


def _save(record: CallRecord, request: Request) -> dict[int, Path]:
    if request.save_dir is None:
        return {}
    from tui.cli.saving import save_blocks

    return save_blocks(record.outcome.content, request.save_dir, record.tool.name)
