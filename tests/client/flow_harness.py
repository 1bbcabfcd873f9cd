"""A CallFlow wired the way the session wires it, for tests that drive the flow without a session."""

from __future__ import annotations

from pathlib import Path

from tui.client.manager import ConnectionManager
from tui.model.hints import Hints
from tui.model.servers import ToolInfo
from tui.safety.assessment import Assessment, assess
from tui.session.call_flow import CallFlow, Confirm, Policy
from tui.session.preflight import PreflightEngine, PreflightResult
from tui.store.audit_writer import AuditWriter


def make_flow(
    manager: ConnectionManager, engine: PreflightEngine, policy: Policy, tmp_path: Path, confirm: Confirm
) -> CallFlow:
    """No approvals are remembered (the session's settings service does that)."""

    def assess_call(tool: ToolInfo, preflight: PreflightResult | None) -> Assessment:
        override = policy.override(tool.server, tool.name)
        resolved = preflight.effective if preflight is not None else None
        return assess(Hints.from_annotations(tool.annotations), resolved=resolved, override=override)

    return CallFlow(
        manager,
        engine,
        policy,
        assess=assess_call,
        audit=AuditWriter(tmp_path / "audit.jsonl"),
        confirm=confirm,
        remember=lambda *args: (),
    )
