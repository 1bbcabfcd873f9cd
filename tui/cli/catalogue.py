"""``servers``, ``tools``, ``show`` and ``audit``: what there is, without calling anything."""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING

from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import Request
from tui.cli.records import emit, server_document, show_document, tool_document
from tui.cli.render import hints_line, tool_lines
from tui.cli.session_run import load, run, with_session
from tui.cli.targets import (
    check_server,
    connect,
    find_tool,
    only,
    report_tool_problems,
    server_failure,
    split_names,
)
from tui.safety.visible_text import visible, visible_indented, visible_line

if TYPE_CHECKING:
    from tui.model.servers import ToolInfo
    from tui.session.session import Session
    from tui.session.tool_query import ToolEntry


def entry_of(session: Session, tool: ToolInfo) -> ToolEntry:
    """The tool list's row for ``tool``: hints (overrides included), grade and lint, as the TUI has it."""
    from tui.session.tool_query import make_entry

    return make_entry(tool, lambda tool: session.assess(tool).hints)


def servers(request: Request) -> int:
    startup = load(request)

    async def body(session: Session) -> int:
        timeouts = session.settings.timeouts
        limit = timeouts.connect + timeouts.request + 5
        with contextlib.suppress(TimeoutError):  # a server still connecting is shown as such
            await session.ready(timeout=limit)
        trust = {server.name: server.trust.value for server in session.servers}
        states = session.states()
        documents = [server_document(state, trust[state.name]) for state in states]
        for state in states:
            report_tool_problems(state)
        if request.json:
            emit(documents)
        for doc in [] if request.json else documents:
            version = doc["protocol_version"] or "-"
            line = f"{visible_line(doc['server'])}  {doc['state']}  protocol {version}  {doc['tools']} tools"
            line += f"  {doc['trust']}"
            print(line + (f"  ({visible_line(doc['error'])})" if doc["error"] else ""))
        # Every server is shown; the status is that of the first one that failed (its row says why).
        failures = [failure for state in states if (failure := server_failure(state)) is not None]
        return int(failures[0].code) if failures else 0

    return run(lambda: with_session(startup, body))


def tools(request: Request) -> int:
    startup = load(request)
    if request.filter:
        from tui.session.tool_query import query_problem

        problem = query_problem(request.filter, [server.name for server in startup.servers])
        if problem is not None:  # it would list nothing: say why, before anything starts
            raise CliError(Exit.USAGE, f"--filter: {visible(problem)}")
    if request.names:
        startup = only(startup, check_server(request.names[0], startup))

    async def body(session: Session) -> int:
        from tui.session.tool_query import filter_tools

        failed: list[Exit] = []
        for server in [server.name for server in startup.servers]:
            try:
                await connect(session, server)
            except CliError as error:
                if request.names:
                    raise
                failed.append(error.code)  # the other servers' tools are still listed
                print(f"mcp-tui: {visible_indented(error.message)}", file=sys.stderr)
        entries = [entry_of(session, tool) for tool in session.tools()]
        if request.filter:
            entries = filter_tools(entries, request.filter)
        if request.json:
            emit([tool_document(entry) for entry in entries])
        else:
            for entry in entries:
                mark = f"  resolvable ({entry.tool.resolve_method})" if entry.tool.resolve_method else ""
                lint = "  lint" if entry.lint else ""
                name = f"{visible_line(entry.tool.server)}/{visible_line(entry.tool.name)}"
                print(f"{entry.grade.label:<8}  {name}{mark}{lint}")
                print(f"          {hints_line(entry.hints)}")
        return int(failed[0]) if failed else 0  # the first server that failed says how

    return run(lambda: with_session(startup, body))


def show(request: Request) -> int:
    startup = load(request)
    server, name = split_names(request.names, startup, "show")
    startup = only(startup, server)

    async def body(session: Session) -> int:
        await connect(session, server)
        tool = find_tool(session, server, name)
        entry, assessment = entry_of(session, tool), session.assess(tool)
        if request.json:
            emit(show_document(entry, assessment))
        else:
            print("\n".join(tool_lines(entry, assessment)))
        return 0

    return run(lambda: with_session(startup, body))


def audit(request: Request) -> int:
    if request.export is not None:
        return _export_audit(request)
    from tui.cli.audit_lines import record_lines
    from tui.session.audit_reading import audit_reader

    log = audit_reader()
    records = log.recent_entries(request.last)
    if log.skipped_lines:
        print(f"mcp-tui: skipped {log.skipped_lines} unreadable lines in {log.path}", file=sys.stderr)
    if request.json:
        from dataclasses import asdict

        # As the log has them: "agent" only on gateway records (a record without one is as it always was).
        documents = [asdict(record) for record in records]
        emit([{k: v for k, v in d.items() if not (k == "agent" and v is None)} for d in documents])
        return 0
    if not records:
        print(f"no audit records yet ({log.path})", file=sys.stderr)
    for record in records:
        print("\n".join(record_lines(record)))
    return 0


def _export_audit(request: Request) -> int:
    from tui.cli.session_run import load
    from tui.session.audit_export import ExportUnavailable, export_audit

    try:
        result = export_audit(load(request), request.since)
    except ExportUnavailable as missing:
        raise CliError(Exit.USAGE, str(missing)) from None
    if result.skipped_lines:
        print(f"mcp-tui: skipped {result.skipped_lines} unreadable lines of the audit log", file=sys.stderr)
    delivery = result.delivery
    print(f"sent {delivery.sent} of {result.chosen} audit records to {result.endpoint}")
    if delivery.lost:
        print(
            f"mcp-tui: {delivery.lost} records were not delivered (is the collector running?)",
            file=sys.stderr,
        )
        return Exit.CONNECTION
    return Exit.OK
