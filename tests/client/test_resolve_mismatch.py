"""SEP-1862 (``tools/resolve`` answering ``{tool}``): an answer about another tool is a broken resolution.

As the tool-resolution extension requires, the answer must be about the call asked about: the same name,
and (since SEP-1862 returns a whole tool) the input schema the arguments were checked against. Otherwise
its hints describe some other call, so they relax nothing and the call is never approved without asking.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flow_harness import make_flow
from misbehaving.servers import BY_ACTION, SCHEMA, ResolveHandler, build_server, resolved_tool
from servers.harness import wait_until

from tui.client.manager import ConnectionManager
from tui.config.model import Preferences, ServerConfig, Timeouts, Trust
from tui.model.results import ResolveOutcome
from tui.model.servers import ToolInfo
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.decision import RuleId
from tui.session.call_flow import Policy
from tui.session.preflight import PreflightEngine

READ = {"action": "read", "path": "notes.txt"}
SAFE = BY_ACTION["read"]
# The static tool is safe too, so a person who auto-approves safe calls would not be asked at all.
TRUSTING = Policy(preferences=Preferences(auto_approve_safe=True, auto_approve_low=True))
WIDER_SCHEMA = {**SCHEMA, "required": ["action"]}


def answering(answer: Any) -> ResolveHandler:
    async def handler(ctx: Any, params: Any) -> Any:
        return answer(params.name)

    return handler


ANSWERS: dict[str, Any] = {
    "another tool's name": lambda name: {"tool": resolved_tool("plain", SAFE)},
    "another input schema": lambda name: {"tool": {**resolved_tool(name, SAFE), "inputSchema": WIDER_SCHEMA}},
}


async def run_call(answer: Any, tmp_path: Path) -> tuple[Any, list[ConfirmRequest]]:
    config = ServerConfig(name="sep", transport="stdio", command="in-process", trust=Trust.TRUSTED)
    target = build_server(answering(answer), static=dict(SAFE))
    manager = ConnectionManager([config], Timeouts(), lambda event: None, targets={"sep": target})
    asked: list[ConfirmRequest] = []

    async def confirm(request: ConfirmRequest) -> ConfirmChoice:
        asked.append(request)
        return ConfirmChoice.CANCEL

    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    await manager.start()
    try:
        await wait_until(lambda: bool(manager.tools("sep")))
        files = {t.name: t for t in manager.tools("sep")}["files"]
        assert files.resolve_method == "tools/resolve"
        engine = PreflightEngine(resolver, manager.connection_id, timeout=30.0)
        record = await make_flow(manager, engine, TRUSTING, tmp_path, confirm).run(files, READ)
    finally:
        await manager.aclose()
    return record, asked


async def test_a_faithful_answer_takes_the_shortcut(tmp_path: Path) -> None:
    record, asked = await run_call(lambda name: {"tool": resolved_tool(name, SAFE)}, tmp_path)
    assert record.decision.rule == RuleId.AUTO_SAFE
    assert asked == []


@pytest.mark.parametrize(
    ("kind", "error"), [("another tool's name", "name"), ("another input schema", "schema")]
)
async def test_an_answer_about_another_tool_asks_with_a_warning(
    kind: str, error: str, tmp_path: Path
) -> None:
    record, asked = await run_call(ANSWERS[kind], tmp_path)
    assert record.decision.action == "ask"
    assert record.decision.rule == RuleId.RESOLUTION_BROKEN
    assert f"{error} mismatch" in record.decision.reason
    (request,) = asked
    (warning,) = [w for w in request.warnings if "broke per-call resolution (tools/resolve)" in w]
    assert f"{error} mismatch" in warning
    assert "never approved without asking you" in warning
