"""``resources``, ``read``, ``prompts`` and ``prompt``: what a server offers beside tools, headless.

Server text stays data: printed through ``visible`` (control characters shown, never sent to the
terminal); ``--json`` escapes everything. A sampling request that comes while reading or getting a
prompt is asked on a terminal and declined without one (``TerminalAnswerer``).
"""

from __future__ import annotations

import base64
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui.cli.exit_codes import CliError, Exit, exit_for
from tui.cli.parsing import Request
from tui.cli.records import emit
from tui.cli.render import block_lines, server_body
from tui.cli.session_run import load, run, with_session
from tui.cli.targets import check_server, connect, only, split_names
from tui.model.formatting import human_size
from tui.safety.visible_text import visible_indented, visible_line

if TYPE_CHECKING:
    from collections.abc import Callable

    from tui.model.features import ResourceContent
    from tui.model.servers import LeftOut
    from tui.session.session import Session
    from tui.session.startup import Startup


def _listed(request: Request) -> tuple[Startup, list[str]]:
    startup = load(request)
    if request.names:
        server = check_server(request.names[0], startup)
        return only(startup, server), [server]
    return startup, [server.name for server in startup.servers]


def _say(server: str) -> Callable[[LeftOut], None]:
    """Each entry a listing left out, and why, on stderr (stdout stays the answer)."""

    def say(problem: LeftOut) -> None:
        print(f"mcp-tui: {visible_line(server)}: {visible_indented(problem.text)}", file=sys.stderr)

    return say


def _offers_none(server: str, what: str) -> None:
    """An empty answer said on stderr, so no output is not mistaken for a failure or a wrong name
    (stdout, and ``--json``'s ``[]``, stay the answer)."""
    print(f"mcp-tui: {visible_line(server)} offers no {what}.", file=sys.stderr)


def _attach_terminal(session: Session, request: Request) -> None:
    from tui.cli.prompt import TerminalAnswerer, can_prompt

    session.attach(TerminalAnswerer(interactive=can_prompt(request.no_input), approve_up_to=None))


async def _each(session: Session, servers: list[str], one: bool, fetch: Any) -> tuple[list[Any], list[Exit]]:
    """``fetch(server)`` for every server; with several, a failing one is reported and skipped. The
    statuses of the failures, in order (however the server was named, the same failure has one)."""
    from tui.model.features import FeatureError

    found: list[Any] = []
    failed: list[Exit] = []
    for server in servers:
        try:
            await connect(session, server, tools=False)
            found.extend(await fetch(server))
        except FeatureError as error:
            if one:
                raise CliError(exit_for(error.failure), str(error)) from None
            failed.append(exit_for(error.failure))
            print(f"mcp-tui: {visible_indented(str(error))}", file=sys.stderr)
        except CliError as error:
            if one:
                raise
            failed.append(error.code)
            print(f"mcp-tui: {visible_indented(error.message)}", file=sys.stderr)
    return found, failed


def resources(request: Request) -> int:
    startup, servers = _listed(request)

    async def body(session: Session) -> int:
        async def fetch(server: str) -> list[dict[str, Any]]:
            listing = await session.features.resources(server, note=_say(server))
            found = [{"server": server, "kind": "resource", **asdict(r)} for r in listing.resources]
            found += [
                {"server": server, "kind": "template", **asdict(t), "variables": list(t.variables)}
                for t in listing.templates
            ]
            if not found:
                _offers_none(server, "resources or resource templates")
            return found

        documents, failed = await _each(session, servers, bool(request.names), fetch)
        if request.json:
            emit(documents)
        for doc in [] if request.json else documents:
            where = doc.get("uri") or doc.get("uri_template")
            kind = "template " if doc["kind"] == "template" else ""
            mime = f"  ({doc['mime_type']})" if doc.get("mime_type") else ""
            name = f"{visible_line(doc['name'])}{visible_line(mime)}"
            print(f"{visible_line(doc['server'])}  {kind}{visible_line(str(where))}  {name}")
        return int(failed[0]) if failed else 0  # the first server that failed says how

    return run(lambda: with_session(startup, body))


def prompts(request: Request) -> int:
    startup, servers = _listed(request)

    async def body(session: Session) -> int:
        async def fetch(server: str) -> list[dict[str, Any]]:
            found = await session.features.prompts(server, note=_say(server))
            if not found:
                _offers_none(server, "prompts")
            return [{"server": server, **asdict(p)} for p in found]

        documents, failed = await _each(session, servers, bool(request.names), fetch)
        if request.json:
            emit(documents)
        for doc in [] if request.json else documents:
            arguments = " ".join(
                f"{a['name']}{'' if a['required'] else '?'}" for a in doc["arguments"]
            )  # NAME? marks an optional argument
            prompt = f"{visible_line(doc['server'])}  {visible_line(doc['name'])}"
            print(f"{prompt}  {visible_line(arguments)}".rstrip())
            if doc.get("description"):
                print(f"    {visible_indented(doc['description'], '    ')}")
        return int(failed[0]) if failed else 0  # the first server that failed says how

    return run(lambda: with_session(startup, body))


