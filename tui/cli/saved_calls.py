"""``mcp-tui run COLLECTION``: every saved call, in order, through the session's one call path.

One line per call on stdout (``--json``: one JSON record per line), a JUnit report with ``--junit``. The
exit status: 0 when every call ran and every expectation held; 8 when an expectation failed; otherwise
the status of the first call that could not run (3 connection, 4 denied, 5 approval needed, ...).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.cli.exit_codes import CliError, Exit, exit_for
from tui.cli.junit import JUnitCase, junit_xml, write_junit
from tui.cli.parsing import Request
from tui.cli.session_run import load, run, with_session
from tui.safety.visible_text import visible_indented, visible_line

if TYPE_CHECKING:
    from tui.model.collections import Collection, SavedCall
    from tui.session.collections import CallResult, NotRun
    from tui.session.session import Session

_NOT_RUN_EXIT = {
    "unknown-server": Exit.USAGE,
    "unknown-tool": Exit.USAGE,
    "missing-variables": Exit.USAGE,
    "invalid-arguments": Exit.USAGE,
    "connection": Exit.CONNECTION,
    # Like a remembered approval whose tool changed: someone must look first (--accept-changed).
    "definition-changed": Exit.NEEDS_APPROVAL,
}


def collection_path(word: str) -> Path:
    """``word`` as a path, or the name of a collection in ``.mcp-tui/collections/`` (``.toml`` optional)."""
    from tui.model.collections import DEFAULT_COLLECTIONS_DIR

    path = Path(word).expanduser()
    if path.exists() or path.parent != Path("."):
        return path
    named = DEFAULT_COLLECTIONS_DIR / (word if word.endswith(".toml") else f"{word}.toml")
    return named if named.exists() else path


def read(word: str) -> Collection:
    from tui.session.collections import CollectionProblems, read_collection

    try:
        return read_collection(collection_path(word))
    except CollectionProblems as error:
        raise CliError(Exit.USAGE, "\n".join(problem.with_path() for problem in error.problems)) from None


def run_collection(request: Request) -> int:
    from tui.session.collections import select

    collection = read(request.names[0])
    try:
        chosen = select(collection, request.only)
    except KeyError as error:
        raise CliError(Exit.USAGE, f"--only: no call named {error.args[0]} in {collection.path}") from None
    startup = load(request)
    if startup.problems:
        raise CliError(
            Exit.USAGE, "not running: fix the configuration problems above first (a rule may be missing)"
        )
    used = {call.server for call in chosen}
    # Only the servers the chosen calls use: a run never waits for the others.
    startup = replace(startup, servers=[server for server in startup.servers if server.name in used])

    async def body(session: Session) -> int:
        from tui.cli.prompt import TerminalAnswerer, can_prompt
        from tui.safety.grade import Grade
        from tui.session.collections import run_calls

        ceiling = Grade.parse(request.approve_up_to) if request.approve_up_to else None
        session.attach(TerminalAnswerer(interactive=can_prompt(request.no_input), approve_up_to=ceiling))
        results = await run_calls(
            session, chosen, accept_changed=request.accept_changed, on_result=lambda r: _print(r, request)
        )
        return _finish(collection, results, request)

    return run(lambda: with_session(startup, body))


def call_exit(result: CallResult) -> Exit:
    """The status of one saved call: 0 passed, 8 an expectation failed, else why it could not run."""
    from tui.cli.calls import exit_status

    if result.not_run is not None:
        return _not_run_exit(result.not_run)
    if result.sent_and_answered:
        return Exit.EXPECTATION_FAILED if result.failures else Exit.OK
    assert result.record is not None
    return exit_status(result.record)


def _not_run_exit(not_run: NotRun) -> Exit:
    if not_run.kind == "listing" and not_run.failure is not None:
        return exit_for(not_run.failure)
    return _NOT_RUN_EXIT.get(not_run.kind, Exit.USAGE)


def run_exit(results: list[CallResult]) -> Exit:
    codes = [call_exit(result) for result in results]
    if Exit.EXPECTATION_FAILED in codes:
        return Exit.EXPECTATION_FAILED
    return next((code for code in codes if code is not Exit.OK), Exit.OK)


def _why(result: CallResult) -> str:
    """Why a call that did not pass did not: what kept it from running, or what the call path said."""
    if result.not_run is not None:
        return result.not_run.message
    record = result.record
    assert record is not None
    return record.outcome.error or record.decision.reason


def _print(result: CallResult, request: Request) -> None:
    if request.json:
        print(json.dumps(call_record(result), ensure_ascii=False), flush=True)
        return
    call, code = result.call, call_exit(result)
    target = f"{visible_line(call.server)}/{visible_line(call.tool)}"
    name = visible_line(call.name)
    record = result.record
    grade = f"  {record.assessment.grade.grade.label}" if record is not None else ""
    took = f"  {result.duration_s * 1000:.0f} ms" if result.sent_and_answered else ""
    if code is Exit.OK:
        print(f"passed   {name}  {target}{grade}{took}", flush=True)
    elif code is Exit.EXPECTATION_FAILED:
        print(f"failed   {name}  {target}{grade}{took}", flush=True)
        for failure in result.failures:
            print(f"  {visible_indented(failure, '    ')}", flush=True)
    else:
        print(
            f"not run  {name}  {target}{grade}  (exit {int(code)}) {visible_indented(_why(result))}",
            flush=True,
        )
    if result.accepted_change:
        print(f"  note: {visible_indented(result.accepted_change)}", flush=True)


def call_record(result: CallResult) -> dict[str, Any]:
    """``run --json``: one record per call, in the audit record's words where it has them."""
    call, record, code = result.call, result.record, call_exit(result)
    status = "passed" if code is Exit.OK else "failed" if code is Exit.EXPECTATION_FAILED else "not run"
    document: dict[str, Any] = {
        "name": call.name,
        "server": call.server,
        "tool": call.tool,
        "status": status,
        "exit": int(code),
        "failures": list(result.failures),
        "reason": _why(result) if status == "not run" else None,
        "accepted_change": result.accepted_change,
        "grade": None,
        "decision": None,
        "rule": None,
        "duration_ms": None,
    }
    if record is not None:
        document |= {
            "grade": record.assessment.grade.grade.label,
            "decision": record.decision.action,
            "rule": str(record.decision.rule),
            "duration_ms": round(result.duration_s * 1000) if result.sent_and_answered else None,
        }
    return document


