"""``mcp-tui snapshot [SERVER] [-o FILE]`` writes a server's tool list as a baseline; ``mcp-tui diff FILE
[SERVER]`` compares the live list with it: exit 0 the same, 9 changed (risk changes are listed first)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli.exit_codes import CliError, Exit
from tui.cli.parsing import Request
from tui.cli.records import emit
from tui.cli.session_run import load, run, with_session
from tui.cli.targets import check_server, connect, only
from tui.safety.visible_text import visible_line

if TYPE_CHECKING:
    from tui.session.session import Session


def snapshot(request: Request) -> int:
    startup = load(request)
    if request.names:
        server = check_server(request.names[0], startup)
    elif len(startup.servers) == 1:
        server = startup.servers[0].name
    else:
        names = ", ".join(s.name for s in startup.servers) or "none"
        count = len(startup.servers)
        raise CliError(Exit.USAGE, f"there are {count} servers ({names}); name one: mcp-tui snapshot SERVER")
    startup = only(startup, server)

    async def body(session: Session) -> int:
        from tui.session.snapshots import snapshot_document, snapshot_text, write_snapshot

        await connect(session, server)
        tools = session.tools(server)
        if request.output is None:
            sys.stdout.write(snapshot_text(snapshot_document(server, tools)))
            return int(Exit.OK)
        try:
            changed = write_snapshot(request.output, server, tools)
        except OSError as error:
            raise CliError(Exit.USAGE, f"cannot write {request.output}: {error}") from None
        said = "wrote" if changed else "unchanged:"
        print(f"{said} {request.output} ({len(tools)} tools of {visible_line(server)})")
        return int(Exit.OK)

    return run(lambda: with_session(startup, body))


def diff(request: Request) -> int:
    from tui.session.snapshots import SnapshotProblem, read_snapshot

    path = Path(request.names[0]).expanduser()
    try:
        baseline = read_snapshot(path)
    except SnapshotProblem as error:
        raise CliError(Exit.USAGE, str(error)) from None
    startup = load(request)
    server = check_server(request.names[1] if len(request.names) > 1 else baseline["server"], startup)
    startup = only(startup, server)

    async def body(session: Session) -> int:
        from tui.session.snapshots import diff_snapshot

        await connect(session, server)
        changes = diff_snapshot(baseline, session.tools(server))
        if request.json:
            emit({"server": server, "snapshot": str(path), "changes": [c.as_json() for c in changes]})
        elif not changes:
            print(f"{visible_line(server)}: no changes since {path}")
        else:
            for change in changes:
                mark = "risk" if change.risk else change.kind
                print(f"{mark:<8} {visible_line(change.tool)}: {visible_line(change.text)}")
            risky = sum(change.risk for change in changes)
            print(f"{len(changes)} changes since {path} ({risky} riskier)")
        return int(Exit.CHANGED if changes else Exit.OK)

    return run(lambda: with_session(startup, body))