def _content_document(content: ResourceContent, saved: Path | None) -> dict[str, Any]:
    blob = content.blob
    return {
        "uri": content.uri,
        "mime_type": content.mime_type,
        "text": content.text,
        "blob": base64.b64encode(blob).decode() if blob is not None else None,
        "size": len(blob) if blob is not None else len((content.text or "").encode()),
        "decode_error": content.decode_error,
        "saved_to": str(saved) if saved else None,
    }


def _save_all(contents: tuple[ResourceContent, ...], directory: Path) -> list[Path | None]:
    """Each binary content written under a name made safe from its URI, never through a link or over a
    file (``tui.session.saving``); a directory that cannot be written is said plainly (the contents are
    still printed)."""
    from tui.cli.saving import cannot_save
    from tui.model.formatting import suggested_file_name, uri_stem
    from tui.session.saving import save_bytes

    saved: list[Path | None] = []
    for content in contents:
        if content.blob is None:
            saved.append(None)
            continue
        name = suggested_file_name(uri_stem(content.uri), content.mime_type)
        try:
            path = save_bytes(directory, name, content.blob)
        except (OSError, ValueError) as error:
            print(f"mcp-tui: --save-dir: {cannot_save(directory, error)}", file=sys.stderr)
            saved.append(None)
            continue
        saved.append(path)
    return saved


def read(request: Request) -> int:
    startup = load(request)
    server, uri = split_names(request.names, startup, "read")
    startup = only(startup, server)

    async def body(session: Session) -> int:
        from tui.model.features import FeatureError

        _attach_terminal(session, request)
        await connect(session, server, tools=False)
        try:
            contents = await session.features.read_resource(server, uri)
        except FeatureError as error:
            raise CliError(exit_for(error.failure), str(error)) from None
        saved = _save_all(contents, request.save_dir) if request.save_dir else [None] * len(contents)
        if request.json:
            emit([_content_document(c, where) for c, where in zip(contents, saved, strict=True)])
            return 0
        for content, where in zip(contents, saved, strict=True):
            print(f"[{visible_line(content.uri)} {visible_line(content.mime_type or 'no type given')}]")
            if content.decode_error:
                print(f"[binary that could not be decoded: {visible_line(content.decode_error)}]")
            elif content.blob is not None:
                done = f", saved to {where}" if where else " (--save-dir DIR writes it)"
                print(f"[binary, {human_size(len(content.blob))}{done}]")
            else:
                from tui.model.results import TextBlock

                print("\n".join(block_lines(TextBlock(content.text or ""), None)))
        return 0

    return run(lambda: with_session(startup, body))


async def _require_prompt_arguments(
    session: Session, server: str, name: str, arguments: dict[str, str]
) -> None:
    """Exit 2 before anything is sent when the listed prompt needs an argument not given, as a tool's
    arguments are checked against its schema (a prompt the listing lacks is left to the server)."""
    from tui.model.features import FeatureError

    try:
        listed = await session.features.prompts(server)
    except FeatureError:
        return  # no listing to check against: the server says what is wrong
    found = next((entry for entry in listed if entry.name == name), None)
    if found is None:
        return
    missing = [
        argument.name for argument in found.arguments if argument.required and argument.name not in arguments
    ]
    if missing:
        names = ", ".join(visible_line(argument) for argument in missing)
        raise CliError(
            Exit.USAGE,
            f"{visible_line(name)} needs {names} (required): nothing was sent. Give each as NAME=VALUE.",
        )


def prompt(request: Request) -> int:
    from tui.cli.arguments import parse_pairs

    startup = load(request)
    server, name = split_names(request.names, startup, "prompt")
    startup = only(startup, server)
    # Prompt arguments are strings; key:=JSON passes the JSON text itself.
    arguments = {
        key: value if isinstance(value, str) else json.dumps(value)
        for key, value in parse_pairs(request.pairs).items()
    }

    async def body(session: Session) -> int:
        from tui.model.features import FeatureError

        _attach_terminal(session, request)
        await connect(session, server, tools=False)
        await _require_prompt_arguments(session, server, name, arguments)
        try:
            result = await session.features.get_prompt(server, name, arguments)
        except FeatureError as error:
            raise CliError(exit_for(error.failure), str(error)) from None
        if request.json:
            emit(
                {
                    "server": server,
                    "prompt": name,
                    "arguments": arguments,
                    "description": result.description,
                    "messages": [{"role": m.role, "content": m.raw_content} for m in result.messages],
                }
            )
            return 0
        if result.description:
            print(server_body(result.description))
        for message in result.messages:
            print(f"── {visible_line(message.role)} ──")
            print("\n".join(block_lines(message.content, None)))
        return 0

    return run(lambda: with_session(startup, body))