def junit_case(result: CallResult) -> JUnitCase:
    call, code = result.call, call_exit(result)
    classname = f"{call.server}.{call.tool}"
    note = result.accepted_change or ""
    if code is Exit.OK:
        return JUnitCase(call.name, classname, result.duration_s, "passed", note=note)
    if code is Exit.EXPECTATION_FAILED:
        details = "\n".join(result.failures)
        return JUnitCase(
            call.name,
            classname,
            result.duration_s,
            "failure",
            result.failures[0],
            details,
            "expectation",
            note,
        )
    kind = result.not_run.kind if result.not_run else Exit(code).name.lower().replace("_", "-")
    return JUnitCase(call.name, classname, result.duration_s, "error", _why(result), kind=kind, note=note)


def _skipped(call: SavedCall) -> JUnitCase:
    return JUnitCase(call.name, f"{call.server}.{call.tool}", 0.0, "skipped", "not chosen with --only")


def _finish(collection: Collection, results: list[CallResult], request: Request) -> int:
    code = run_exit(results)
    if not request.json:
        passed = sum(call_exit(result) is Exit.OK for result in results)
        failed = sum(call_exit(result) is Exit.EXPECTATION_FAILED for result in results)
        not_run = len(results) - passed - failed
        print(f"{len(results)} calls: {passed} passed, {failed} failed, {not_run} not run (exit {int(code)})")
    if request.junit is not None:
        ran = {result.call.name: junit_case(result) for result in results}
        cases = [ran[call.name] if call.name in ran else _skipped(call) for call in collection.calls]
        try:
            write_junit(request.junit, junit_xml(collection.path.stem, cases))
        except OSError as error:
            print(f"mcp-tui: cannot write the JUnit report {request.junit}: {error}", file=sys.stderr)
            return int(code) if code is not Exit.OK else int(Exit.USAGE)
    return int(code)
