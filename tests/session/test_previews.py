"""The server's preview of a call (Display Templates) through the session: live with each argument change,
in the evaluation and the audit record, and never cached across tools/list_changed."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import mcp_types as types
import pytest
from mcp.server.mcpserver import Context, MCPServer
from servers.harness import wait_until

from tui.config.model import AppConfig, ServerConfig
from tui.config.paths import AppPaths
from tui.config.startup import Startup, load_startup
from tui.model.arguments import ArgumentError
from tui.model.display_templates import DISPLAY_TEMPLATES_ID
from tui.safety.confirm import ConfirmChoice
from tui.session.events import ArgumentsEvaluated, SessionEvent
from tui.session.questions import ConfirmCall, Question
from tui.session.session import Session

BOUND = 30.0


@pytest.fixture
async def demo(home: Path) -> AsyncIterator[Session]:
    running = Session(load_startup(config_path=None), interface="cli")
    await running.start()
    try:
        await running.ready("demo", timeout=BOUND)
        yield running
    finally:
        await running.aclose()


async def test_each_argument_change_publishes_the_preview_of_those_arguments(demo: Session) -> None:
    heard: list[ArgumentsEvaluated] = []

    def listen(event: SessionEvent) -> None:
        if isinstance(event, ArgumentsEvaluated):
            heard.append(event)

    demo.subscribe(listen)
    live = demo.live_evaluation()
    files = demo.find_tool("demo", "manage_files")
    assert files is not None

    first = live.change(files, {"action": "delete", "path": "notes.md"})
    assert first is not None
    assert first.preview is not None
    assert (first.preview.text, first.preview.unreferenced) == ("delete notes.md from the sandbox", ())

    second = live.change(files, {"action": "read", "path": "notes.md", "content": "x"})
    assert second is not None
    assert second.preview is not None
    assert second.preview.line == "read notes.md from the sandbox  (+1 argument not in this summary: content)"

    # While the editor holds something that does not parse there is nothing to render.
    broken = live.change(files, {"action": "read"}, [ArgumentError(("path",), "not a string")])
    assert broken is not None
    assert broken.preview is None
    # Every event published carries the preview of its own arguments (the server's answers included).
    await wait_until(lambda: heard[-1].arguments is None, timeout=BOUND)
    assert all((e.preview is None) == (e.arguments is None) for e in heard)
    live.close()


async def test_the_evaluation_and_the_audit_record_carry_the_preview(demo: Session, home: Path) -> None:
    def once(question: Question) -> None:
        if isinstance(question, ConfirmCall):
            assert question.request.preview is not None  # the dialog gets it too
            question.answer.set_result(ConfirmChoice.ONCE)

    demo.attach(once)
    files = demo.find_tool("demo", "manage_files")
    assert files is not None
    arguments = {"action": "append", "path": "notes.md", "content": "hello"}
    evaluation = await demo.evaluate(files, arguments)
    assert evaluation.preview is not None
    assert evaluation.preview.text == "append hello to notes.md in the sandbox"
    record = await demo.call(files, arguments)
    assert record.outcome.ok
    [line] = [json.loads(text) for text in audit_lines(home)]
    assert line["preview"] == "append hello to notes.md in the sandbox"
    assert line["preview_unreferenced"] == []


def audit_lines(home: Path) -> list[str]:
    return [line for path in home.rglob("audit*.jsonl") for line in path.read_text().splitlines() if line]


SERVER = ServerConfig(name="worded", transport="stdio", command="unused-in-process")
WRITES = types.ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)


def worded() -> MCPServer:
    """``act`` previewed as "tidy {path}" until ``reword`` re-lists it as "shred {path}"."""
    server = MCPServer("worded")

    def act(path: str) -> str:
        return f"acted on {path}"

    def listed(template: str) -> None:
        meta = {DISPLAY_TEMPLATES_ID: {"template": template}}
        server.add_tool(act, name="act", annotations=WRITES, meta=meta)

    listed("tidy {path}")

    @server.tool(annotations=WRITES)
    async def reword(ctx: Context) -> str:
        server.remove_tool("act")
        listed("shred {path}")
        await ctx.request_context.session.send_tool_list_changed()
        return "reworded"

    return server


async def test_templates_follow_tools_list_changed_and_a_new_one_suspends_approvals(tmp_path: Path) -> None:
    startup = Startup(paths=AppPaths.under(tmp_path), config=AppConfig(), servers=[SERVER])
    session = Session(startup, interface="cli", targets={"worded": worded()})
    asked: list[ConfirmCall] = []

    def always(question: Question) -> None:
        if isinstance(question, ConfirmCall):
            asked.append(question)
            question.answer.set_result(ConfirmChoice.ALWAYS)

    session.attach(always)
    await session.start()
    try:
        await session.ready("worded", timeout=BOUND)
        opened = session.find_tool("worded", "act")
        assert opened is not None
        live = session.live_evaluation()
        shown = live.change(opened, {"path": "a.txt"})
        assert shown is not None
        assert shown.preview is not None
        assert shown.preview.text == "tidy a.txt"
        assert (await session.call(opened, {"path": "a.txt"})).outcome.ok  # remembered: always
        assert len(asked) == 1
        assert (await session.evaluate(opened, {"path": "a.txt"})).decision.action == "allow"

        reword = session.find_tool("worded", "reword")
        assert reword is not None
        await session.call(reword, {})
        await wait_until(lambda: session.find_tool("worded", "act") != opened, timeout=BOUND)
        now = session.find_tool("worded", "act")
        assert now is not None

        again = live.change(now, {"path": "a.txt"})
        assert again is not None
        assert again.preview is not None
        assert again.preview.text == "shred a.txt"  # the new listing's template, not a cached one
        evaluation = await session.evaluate(now, {"path": "a.txt"})
        assert evaluation.preview is not None
        assert evaluation.preview.text == "shred a.txt"
        # The approval was for the old wording: a changed template is a changed definition.
        assert evaluation.decision.action == "ask"
        assert evaluation.decision.changes == ['display template: "tidy {path}" -> "shred {path}"']
        live.close()
    finally:
        await session.aclose()
