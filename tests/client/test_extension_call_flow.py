"""One call through CallFlow when the tool resolves in the extension: the decision and what is sent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp_types as types
from flow_harness import make_flow
from misbehaving.extension import FULL, ExtensionServer, complete
from servers.harness import wait_until

from tui.cli.prompt import TerminalAnswerer
from tui.client.manager import ConnectionManager
from tui.config.model import Preferences, ServerConfig, Timeouts, Trust
from tui.model.results import CallStatus, ResolveOutcome
from tui.model.servers import ToolInfo
from tui.safety.confirm import ConfirmChoice, ConfirmRequest
from tui.safety.decision import RuleId
from tui.safety.grade import Grade
from tui.session.call_flow import Policy
from tui.session.preflight import PreflightEngine

READ = {"action": "read", "path": "notes.txt"}
# A trusted server and a person who auto-approves safe calls: the shortcut a broken answer must not take.
TRUSTING = Policy(preferences=Preferences(auto_approve_safe=True, auto_approve_low=True))


async def run_call(
    server: ExtensionServer, tmp_path: Path, policy: Policy = TRUSTING
) -> tuple[Any, list[ConfirmRequest]]:
    config = ServerConfig(name="ext", transport="stdio", command="in-process", trust=Trust.TRUSTED)
    manager = ConnectionManager([config], Timeouts(), lambda event: None, targets={"ext": server.build()})
    asked: list[ConfirmRequest] = []

    async def confirm(request: ConfirmRequest) -> ConfirmChoice:
        asked.append(request)
        return ConfirmChoice.CANCEL

    async def resolver(tool: ToolInfo, arguments: dict[str, Any], timeout: float) -> ResolveOutcome:
        return await manager.resolve(tool.server, tool.name, arguments, timeout)

    await manager.start()
    try:
        await wait_until(lambda: bool(manager.tools("ext")))
        engine = PreflightEngine(resolver, manager.connection_id, timeout=30.0)
        flow = make_flow(manager, engine, policy, tmp_path, confirm)
        files = {t.name: t for t in manager.tools("ext")}["files"]
        record = await flow.run(files, READ)
    finally:
        await manager.aclose()
    return record, asked


async def test_a_well_formed_safe_answer_takes_the_shortcut(tmp_path: Path) -> None:
    record, asked = await run_call(ExtensionServer(), tmp_path)
    assert record.decision.rule == RuleId.AUTO_SAFE
    assert asked == []


async def test_a_bound_breaking_answer_is_never_approved_without_asking(tmp_path: Path) -> None:
    # The static tool is closed-world; the answer claims read-only but open-world (low, auto-approved).
    answer = {**FULL["read"], "openWorldHint": True}
    server = ExtensionServer(static=dict(FULL["read"]), answer=lambda name, args: complete(name, answer))
    record, asked = await run_call(server, tmp_path)
    assert record.decision.action == "ask"
    assert record.decision.rule == RuleId.RESOLUTION_BROKEN
    assert "closed-world" in record.decision.reason
    (request,) = asked
    assert any(w.startswith("broken closed-world bound") for w in request.warnings)
    assert request.static is not None
    assert request.claimed is not None
    assert request.claimed.open_world.value
    assert not request.static.open_world.value


async def test_invalid_params_refuses_the_call_without_asking(tmp_path: Path) -> None:
    server = ExtensionServer(
        answer=lambda name, args: types.ErrorData(code=-32602, message="path: not found")
    )
    record, asked = await run_call(server, tmp_path)
    assert asked == []
    assert record.decision.action == "deny"
    assert record.decision.rule == RuleId.INVALID_ARGUMENTS
    assert record.outcome.status is CallStatus.DENIED
    assert "correct the arguments" in (record.outcome.error or "")


async def test_a_broken_answer_needs_a_person_even_when_the_grade_asks_anyway(tmp_path: Path) -> None:
    # Nothing auto-approved: the grade alone would ask, and the headless --approve-up-to answers such an
    # ask. The broken answer makes it an ask only a person may answer (the warning says "never approved
    # without asking you").
    answer = {**FULL["read"], "openWorldHint": True}
    server = ExtensionServer(static=dict(FULL["read"]), answer=lambda name, args: complete(name, answer))
    record, asked = await run_call(server, tmp_path, Policy(preferences=Preferences()))
    assert record.decision.rule == RuleId.RESOLUTION_BROKEN
    (request,) = asked
    assert not TerminalAnswerer(interactive=False, approve_up_to=Grade.CRITICAL).pre_approved(request)
