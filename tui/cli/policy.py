"""``policy explain`` (each step of the decision order for one call; a preflight, never a call),
``policy check`` (a policy file of any tier: exit 0, or 2 with every problem and its line) and
``approvals list|revoke`` (the remembered approvals in the approvals file)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.cli.arguments import check_arguments, collect_arguments
from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import Request
from tui.cli.records import emit
from tui.cli.session_run import load, run, with_session
from tui.cli.targets import connect, find_tool, only, split_names
from tui.safety.decision_words import decision_line
from tui.safety.visible_text import visible, visible_line

if TYPE_CHECKING:
    from tui.safety.decision import Explained
    from tui.session.call_flow import Evaluation
    from tui.session.session import Session


def policy(request: Request) -> int:
    return _explain(request) if request.action == "explain" else _check(request)


def approvals(request: Request) -> int:
    from tui.session.approval_files import approval_rows, revoke_tool

    if request.action == "list":
        rows, problem = approval_rows()
        if problem is not None:
            raise CliError(Exit.USAGE, problem)
        if request.json:
            emit(rows)
        for row in [] if request.json else rows:
            print(_approval_line(row))
        if not rows and not request.json:
            print("no remembered approvals")
        return 0
    server, tool = request.names
    removed, message = revoke_tool(server, tool)
    if request.json:
        emit({"server": server, "tool": tool, "revoked": removed})
    print(f"mcp-tui: {visible_line(message)}", file=sys.stderr)
    return 0 if removed is not None else int(Exit.USAGE)


def _approval_line(row: dict[str, Any]) -> str:
    parts = [f"{visible_line(row['server'])} / {visible_line(row['tool'])}", f"up to {row['ceiling']}"]
    parts.append(f"since {row['created_at']}")
    if row["expires_at"]:
        parts.append(f"until {row['expires_at']}")
    if row["arguments_hash"]:
        parts.append(f"exactly the arguments {row['arguments_hash'][:12]}")
    return "  ".join(parts)


def _explain(request: Request) -> int:
    startup = load(request)
    server, name = split_names(request.names, startup, "policy explain")
    arguments = collect_arguments(request.args, request.pairs)
    startup = only(startup, server)

    async def body(session: Session) -> int:
        await connect(session, server)
        tool = find_tool(session, server, name)
        check_arguments(tool.input_schema, arguments, tool.name)
        evaluation, steps = await session.explain(tool, arguments)
        if request.json:
            emit(explain_document(evaluation, steps))
        else:
            print("\n".join(explain_lines(evaluation, steps)))
        return 0

    return run(lambda: with_session(startup, body))


def explain_document(evaluation: Evaluation, steps: list[Explained]) -> dict[str, Any]:
    decision = evaluation.decision
    return {
        "decision": decision.action,
        "rule": decision.rule,
        "reason": decision.reason,
        "source": decision.source,
        "location": decision.location,
        "steps": [{"step": s.step, "when": s.summary, "match": s.matched, "note": s.note} for s in steps],
    }


def explain_lines(evaluation: Evaluation, steps: list[Explained]) -> list[str]:
    decision = evaluation.decision
    lines = [
        f"{visible_line(evaluation.tool.server)} / {visible_line(evaluation.tool.name)}",
        f"grade: {evaluation.assessment.grade.grade.label}",
    ]
    for step in steps:
        mark = "match" if step.matched else "no match"
        lines.append(f"{step.step}. {step.summary}: {mark}: {visible(step.note)}")
    where = f", {decision.file} line {decision.line}" if decision.file else ""
    lines.append(f"decision: {decision.action} ({decision.rule}, {decision.source}{where})")
    lines.append(f"in short: {visible_line(decision_line(decision))}")  # as the dialog and the TUI say it
    return lines


def _check(request: Request) -> int:
    from tui.session.policy_check import check_files

    named = Path(request.names[0]).expanduser() if request.names else None
    reports = check_files(named, request.config)
    if request.json:
        emit(reports)
    problems = 0
    for report in reports:
        count = len(report["problems"])
        problems += count
        if not request.json:
            state = "no problems" if not count else f"{count} problem{'s' if count != 1 else ''}"
            print(f"{report['file']} ({report['tier']}): {state}")
        for problem in report["problems"]:
            line = f", line {problem['line']}" if problem["line"] else ""
            print(f"{report['file']}{line}: {problem['message']}", file=sys.stderr)
    return int(Exit.USAGE) if problems else 0
